import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { api, callApi, fillLogin, textOf } from "./support/app";
import { seriousViolations } from "./support/axe";
import { chooseOption } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * On the built app: a recruiter's editor opens an applicant and acts on them in
 * the drawer (a new stage with a message to the applicant, then an internal note); the history
 * shows both, the internal one marked; the student reads the message on their timeline and never
 * the internal note; the student uploads a CV on their profile and the recruiter finds it in the
 * drawer. axe checks the drawer and the CV control on a laptop and a phone, in both languages.
 */

const RECRUITER = { email: "recruiter.editor@example.com", site: "recruiter" };
const VIEWER = { email: "recruiter.viewer@example.com", site: "recruiter" };
const STUDENT = { email: "student@example.com", site: "kmc" };

const run = Date.now().toString(36).slice(-5);
const TITLE = `Drawer Internship ${run}`;
const MESSAGE = `Please bring your portfolio on Friday (${run}).`;
const INTERNAL = `Strong portfolio; check references first (${run}).`;
const CV_NAME = `Sita CV ${run}.pdf`;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** A small, well-formed PDF. */
const CV = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

interface HistoryEntry {
  field: string;
  note: string | null;
  internal?: boolean;
}

describe("the applicant drawer: acting on the applicant in view", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let recruiter: Page;
  let student: Page;
  let postingId = 0;
  let applicationId = 0;

  const at = (site: string) => server.origin(site);
  const signedIn = async (account: { email: string; site: string }) => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${at(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };
  const drawerOf = (page: Page) => page.getByTestId("applicant-detail");
  const openApplicant = async (page: Page) => {
    await page.goto(`${at("recruiter")}/admin/job-opportunities/show/${postingId}?a_open=${applicationId}`);
    await drawerOf(page).getByTestId("applicant-profile").waitFor();
    await drawerOf(page).getByTestId("history-entry").first().waitFor();
  };
  /** Switches the interface's language with the header's switcher. */
  const chooseLanguage = async (page: Page, nepali: boolean) => {
    const lang = nepali ? "ne-NP" : "en-US";
    if ((await page.evaluate(() => document.documentElement.lang)) === lang) return;
    await page.getByTestId("language-switcher").first().click();
    await page.locator(`.ant-dropdown-menu-item:has([lang="${nepali ? "ne" : "en"}"])`).click();
    await page.waitForFunction((want) => document.documentElement.lang === want, lang);
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".ant-dropdown")].every((menu) => getComputedStyle(menu).display === "none"),
    );
  };
  /**
   * axe on a screen, on a laptop and a phone, in English and Nepali, with a screenshot of each:
   * `away` is a page to switch the language on (a drawer's mask covers the header), `open` opens
   * the screen and waits for it.
   */
  const checkEverywhere = async (page: Page, name: string, away: string, open: () => Promise<void>) => {
    for (const nepali of [false, true]) {
      // the header's switcher is in the side menu's layout of a laptop
      await page.setViewportSize(e2eConfig.viewport);
      await page.goto(away);
      await page.waitForSelector('[data-testid="side-menu"]');
      await chooseLanguage(page, nepali);
      for (const [size, viewport] of [
        ["laptop", LAPTOP],
        ["phone", PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await open();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${e2eConfig.screenshotsDir}/${name}-${size}-${nepali ? "np" : "en"}.png` });
        expect(await seriousViolations(page), `${name}, ${size}, ${nepali ? "Nepali" : "English"}`).toEqual([]);
      }
    }
    await page.setViewportSize(e2eConfig.viewport);
    await page.goto(away);
    await page.waitForSelector('[data-testid="side-menu"]');
    await chooseLanguage(page, false);
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    recruiter = await signedIn(RECRUITER);
    student = await signedIn(STUDENT);
    // the recruiter's own posting and the student's application to it: nothing shared with other tests
    const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const created = await api<{ id: number }>(recruiter, "POST", "/api/job-opportunities", {
      title: TITLE,
      job_type: "internship",
      deadline,
      publish_status: true,
    });
    postingId = created.id;
    await api(student, "POST", `/api/job-opportunities/${postingId}/apply`, {});
    const rows = await api<{ id: number; email: string }[]>(
      recruiter,
      "GET",
      `/api/applications?job_opportunity_id=${postingId}&_start=0&_end=10`,
    );
    applicationId = rows.find((row) => row.email === STUDENT.email)?.id ?? 0;
    expect(applicationId).toBeGreaterThan(0);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it("the student uploads a PDF CV on their profile, which refuses anything else", async () => {
    await student.goto(`${at("kmc")}/profile`);
    const card = student.getByTestId("profile-cv");
    await card.waitFor();
    expect(await textOf(card.getByTestId("profile-cv-current"))).toBe("You have not uploaded a CV yet.");

    // a PNG with a .pdf name: the server reads its content and refuses it
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await card.locator("input[type=file]").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: png });
    await expect.poll(() => textOf(card.getByTestId("profile-cv-error"))).toBe("Choose a PDF file.");

    const uploaded = student.waitForResponse((response) => response.url().endsWith("/api/profile/cv"));
    await card.locator("input[type=file]").setInputFiles({ name: CV_NAME, mimeType: "application/pdf", buffer: CV });
    expect((await uploaded).status()).toBe(201);
    await expect.poll(() => textOf(card.getByTestId("profile-cv-current"))).toBe(`Your CV: ${CV_NAME}`);
    expect(await card.getByTestId("profile-cv-error").count()).toBe(0);

    // it is there after a reload, with its own download
    await student.reload();
    await student.getByTestId("profile-cv-download").waitFor();
    const download = student.waitForEvent("download");
    await student.getByTestId("profile-cv-download").click();
    expect((await download).suggestedFilename()).toBe(CV_NAME);

    await checkEverywhere(student, "profile-cv", `${at("kmc")}/profile`, async () => {
      await student.getByTestId("profile-cv").scrollIntoViewIfNeeded();
    });
  });

  it("a recruiter's editor sees the applicant's profile and CV, and changes the stage with a message", async () => {
    await openApplicant(recruiter);
    const drawer = drawerOf(recruiter);
    const profile = drawer.getByTestId("applicant-profile");
    expect(await profile.innerText()).toContain(STUDENT.email);
    // the CV the student uploaded, by its name, and it downloads
    const cvButton = drawer.getByTestId("applicant-cv");
    await cvButton.waitFor();
    expect(await textOf(cvButton)).toContain(CV_NAME);
    const download = recruiter.waitForEvent("download");
    await cvButton.click();
    expect((await download).suggestedFilename()).toBe(CV_NAME);

    // a new stage, with a message to the applicant
    const actions = drawer.getByTestId("applicant-actions");
    await actions.waitFor();
    // picked, and picked again until it took: a click while the list still slides in can miss, and Save would send no stage
    const stageSelect = actions.locator(`.ant-select:has(#applicant-${applicationId}-stage)`);
    const picked = stageSelect.locator('.ant-select-selection-item[title="Shortlisted"]');
    for (let attempt = 1; !(await picked.isVisible()); attempt++) {
      if (attempt > 3) throw new Error("the stage select did not take Shortlisted");
      await chooseOption(recruiter, stageSelect, "Shortlisted");
      await picked.waitFor({ timeout: 3_000 }).catch(() => {});
    }
    await actions.getByTestId("applicant-message").fill(MESSAGE);
    const changed = recruiter.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await actions.getByTestId("applicant-save").click();
    expect((await changed).status()).toBe(200);
    await expect.poll(() => textOf(drawer.getByTestId("applicant-current-stage"))).toBe("Shortlisted");
    const stageEntry = drawer.getByTestId("history-entry").filter({ hasText: "Status: New Candidates → Shortlisted" });
    await stageEntry.waitFor();
    expect(await stageEntry.innerText()).toContain(MESSAGE);
    expect(await stageEntry.getAttribute("data-internal")).toBeNull();
    // the message box is empty again, ready for the next
    expect(await actions.getByTestId("applicant-message").inputValue()).toBe("");
  });

  it("the editor writes an internal note on its own, marked as such in the history", async () => {
    await openApplicant(recruiter);
    const drawer = drawerOf(recruiter);
    const actions = drawer.getByTestId("applicant-actions");
    // for staff only (`internal_note`, a note with no change)
    await actions.getByTestId("applicant-internal-note").fill(INTERNAL);
    const noted = recruiter.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await actions.getByTestId("applicant-save").click();
    expect((await noted).status()).toBe(200);
    const internalEntry = drawer.locator('[data-testid="history-entry"][data-internal="true"]', { hasText: INTERNAL });
    await internalEntry.waitFor();
    expect(await textOf(internalEntry.getByTestId("history-internal"))).toBe("Internal note");
    await internalEntry.scrollIntoViewIfNeeded();
    await recruiter.screenshot({ path: `${e2eConfig.screenshotsDir}/applicant-drawer-history.png` });
  });

  it("the company's viewer reads the applicant, their CV and the internal note, and acts on nothing", async () => {
    const viewer = await signedIn(VIEWER);
    await openApplicant(viewer);
    expect(await drawerOf(viewer).getByTestId("applicant-actions").count()).toBe(0);
    expect(await drawerOf(viewer).getByTestId("applicant-cv").count()).toBe(1);
    expect(await drawerOf(viewer).innerText()).toContain(INTERNAL);
  });

  it("a change put back by Undo shows in the history as undone", async () => {
    // A change answers its change_id; an undo within the window writes entries marked undone
    const change = await api<{ data: { change_id: number | null } }>(recruiter, "POST", "/api/applications/bulk", {
      ids: [applicationId],
      attendance: 1,
    });
    expect(change.data.change_id).not.toBeNull();
    await api(recruiter, "POST", `/api/applications/changes/${change.data.change_id}/undo`);
    await openApplicant(recruiter);
    const undone = drawerOf(recruiter).locator('[data-testid="history-entry"][data-undone="true"]');
    await undone.first().waitFor();
    expect(await textOf(undone.first().getByTestId("history-undone"))).toBe("Undone");
    expect(await textOf(drawerOf(recruiter).getByTestId("applicant-current-stage"))).toBe("Shortlisted");
  });

  it("the student reads the message on their timeline, and never the internal note", async () => {
    await student.goto(`${at("kmc")}/job-opportunities?scope=user-taken`);
    const card = student.locator(`[data-testid="learner-card"][data-posting-id="${postingId}"]`);
    await card.getByTestId("stage-timeline").waitFor();
    expect(await textOf(card.getByTestId("application-status"))).toBe("Applied — Shortlisted");
    const timeline = await card.getByTestId("stage-timeline").innerText();
    expect(timeline).toContain(MESSAGE);
    expect(timeline).not.toContain(INTERNAL);
    expect(await student.locator("body").innerText()).not.toContain(INTERNAL);
    // nor in any answer the student's own calls get
    const history = await callApi<HistoryEntry[]>(student, "GET", `/api/applications/${applicationId}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(INTERNAL);
    expect(history.body.some((entry) => entry.note === MESSAGE)).toBe(true);
    const own = await callApi(student, "GET", `/api/applications/${applicationId}`);
    expect(JSON.stringify(own.body)).not.toContain(INTERNAL);
  });

  it("offers no attendance or grade before the event has started", async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const event = await api<{ id: number }>(recruiter, "POST", "/api/learning-events", {
      title: `Drawer Workshop ${run}`,
      event_type: "training",
      start_at: inDays(5),
      end_at: inDays(6),
      grading_type: "percentage",
      publish_status: true,
    });
    await api(student, "POST", `/api/learning-events/${event.id}/apply`, {});
    const rows = await api<{ id: number; email: string }[]>(
      recruiter,
      "GET",
      `/api/applications?learning_event_id=${event.id}&_start=0&_end=10`,
    );
    const id = rows.find((row) => row.email === STUDENT.email)?.id ?? 0;
    await recruiter.goto(`${at("recruiter")}/admin/job-trainings/show/${event.id}?a_open=${id}`);
    const actions = drawerOf(recruiter).getByTestId("applicant-actions");
    await actions.getByTestId("applicant-not-started").waitFor();
    expect(await textOf(actions.getByTestId("applicant-not-started"))).toBe(
      "Attendance and grades can be given once the event has started.",
    );
    expect(await actions.getByTestId("applicant-attendance").count()).toBe(0);
    expect(await actions.getByTestId("applicant-percentage").count()).toBe(0);
    // the stage and the notes are still there
    expect(await actions.getByTestId("applicant-stage").count()).toBe(1);
    expect(await actions.getByTestId("applicant-message").count()).toBe(1);

    // a refusal the server explains field by field shows under that field, and nothing is cleared: a
    // control character pasted into the message is refused by the server, never by the form
    await actions.getByTestId("applicant-message").fill("Pasted from a PDF \u0007 bell");
    await actions.getByTestId("applicant-save").click();
    await expect
      .poll(() => textOf(actions.getByTestId("applicant-error-note")))
      .toBe("Contains characters that are not allowed here.");
    expect(await actions.getByTestId("applicant-message").inputValue()).toBe("Pasted from a PDF \u0007 bell");
  });

  it("axe finds nothing serious in the drawer, on a laptop and a phone, in English and Nepali", async () => {
    const posting = `${at("recruiter")}/admin/job-opportunities/show/${postingId}`;
    await checkEverywhere(recruiter, "applicant-drawer", posting, async () => {
      await openApplicant(recruiter);
      // the screenshot shows the form and the history under it
      await drawerOf(recruiter).getByTestId("applicant-actions").scrollIntoViewIfNeeded();
    });
  });
});
