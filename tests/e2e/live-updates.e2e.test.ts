import { request as httpRequest } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../apps/api/test/fresh-database";
import { type Cluster, startCluster } from "../../scripts/cluster.mjs";
import { launchBrowser, newContext } from "./playwright.config";
import { api, type DemoAccount, fillLogin } from "./support/app";
import { startServer } from "./support/server";

/**
 * Live updates on the built app (issue 24, DESIGN §5b `GET /live`): a recruiter moves a student's
 * application to their job from their own session; with no reload the college admin's board,
 * open in another browser, shows the card in its new column and the dashboard of the recruiter's
 * colleague counts it in its new stage, and the student's bell rings once the
 * undo window has passed, with no reload and no window coming back into focus. Then the same with
 * two API processes on PostgreSQL behind HAProxy, the moves sent to each process in turn, so that
 * whichever process holds a browser's stream, a move made on the other one reaches it. How fast
 * (within a second, to a thousand streams) is the bench's to measure (`npm run bench`, live).
 */

const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const RECRUITER: DemoAccount = { email: "recruiter.admin@example.com", site: "recruiter" };
/** The recruiter's colleague, whose dashboard counts the company's applicants by stage. */
const COLLEAGUE: DemoAccount = { email: "recruiter.viewer@example.com", site: "recruiter" };
/** Longer than SHOWN_WITHIN_MS: the bell is still silent when a move has shown, however slowly. */
const UNDO_SECONDS = 6;
/**
 * How long a change may take to show here. The budget of a second (an event told to 1,000 open
 * streams within 1 s) is measured by `npm run bench` (live: liveEventTo1000Within1s) on a quiet
 * machine; here two browsers, the servers and the other test files share CI's two cores, so this
 * bound only tells a pushed change (which comes) from one that waits for a reload or a refocus
 * (which never comes: the pages are not reloaded, and nothing here polls that often).
 */
const SHOWN_WITHIN_MS = 5_000;
/** The news shows a second of grace after the undo window (CLOCK_GRACE_MS), and is then pushed. */
const NEWS_WITHIN_MS = (UNDO_SECONDS + 1) * 1000 + SHOWN_WITHIN_MS;

type Origin = (site?: string) => string;

/** A move sent as the recruiter's browser would send it, to one origin (a process past the balancer). */
function moveThrough(base: string, token: string, ids: number[], stage: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ ids, stage });
    const req = httpRequest(new URL("/api/applications/bulk", base), {
      method: "POST",
      headers: {
        host: `${RECRUITER.site}.localhost`,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("live updates", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });

  const signedIn = async (origin: Origin, account: DemoAccount) => {
    const context = await newContext(browser, { viewport: { width: 1366, height: 768 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${origin(account.site)}/login`);
    await page.waitForSelector("form#login", { timeout: 60_000 });
    await fillLogin(page, account.email);
    await page.getByTestId("notification-bell").waitFor({ timeout: 60_000 });
    return page;
  };

  const bellName = (page: Page) => page.getByTestId("notification-bell").getAttribute("aria-label");

  /**
   * The recruiter moves the student's new application once through each of `bases` (a stage each);
   * each move shows on the admin's board with no reload, and the student's bell counts them all
   * once the last window has passed. No page reloads.
   */
  async function movesShowLive(origin: Origin, bases: string[]) {
    const [recruiter, student] = await Promise.all([signedIn(origin, RECRUITER), signedIn(origin, STUDENT)]);
    const job = await api<{ id: number; title: string }>(recruiter, "POST", "/api/job-opportunities", {
      title: `Live board ${Date.now().toString(36)}`,
      job_type: "internship",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      publish_status: true,
    });
    await api(student, "POST", `/api/job-opportunities/${job.id}/apply`, {});
    const rows = await api<{ id: number; email: string }[]>(
      recruiter,
      "GET",
      `/api/applications?job_opportunity_id=${job.id}&_start=0&_end=10`,
    );
    const application = rows.find((row) => row.email === STUDENT.email)?.id as number;
    expect(application).toBeGreaterThan(0);
    const token = (await recruiter.evaluate(() => localStorage.getItem("csc-token"))) ?? "";

    // the college admin's board of the job in one browser, the recruiter's colleague's dashboard
    // (where signing in lands) in another
    const [dashboard, board] = await Promise.all([signedIn(origin, COLLEAGUE), signedIn(origin, ADMIN)]);
    await board.goto(`${origin(ADMIN.site)}/admin/job-opportunities/show/${job.id}?a_view=board`);
    const card = (stage: string) => board.locator(`[data-stage="${stage}"] [data-testid="board-card"]`);
    await card("new_candidates").first().waitFor();
    await dashboard.getByTestId("applicant-stages").waitFor();
    /** The dashboard's count of the company's job applicants in a stage (a stage with none is not listed). */
    const onDashboard = async (stage: string) => {
      const count = dashboard.locator(
        `[data-posting-type="job-opportunity"] [data-stage="${stage}"] .csc-stages__count`,
      );
      return (await count.count()) > 0 ? Number(await count.getAttribute("data-value")) : 0;
    };
    expect(await bellName(student)).toBe("Notifications");
    const loads: string[] = [];
    for (const page of [board, dashboard, student]) page.on("load", () => loads.push(page.url()));

    const stages = ["shortlisted", "final_interview"].slice(0, bases.length);
    let movedAt = 0;
    for (const [i, base] of bases.entries()) {
      const stage = stages[i] as string;
      const counted = await onDashboard(stage);
      expect(await moveThrough(base, token, [application], stage)).toBe(200);
      movedAt = Date.now();
      await expect.poll(() => card(stage).count(), { timeout: SHOWN_WITHIN_MS, interval: 50 }).toBe(1);
      await expect
        .poll(() => onDashboard(stage), { timeout: Math.max(0, SHOWN_WITHIN_MS - (Date.now() - movedAt)) })
        .toBe(counted + 1);
      // and the student hears nothing while the first move may still be undone
      if (i === 0) expect(await bellName(student)).toBe("Notifications");
    }
    await expect
      .poll(() => bellName(student), { timeout: Math.max(0, NEWS_WITHIN_MS - (Date.now() - movedAt)), interval: 50 })
      .toBe(`Notifications, ${bases.length} unread`);
    expect(loads).toEqual([]);
  }

  it("shows another session's move on the board and the dashboard live, and rings the student's bell after the undo window", async () => {
    const server = await startServer({ PIPELINE_UNDO_SECONDS: String(UNDO_SECONDS) });
    try {
      await movesShowLive(server.origin, [`http://127.0.0.1:${server.port}`]);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it.runIf(Boolean(process.env.TEST_POSTGRES_URL))(
    "does the same with two API processes on PostgreSQL behind the balancer, a move made on each",
    async () => {
      const database = await freshDatabase("postgres");
      let cluster: Cluster | null = null;
      try {
        cluster = await startCluster({
          processes: 2,
          env: {
            DATABASE_URL: database.url,
            SEED_DEMO: "true",
            PASSWORD_HASH_COST: "12",
            PIPELINE_UNDO_SECONDS: String(UNDO_SECONDS),
            LOG_LEVEL: "warn",
          },
        });
        const port = new URL(cluster.origin).port;
        const origin: Origin = (site = "") => `http://${site ? `${site}.` : ""}localhost:${port}`;
        await movesShowLive(
          origin,
          cluster.members.map((member) => member.origin),
        );
      } finally {
        await cluster?.stop();
        await database.drop();
      }
    },
    300_000,
  );
});
