import { isOpenForApplications } from "@csc/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, callApi, type DemoAccount, origin, signIn, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";

/**
 * The built app: what a learner sees is true. A posting past its
 * registration or deadline says "Registration closed" and offers no Apply (learner cards, its own
 * page, the guests' public page); a completed application leaves "My open applications" and is
 * found under past applications; the learner's "User Management" opens their own account; and a
 * certificate's public page verifies a real code, refuses an unknown one and hands out its PDF,
 * in English and Nepali.
 */

const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const SUPERADMIN: DemoAccount = { email: "superadmin@example.com", site: "" };
const SCREENSHOTS = "/tmp/csc-truths";
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

type Row = { id: number; title?: string } & Record<string, unknown>;
type Application = Row & { certificate_code: string | null };
type Enrolment = Row & { item_type: string; item_id: number; certificate_code: string | null };
type Certificate = { code: string; holder: string; title: string | null; issued_by: string; verify_url: string };

const run = Date.now().toString(36).slice(-5);
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** axe finds nothing serious on the screen as it is now, laptop and phone; a screenshot of each for a person to look at. */
async function checkScreen(page: Page, name: string, entry?: string) {
  for (const [size, viewport] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    // a phone's menu is a closed drawer: its selected entry cannot be waited for there
    await settleScreen(page, size === "laptop" ? entry : undefined);
    await page.screenshot({ path: `${SCREENSHOTS}-${name}-${size}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} on a ${size}`).toEqual([]);
  }
  await page.setViewportSize(LAPTOP);
}

/** A GET from inside the page (its site's cookies and host, as the browser resolves it): status, type and the body's first bytes. */
function fetchIn(page: Page, url: string) {
  return page.evaluate(async (target) => {
    const response = await fetch(target);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      head: String.fromCharCode(...bytes.subarray(0, 5)),
      text: new TextDecoder().decode(bytes),
    };
  }, url);
}

/** Picks Nepali (or English) in the header's language switcher. */
async function chooseLanguage(page: Page, language: "ne" | "en") {
  await page.getByTestId("language-switcher").first().click();
  await page.locator(`.ant-dropdown-menu-item:has([lang="${language}"])`).click();
  await page.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), language);
  // the switcher's own list has closed
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".ant-dropdown")].every((menu) => getComputedStyle(menu).display === "none"),
  );
}

/** A learning event of the provider's for everyone, published, as staff make one. */
async function createEvent(staff: Page, title: string, fields: Record<string, unknown>): Promise<number> {
  const created = await api<Row | { data: Row }>(staff, "POST", "/api/learning-events", {
    title,
    event_type: "workshop",
    start_at: iso(-DAY),
    end_at: iso(10 * DAY),
    access_scope: "all",
    publish_status: true,
    ...fields,
  });
  return "data" in created ? (created.data as Row).id : created.id;
}

