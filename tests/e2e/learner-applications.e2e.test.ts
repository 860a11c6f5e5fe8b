import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { callApi, type DemoAccount, origin, settledDialog, signIn, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { expectToast, fieldError, fillField } from "./support/resources";

const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const SUPERADMIN: DemoAccount = { email: "superadmin@example.com", site: "" };

/** Unique to this run, so that reruns against the same data never clash. */
const run = Date.now().toString(36).slice(-5);

const SCREENSHOTS = "/tmp/csc-learner";

/** The bar for every screen: axe finds nothing serious or critical once the screen has settled. */
async function expectAccessible(page: Page, entry?: string) {
  await settleScreen(page, entry);
  expect(await seriousViolations(page)).toEqual([]);
}

const card = (page: Page, id: number): Locator => page.locator(`[data-testid="learner-card"][data-posting-id="${id}"]`);
const postingIdOf = async (locator: Locator) => Number(await locator.getAttribute("data-posting-id"));

describe("learners apply through cards; guests through the public pages", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await newContext(browser);
    page = await context.newPage();
  });

  it("a student applies on a card, is refused a second time with the server's message, follows the application under Taken by me and withdraws it", async () => {
    await signIn(page, STUDENT);
    await page.goto(`${origin("kmc")}/job-opportunities?type=current`);
    const open = page.locator('[data-testid="learner-card"]:has([data-testid="apply-button"])');
    await open.nth(1).waitFor();
    // cards, never the console's table
    expect(await page.locator(".ant-table").count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}-cards.png`, fullPage: true });
    await expectAccessible(page, "job-opportunities");

    const firstId = await postingIdOf(open.nth(0));
    const secondId = await postingIdOf(open.nth(1));

    // apply on the first card
    await card(page, firstId).getByTestId("apply-button").click();
    await settledDialog(page);
    await page.getByTestId("apply-confirm").click();
    await expectToast(page, /You applied to/);
    await expect
      .poll(() => textOf(card(page, firstId).getByTestId("application-status")))
      .toBe("Applied — New Candidates");
    expect(await card(page, firstId).getByTestId("apply-button").count()).toBe(0);

    // a second application to the same posting: 409 with a message
    const again = await callApi(page, "POST", `/api/job-opportunities/${firstId}/apply`, {});
    expect(again.status).toBe(409);
    const refusal = (again.body as { message: string }).message;
    expect(refusal).toBe("You have already applied to this.");

    // the second posting is applied to behind this page's back: its Apply meets the server's refusal
    expect((await callApi(page, "POST", `/api/job-opportunities/${secondId}/apply`, {})).status).toBe(201);
    await card(page, secondId).getByTestId("apply-button").click();
    await settledDialog(page);
    const answer = page.waitForResponse((response) => response.url().endsWith(`/job-opportunities/${secondId}/apply`));
    await page.getByTestId("apply-confirm").click();
    expect((await answer).status()).toBe(409);
    await card(page, secondId).getByTestId("apply-refused").waitFor();
    expect(await textOf(card(page, secondId).getByTestId("apply-refused"))).toBe(refusal);
    await expectToast(page, refusal);
    await expect
      .poll(() => textOf(card(page, secondId).getByTestId("application-status")))
      .toBe("Applied — New Candidates");

    // Taken by me: the application's stage and timeline, and Withdraw while nobody has decided
    await page.getByTestId("learner-scope").getByText("Taken by Me").click();
    await page.waitForURL((url) => url.searchParams.get("scope") === "user-taken");
    const mine = card(page, firstId);
    await mine.getByTestId("stage-timeline").waitFor();
    expect(await textOf(mine.getByTestId("application-status"))).toBe("Applied — New Candidates");
    await expect.poll(() => mine.getByTestId("stage-timeline").innerText()).toContain("Applied — New Candidates");
    await page.screenshot({ path: `${SCREENSHOTS}-mine.png`, fullPage: true });
    await expectAccessible(page, "job-opportunities");

    await mine.getByTestId("withdraw-button").click();
    await (await settledDialog(page)).locator(".ant-modal-footer .ant-btn-dangerous").click();
    await expectToast(page, /was withdrawn/);
    await expect.poll(() => textOf(mine.getByTestId("application-status"))).toBe("Withdrawn");
    await expect.poll(() => mine.getByTestId("stage-timeline").innerText()).toContain("Withdrawn");
    expect(await mine.getByTestId("withdraw-button").count()).toBe(0);
    // the API agrees: withdrawn, and not again
    const history = await callApi(page, "GET", `/api/applications?job_opportunity_id=${firstId}`);
    const [application] = history.body as { id: number; withdrawn_at: string | null }[];
    expect(application?.withdrawn_at).toBeTruthy();
    expect((await callApi(page, "POST", `/api/applications/${application?.id}/withdraw`)).status).toBe(409);
  });

  it("the learner's own tabs and scopes answer with cards or an empty state: Suggested, My Preferences", async () => {
    await signIn(page, STUDENT);
    await page.goto(`${origin("kmc")}/job-opportunities?type=current`);
    await page.getByTestId("learner-card").first().waitFor();
    const listed = (query: string) =>
      page.waitForResponse(
        (response) => response.url().includes("/api/job-opportunities?") && response.url().includes(query),
      );
    let answer = listed("type=suggested");
    await page.getByRole("tab", { name: "Suggested" }).click();
    expect((await answer).status()).toBe(200);
    answer = listed("scope=user-preference");
    await page.getByTestId("learner-scope").getByText("My Preferences").click();
    expect((await answer).status()).toBe(200);
    await page.locator('[data-testid="learner-card"], [data-testid="resource-empty"]').first().waitFor();
    expect(await page.getByTestId("resource-error").count()).toBe(0);
  });

  it("a posting's card opens its page with the description", async () => {
    await signIn(page, STUDENT);
    await page.goto(`${origin("kmc")}/job-opportunities?type=current`);
    const first = page.getByTestId("learner-card").first();
    await first.waitFor();
    const title = await textOf(first.locator(".csc-posting__title"));
    await first.locator(".csc-posting__title a").click();
    await page.waitForURL(/\/job-opportunities\/show\/\d+$/);
    await page.locator(".csc-posting--detail").waitFor();
    expect(await textOf(page.locator(".csc-page-header__title"))).toBe(title);
    expect(await page.locator(".csc-posting--detail .csc-richtext").count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS}-detail.png`, fullPage: true });
    await expectAccessible(page, "job-opportunities");
  });

  it("a guest applies on the public page: a bad phone is refused under its field, a good one is received, the same e-mail again is answered alike", async () => {
    await page.goto(`${origin("kmc")}/job-opportunities-apply`);
    await page.getByTestId("public-apply").waitFor();
    const first = page.getByTestId("learner-card").first();
    await first.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-public.png`, fullPage: true });
    await expectAccessible(page);
    const postingId = await postingIdOf(first);
    const email = `guest.${run}@example.com`;

    const fillGuest = async (phone: string) => {
      await card(page, postingId).getByTestId("apply-button").click();
      await settledDialog(page);
      await page.getByTestId("as-guest").click();
      await fillField(page, "full_name", "Guest Applicant");
      await fillField(page, "email", email);
      await fillField(page, "contact_number", phone);
      await fillField(page, "profession", "Accountant");
    };

    await fillGuest("call me");
    await page.getByTestId("guest-submit").click();
    await fieldError(page, "contact_number").waitFor();
    expect(await textOf(fieldError(page, "contact_number"))).toBe(
      "Phone number may contain only digits, spaces, plus, minus and parentheses.",
    );
    await page.screenshot({ path: `${SCREENSHOTS}-guest-error.png`, fullPage: true });
    await expectAccessible(page);

    await fillField(page, "contact_number", "+977 (1) 555-0101");
    const sent = page.waitForResponse((response) =>
      response.url().endsWith(`/public/job-opportunities/${postingId}/apply`),
    );
    await page.getByTestId("guest-submit").click();
    const received = await sent;
    expect(received.status()).toBe(201);
    const { message } = (await received.json()) as { message: string };
    await page.getByTestId("apply-success").waitFor();
    expect(await textOf(page.getByTestId("apply-success").locator(".ant-result-title"))).toBe(message);
    await page.locator(".ant-modal-footer .ant-btn-primary").click();

    // the same e-mail again: the page answers as for a new application (it must not tell who
    // applied); the address's owner is told by mail
    await fillGuest("+977 1 555 0102");
    const resent = page.waitForResponse((response) =>
      response.url().endsWith(`/public/job-opportunities/${postingId}/apply`),
    );
    await page.getByTestId("guest-submit").click();
    const again = await resent;
    expect(again.status()).toBe(201);
    expect(await again.json()).toEqual({ message });
    await page.getByTestId("apply-success").waitFor();
    expect(await textOf(page.getByTestId("apply-success").locator(".ant-result-title"))).toBe(message);
    expect(await page.getByTestId("guest-refused").count()).toBe(0);
  });

  it("signed out, 'Sign in to apply' goes to sign-in and comes back to the same posting", async () => {
    await page.goto(`${origin("kmc")}/job-opportunities-apply`);
    const first = page.getByTestId("learner-card").first();
    await first.waitFor();
    const postingId = await postingIdOf(first);
    await first.getByTestId("apply-button").click();
    await settledDialog(page);
    await page.getByTestId("sign-in-to-apply").click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("to")).toBe(`/job-opportunities-apply?apply=${postingId}`);
    const form = page.locator("form#login");
    await form.locator("#login_email").fill(STUDENT.email);
    await form.locator("#login_password").fill(e2eConfig.demoPassword);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname === "/job-opportunities-apply");
    // straight on to that posting's application, with the account
    await page.getByTestId("account-apply").waitFor();
  });

  it("the public page of a site lists exactly the published, open postings that site may show", async () => {
    // what the provider's staff see of every opportunity: owner, scope, publish flag, deadline
    await signIn(page, SUPERADMIN);
    const everything: Record<string, unknown>[] = [];
    for (let start = 0; ; start += 100) {
      const chunk = await callApi(
        page,
        "GET",
        `/api/job-opportunities?_start=${start}&_end=${start + 100}&type=current`,
      );
      expect(chunk.status).toBe(200);
      const rows = chunk.body as Record<string, unknown>[];
      everything.push(...rows);
      if (rows.length < 100) break;
    }
    const institutionId = async (site: string) =>
      ((await callApi(page, "GET", `/api/public/institutions/by-subdomain/${site}`)).body as { data: { id: number } })
        .data.id;
    const kmcId = await institutionId("kmc");
    const himalId = await institutionId("himal");
    // `all` everywhere; `local` (and an institution's `default`) only on its own site
    const mayShow = (row: Record<string, unknown>, siteInstitution: number) =>
      Boolean(row.publish_status) &&
      (row.access_scope === "all" ||
        (row.access_scope === "default" && row.institution_id === null) ||
        row.institution_id === siteInstitution);
    const expected = (siteInstitution: number) =>
      everything
        .filter((row) => mayShow(row, siteInstitution))
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
    // the demo data has something for one site that the other must not show
    expect(everything.some((row) => mayShow(row, himalId) && !mayShow(row, kmcId))).toBe(true);

    for (const [site, id] of [
      ["kmc", kmcId],
      ["himal", himalId],
    ] as const) {
      const visitor = await context.newPage();
      await visitor.goto(`${origin(site)}/job-opportunities-apply`);
      await visitor.getByTestId("public-apply").waitFor();
      const listed = await callApi(visitor, "GET", "/api/public/job-opportunities");
      expect(listed.status).toBe(200);
      const ids = (listed.body as { data: { id: number }[] }).data.map((row) => row.id).sort((a, b) => a - b);
      expect(ids, site).toEqual(expected(id));
      // the page shows what the API lists (its first page of cards)
      await visitor.getByTestId("learner-card").first().waitFor();
      const shown = await visitor
        .getByTestId("learner-card")
        .evaluateAll((cards) => cards.map((element) => Number(element.getAttribute("data-posting-id"))));
      expect(shown.every((posting) => ids.includes(posting))).toBe(true);
      await visitor.close();
    }
  });
});
