import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mailbox, startMailbox } from "../../apps/api/test/mailbox";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, settledDialog, textOf } from "./support/app";
import { seriousViolations } from "./support/axe";
import { type RunningServer, startServer } from "./support/server";

/**
 * A guest applies on a college's public page; the receipt that reaches their
 * mailbox (a real SMTP server: the outbox keeps no token) carries a private link; it opens a
 * read-only page of the application's stage and timeline, in English and in Nepali, clean under
 * axe on a laptop and a phone.
 */

const GUEST = { name: "Sita Gurung", email: `sita.${Date.now().toString(36)}@example.org`, phone: "9841234567" };
const NOTE = "Please bring your citizenship card.";
const WIDTHS = [
  { name: "laptop", width: 1366, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

let mailbox: Mailbox;
let server: RunningServer;
let browser: Browser;
let statusUrl = "";

async function shot(page: Page, name: string) {
  mkdirSync(e2eConfig.screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(e2eConfig.screenshotsDir, `${name}.png`), fullPage: true });
}

/** The private link of the receipt that reached the guest, waiting for it. */
async function receiptLink(): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const mail = mailbox.received.find((m) => m.to.includes(GUEST.email));
    const link = mail ? /https?:\/\/\S+\/applications\/status\/[\w-]+/.exec(mail.text)?.[0] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no receipt with a status link reached ${GUEST.email}`);
}

async function expectCleanAtEveryWidth(page: Page, language: string) {
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.getByTestId("stage-timeline").waitFor();
    expect(await seriousViolations(page), `${language} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${language} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await shot(page, `guest-status-${language}-${name}`);
  }
}

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ SMTP_URL: mailbox.url });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

describe("a guest's private status page", () => {
  it("comes in the receipt of a guest's application, on the college's site", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.origin("kmc")}/job-opportunities-apply`);
    // one of the college's own postings: its site is the college's (others' show here too)
    const { data: open } = await api<{ data: { id: number; institution_name: string | null }[] }>(
      page,
      "GET",
      "/api/public/job-opportunities?_start=0&_end=100",
    );
    const own = open.find((posting) => posting.institution_name === "Kathmandu Model College");
    if (!own) throw new Error("the demo data has an open posting of the college on its public page");
    const card = page.locator(`[data-testid="learner-card"][data-posting-id="${own.id}"]`);
    await card.waitFor();
    await card.getByTestId("apply-button").click();
    // the choice opens in a dialog that zooms in: a click while it grows can land beside the button
    const choice = await settledDialog(page, page.getByTestId("as-guest"));
    await choice.getByTestId("as-guest").click();
    await page.locator("#guest-apply_full_name").fill(GUEST.name);
    await page.locator("#guest-apply_email").fill(GUEST.email);
    await page.locator("#guest-apply_contact_number").fill(GUEST.phone);
    await page.getByTestId("guest-submit").click();
    await page.getByTestId("apply-success").waitFor();

    statusUrl = await receiptLink();
    expect(new URL(statusUrl).origin).toBe(server.origin("kmc"));
    const receipt = mailbox.received.find((m) => m.to.includes(GUEST.email))?.text ?? "";
    expect(receipt).toContain("Kathmandu Model College");

    // the college's staff shortlist the guest with a message to them, so the timeline has a step
    const staff = await (await newContext(browser)).newPage();
    await staff.goto(`${server.origin("kmc")}/login`);
    await fillLogin(staff, "college.admin@example.com");
    await staff.waitForURL((url) => url.pathname !== "/login");
    const [application] = await api<{ id: number }[]>(
      staff,
      "GET",
      `/api/applications?q=${encodeURIComponent(GUEST.email)}&_start=0&_end=1`,
    );
    expect(application?.id).toBeGreaterThan(0);
    await api(staff, "POST", "/api/applications/bulk", { ids: [application?.id], stage: "shortlisted", note: NOTE });
  }, 120_000);

  it("shows the stage and the timeline in English, clean under axe on a laptop and a phone", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.addInitScript(() => localStorage.setItem("i18nextLng", "en-US"));
    await page.goto(statusUrl);
    await page.getByRole("heading", { level: 1, name: "Your application" }).waitFor();
    expect(await textOf(page.getByTestId("guest-status-stage"))).toBe("Shortlisted");
    const timeline = await textOf(page.getByTestId("stage-timeline"));
    expect(timeline).toContain("Applied — New Candidates");
    expect(timeline).toContain("Stage: Shortlisted");
    expect(timeline).toContain(NOTE);
    // nobody's name but the guest's: the staff member who moved them is not shown
    expect(timeline).not.toContain("College Admin");
    expect(await textOf(page.getByTestId("guest-status"))).toContain("Kathmandu Model College");
    await expectCleanAtEveryWidth(page, "en");
  }, 120_000);

  it("shows the same in Nepali, with Devanagari digits", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.addInitScript(() => localStorage.setItem("i18nextLng", "np-NP"));
    await page.goto(statusUrl);
    await page.getByRole("heading", { level: 1, name: "तपाईंको आवेदन" }).waitFor();
    expect(await textOf(page.getByTestId("guest-status-stage"))).toMatch(/[\u0900-\u097F]/);
    const timeline = await textOf(page.getByTestId("stage-timeline"));
    expect(timeline).toContain("चरण");
    expect(timeline).not.toMatch(/[0-9]/);
    expect(timeline).toMatch(/[०-९]/);
    await expectCleanAtEveryWidth(page, "np");
  }, 120_000);

  it("says a link that is not one opens nothing", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.addInitScript(() => localStorage.setItem("i18nextLng", "en-US"));
    await page.goto(`${server.origin("kmc")}/applications/status/${"A".repeat(43)}`);
    await page.getByText("This link does not open an application").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);
});