describe("what a learner sees is true ", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const fresh = async (locale?: string) => {
    const context = await newContext(browser, locale ? { locale } : {});
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });

  it("a closed posting says 'Registration closed' and offers no Apply on the learner's cards and its page; the API refuses it", async () => {
    const staff = await fresh();
    await signIn(staff, SUPERADMIN);
    // registration closed yesterday, though the event runs for ten more days
    const closedEvent = await createEvent(staff, `Closed registration ${run}`, {
      registration_deadline: iso(-DAY).slice(0, 10),
    });

    const page = await fresh();
    await signIn(page, STUDENT);
    // expired opportunities: not one Apply, each either closed or the student's application
    await page.goto(`${origin("kmc")}/job-opportunities?type=expired`);
    const cards = page.getByTestId("learner-card");
    await cards.first().waitFor();
    expect(await page.getByTestId("apply-button").count()).toBe(0);
    // a card shows its action once the student's applications have arrived; then all are read at once
    const actions = () =>
      page
        .getByTestId("learner-card")
        .evaluateAll((all) =>
          all.map(
            (card) =>
              card.querySelectorAll('[data-testid="registration-closed"]').length +
              card.querySelectorAll('[data-testid="application-status"]').length,
          ),
        );
    await expect.poll(async () => (await actions()).every((count) => count > 0)).toBe(true);
    for (const [index, count] of (await actions()).entries()) expect(count, `card ${index}`).toBe(1);
    const closedCard = page.locator('[data-testid="learner-card"]:has([data-testid="registration-closed"])').first();
    expect(await textOf(closedCard.getByTestId("registration-closed"))).toBe("Registration closed");
    const closedJob = Number(await closedCard.getAttribute("data-posting-id"));
    await checkScreen(page, "expired-cards-en", "job-opportunities");
    await chooseLanguage(page, "ne");
    expect(await textOf(closedCard.getByTestId("registration-closed"))).toBe("दर्ता बन्द भयो");
    await checkScreen(page, "expired-cards-np", "job-opportunities");
    await chooseLanguage(page, "en");

    // its own page says the same, and the server agrees
    await page.goto(`${origin("kmc")}/job-opportunities/show/${closedJob}`);
    await page.getByTestId("registration-closed").waitFor();
    expect(await page.getByTestId("apply-button").count()).toBe(0);
    expect((await callApi(page, "POST", `/api/job-opportunities/${closedJob}/apply`, {})).status).toBe(404);

    // an event still running whose registration has closed: card and page, in English and Nepali
    await page.goto(`${origin("kmc")}/job-trainings/show/${closedEvent}`);
    await page.getByTestId("registration-closed").waitFor();
    expect(await page.getByTestId("apply-button").count()).toBe(0);
    const event = await api<Row>(page, "GET", `/api/learning-events/${closedEvent}`);
    expect(isOpenForApplications("learning-event", event)).toBe(false);
    expect((await callApi(page, "POST", `/api/learning-events/${closedEvent}/apply`, {})).status).toBe(404);
    await checkScreen(page, "closed-event-en", "learning-events");
    await chooseLanguage(page, "ne");
    expect(await textOf(page.getByTestId("registration-closed"))).toBe("दर्ता बन्द भयो");
    await checkScreen(page, "closed-event-np", "learning-events");
    await chooseLanguage(page, "en");
  });

  it("the guests' public page shows 'Registration closed' and no Apply for a posting whose deadline passes while it is open", async () => {
    const probe = await fresh();
    await probe.goto(`${origin("kmc")}/job-opportunities-apply`);
    const listed = await fetchIn(probe, "/api/public/job-opportunities?_start=0&_end=100");
    const rows = (JSON.parse(listed.text) as { data: Row[] }).data;
    const first = rows[0];
    if (!first) throw new Error("the college's public page lists no opportunity");
    // the browser's clock a day and a half past the first deadline: that posting has closed since the list was made
    const later = new Date(`${String(first.deadline)}T00:00:00.000Z`).getTime() + 1.5 * DAY;
    const page = await fresh();
    await page.clock.setFixedTime(later);
    await page.goto(`${origin("kmc")}/job-opportunities-apply`);
    await page.getByTestId("learner-card").first().waitFor();
    for (const row of rows.slice(0, 12)) {
      const card = page.locator(`[data-testid="learner-card"][data-posting-id="${row.id}"]`);
      const open = isOpenForApplications("job-opportunity", row, new Date(later));
      expect(await card.getByTestId("apply-button").count(), `posting ${row.id}`).toBe(open ? 1 : 0);
      expect(await card.getByTestId("registration-closed").count(), `posting ${row.id}`).toBe(open ? 0 : 1);
    }
    const closedCard = page.locator(`[data-testid="learner-card"][data-posting-id="${first.id}"]`);
    expect(await textOf(closedCard.getByTestId("registration-closed"))).toBe("Registration closed");
    await checkScreen(page, "public-closed-en");
    await chooseLanguage(page, "ne");
    expect(await textOf(closedCard.getByTestId("registration-closed"))).toBe("दर्ता बन्द भयो");
    await checkScreen(page, "public-closed-np");

    // a link to apply to a posting that has closed says so instead of opening a form
    const student = await fresh();
    await signIn(student, STUDENT);
    const [expired] = await api<Row[]>(student, "GET", "/api/job-opportunities?type=expired&_start=0&_end=1");
    if (!expired) throw new Error("no expired opportunity");
    const guest = await fresh();
    await guest.goto(`${origin("kmc")}/job-opportunities-apply?apply=${expired.id}`);
    await guest.getByTestId("apply-link-closed").waitFor();
    expect(await guest.locator(".ant-modal").count()).toBe(0);
  });

  it("a completed application leaves 'My open applications' and is found under past applications", async () => {
    const staff = await fresh();
    await signIn(staff, SUPERADMIN);
    const completedEvent = await createEvent(staff, `Completed ${run}`, {});
    const waitingEvent = await createEvent(staff, `Waiting ${run}`, {});

    const page = await fresh();
    await signIn(page, STUDENT);
    const completed = await api<Application>(page, "POST", `/api/learning-events/${completedEvent}/apply`, {});
    const waiting = await api<Application>(page, "POST", `/api/learning-events/${waitingEvent}/apply`, {});
    // staff mark the first complete; it stays in its stage (New Candidate), which alone says nothing is decided
    await api(staff, "POST", "/api/applications/bulk", { ids: [completed.id], attendance: 1 });
    await api(staff, "POST", "/api/applications/bulk", { ids: [completed.id], completion_status: "complete" });
    const now = await api<Application>(page, "GET", `/api/applications/${completed.id}`);
    expect(now).toMatchObject({ stage: "new_candidate", completion_status: "complete" });

    await page.goto(`${origin("kmc")}/dashboard`);
    const home = page.getByTestId("home-applications");
    await home.locator(`[data-application-id="${waiting.id}"]`).waitFor();
    expect(await home.locator(`[data-application-id="${completed.id}"]`).count()).toBe(0);
    await checkScreen(page, "home-open-applications-en", "dashboard");
    await chooseLanguage(page, "ne");
    await checkScreen(page, "home-open-applications-np", "dashboard");
    await chooseLanguage(page, "en");

    // "All my applications": the completed one under past applications, the waiting one under open
    await home.locator(".csc-home__more").click();
    await page.waitForURL((url) => url.searchParams.get("scope") === "user-taken");
    await page.goto(`${origin("kmc")}/job-trainings?scope=user-taken`);
    const past = page.getByTestId("my-applications-past");
    await past.locator(`[data-application-id="${completed.id}"]`).waitFor();
    expect(
      await page.getByTestId("my-applications-open").locator(`[data-application-id="${waiting.id}"]`).count(),
    ).toBe(1);
    expect(await past.locator(`[data-application-id="${waiting.id}"]`).count()).toBe(0);
    await checkScreen(page, "taken-by-me-en", "learning-events");
    await chooseLanguage(page, "ne");
    await page.getByText("विगतका आवेदनहरू").first().waitFor();
    await checkScreen(page, "taken-by-me-np", "learning-events");
    await chooseLanguage(page, "en");
  });

  it("the learner's User Management entry opens their own account page, not a table of users", async () => {
    const page = await fresh();
    await signIn(page, STUDENT);
    await page.locator('[data-testid="side-menu"] li[data-menu-name="users"]').click();
    await page.waitForURL((url) => url.pathname === "/account");
    await page.getByTestId("learner-account").waitFor();
    expect(await textOf(page.getByTestId("account-email"))).toBe(STUDENT.email);
    expect(await page.locator(".ant-table").count()).toBe(0);
    expect(await page.getByTestId("password-submit").count()).toBe(1);
    await checkScreen(page, "account-en", "users");
    // the language is chosen here too
    await page.getByTestId("account-language").getByText("नेपाली").click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith("ne"));
    expect(await textOf(page.locator(".csc-page-header__title"))).toBe("मेरो खाता");
    await checkScreen(page, "account-np", "users");
    await page.getByTestId("account-language").getByText("En").click();
  });

  it("/certificates/{code} verifies the learner's real certificate and refuses an unknown code, in English and Nepali, with its PDF", async () => {
    const student = await fresh();
    await signIn(student, STUDENT);
    const enrolments = await api<Enrolment[]>(student, "GET", "/api/enrolments");
    const held = enrolments.find((enrolment) => enrolment.certificate_code);
    if (!held?.certificate_code) throw new Error("the student holds no certificate");
    const code = held.certificate_code;
    const profile = await api<{ data: { full_name: string } }>(student, "GET", "/api/profile");
    const facts = (await api<{ data: Certificate }>(student, "GET", `/api/public/certificates/${code}`)).data;
    expect(facts.holder).toBe(profile.data.full_name);

    // the learner's card links to both
    const kindPath = {
      course: "/courses?view=mine",
      "enrichment-program": "/courses?view=mine&kind=enrichment-programs",
      "career-roadmap": "/career-roadmap?view=mine",
    };
    await student.goto(`${origin("kmc")}${kindPath[held.item_type as keyof typeof kindPath] ?? "/courses?view=mine"}`);
    await student.getByTestId("certificate-page-link").first().waitFor();
    const pageLinks = await student
      .getByTestId("certificate-page-link")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")));
    expect(pageLinks).toContain(`/certificates/${encodeURIComponent(code)}`);
    const pdfLinks = await student
      .getByTestId("certificate-pdf-link")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")));
    expect(pdfLinks).toContain(`/api/public/certificates/${encodeURIComponent(code)}.pdf?lang=en-US`);

    // anyone, signed out, on the issuing site
    const guest = await fresh();
    await guest.goto(facts.verify_url);
    await guest.getByTestId("certificate-verified").waitFor();
    expect(await textOf(guest.getByTestId("certificate-holder"))).toBe(facts.holder);
    expect(await textOf(guest.getByTestId("certificate-issued-by"))).toBe(facts.issued_by);
    expect(await textOf(guest.getByTestId("certificate-code"))).toBe(code);
    expect(await textOf(guest.locator("h1"))).toBe("Certificate verification");
    const pdf = async (language: string) => {
      const href = await guest.getByTestId("certificate-pdf-link").getAttribute("href");
      expect(href).toBe(`/api/public/certificates/${encodeURIComponent(code)}.pdf?lang=${language}`);
      const answer = await fetchIn(guest, href ?? "");
      expect(answer.status).toBe(200);
      expect(answer.type).toBe("application/pdf");
      expect(answer.head).toBe("%PDF-");
    };
    await pdf("en-US");
    await checkScreen(guest, "certificate-en");

    await chooseLanguage(guest, "ne");
    expect(await textOf(guest.locator("h1"))).toBe("प्रमाणपत्र प्रमाणीकरण");
    expect(await textOf(guest.getByTestId("certificate-holder"))).toBe(facts.holder);
    await pdf("np-NP");
    await checkScreen(guest, "certificate-np");

    // an unknown code: said plainly, in both languages
    const unknown = `NOPE${run.toUpperCase()}`;
    expect(
      (await guest.request.get(`${new URL(facts.verify_url).origin}/api/public/certificates/${unknown}`)).status(),
    ).toBe(404);
    await guest.goto(`${new URL(facts.verify_url).origin}/certificates/${unknown}`);
    await guest.getByTestId("certificate-unknown").waitFor();
    expect(await textOf(guest.getByTestId("certificate-unknown"))).toContain("यो कोड भएको कुनै प्रमाणपत्र छैन।");
    expect(await guest.getByTestId("certificate-pdf-link").count()).toBe(0);
    await checkScreen(guest, "certificate-unknown-np");
    await chooseLanguage(guest, "en");
    expect(await textOf(guest.getByTestId("certificate-unknown"))).toContain("No certificate has this code.");
    await checkScreen(guest, "certificate-unknown-en");

    // a certificate an institution issued is verified on its own site, in its colours
    const applications = await api<Application[]>(student, "GET", "/api/applications?_start=0&_end=200");
    const fromCollege: Certificate[] = [];
    for (const application of applications.filter((row) => row.certificate_code)) {
      const found = await api<{ data: Certificate }>(
        student,
        "GET",
        `/api/public/certificates/${application.certificate_code}`,
      );
      if (new URL(found.data.verify_url).hostname.startsWith("kmc.")) fromCollege.push(found.data);
    }
    const college = fromCollege[0];
    if (!college) throw new Error("the student holds no certificate the college issued");
    await guest.goto(college.verify_url);
    await guest.getByTestId("certificate-verified").waitFor();
    expect(await textOf(guest.getByTestId("certificate-issued-by"))).toBe("Kathmandu Model College");
    expect(await textOf(guest.locator(".csc-public-apply__site"))).toBe("Kathmandu Model College");
    await checkScreen(guest, "certificate-college");

    // the learner's own link opens the page
    await student.getByTestId("certificate-page-link").first().click();
    await student.waitForURL((url) => url.pathname.startsWith("/certificates/"));
    await student.getByTestId("certificate-verified").waitFor();
  });
});
