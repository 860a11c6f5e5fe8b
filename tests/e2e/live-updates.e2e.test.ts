import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser } from "./playwright.config";
import { api, type DemoAccount, fillLogin } from "./support/app";
import { type RunningServer, startServer } from "./support/server";

/**
 * Live updates on the built app (issue 24, DESIGN §5b `GET /live`): an editor of the college moves
 * a student's application from their own session; within a second the college admin's board,
 * open in another browser, shows the card in its new column, and the student's bell rings once the
 * undo window has passed, with no reload and no window coming back into focus.
 */

const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const EDITOR: DemoAccount = { email: "college.editor@example.com", site: "kmc" };
const UNDO_SECONDS = 2;
/** The news shows a second of grace after the window (CLOCK_GRACE_MS), and is told within a second. */
const NEWS_WITHIN_MS = (UNDO_SECONDS + 1 + 1) * 1000;

describe("live updates", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ PIPELINE_UNDO_SECONDS: String(UNDO_SECONDS) });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (account: DemoAccount, path: string) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    contexts.push(context);
    context.setDefaultTimeout(e2eConfig.actionTimeoutMs);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await page.waitForSelector("form#login", { timeout: 60_000 });
    await fillLogin(page, account.email);
    await page.getByTestId("notification-bell").waitFor({ timeout: 60_000 });
    if (path) await page.goto(`${server.origin(account.site)}${path}`);
    return page;
  };

  const bellName = (page: Page) => page.getByTestId("notification-bell").getAttribute("aria-label");

  it("shows another session's move on the board within a second, and rings the student's bell after the undo window", async () => {
    const [editor, student] = await Promise.all([signedIn(EDITOR, ""), signedIn(STUDENT, "")]);
    const job = await api<{ id: number; title: string }>(editor, "POST", "/api/job-opportunities", {
      title: `Live board ${Date.now().toString(36)}`,
      job_type: "internship",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      publish_status: true,
    });
    await api(student, "POST", `/api/job-opportunities/${job.id}/apply`, {});
    const rows = await api<{ id: number; email: string; full_name: string }[]>(
      editor,
      "GET",
      `/api/applications?job_opportunity_id=${job.id}&_start=0&_end=10`,
    );
    const application = rows.find((row) => row.email === STUDENT.email);
    expect(application).toBeDefined();

    const board = await signedIn(ADMIN, `/admin/job-opportunities/show/${job.id}?a_view=board`);
    const card = (stage: string) => board.locator(`[data-stage="${stage}"] [data-testid="board-card"]`);
    await card("new_candidates").first().waitFor();
    expect(await bellName(student)).toBe("Notifications");
    const loads: string[] = [];
    for (const page of [board, student]) page.on("load", () => loads.push(page.url()));

    await api(editor, "POST", "/api/applications/bulk", { ids: [application?.id], stage: "shortlisted" });
    const moved = Date.now();
    await expect.poll(() => card("shortlisted").count(), { timeout: 1_000, interval: 50 }).toBe(1);
    expect(await card("new_candidates").count()).toBe(0);
    // the student hears nothing while the move may still be undone
    expect(await bellName(student)).toBe("Notifications");
    await expect
      .poll(() => bellName(student), { timeout: Math.max(0, NEWS_WITHIN_MS - (Date.now() - moved)), interval: 50 })
      .toBe("Notifications, 1 unread");
    expect(Date.now() - moved).toBeGreaterThanOrEqual(UNDO_SECONDS * 1000);
    expect(loads).toEqual([]);
  }, 120_000);
});
