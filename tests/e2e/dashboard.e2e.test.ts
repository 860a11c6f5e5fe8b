import { readFileSync } from "node:fs";
import {
  type DashboardData,
  PROGRESSION_CSV_FILENAME,
  PROGRESSION_PNG_FILENAME,
  PROGRESSION_SERIES_KEYS,
  progressionCsv,
} from "@csc/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, type DemoAccount, fillLogin } from "./support/app";
import { seriousViolations } from "./support/axe";
import { menuEntries, pickOption } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The dashboards on the built app against the real API: the metric cards say what
 * `GET /api/dashboard` answers for the signed-in user, the range, granularity and institution
 * live in the URL (a reload keeps them), the progression chart downloads as a PNG and as the
 * shared CSV, both downloads land in Download Logs, recruiters see their applicants by stage and
 * learners their own progress; the dashboard is keyboard-reachable and axe-clean.
 */

const COLLEGE_ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const PROVIDER_ADMIN: DemoAccount = { email: "skilllab.admin@example.com", site: "" };
const RECRUITER: DemoAccount = { email: "recruiter.admin@example.com", site: "recruiter" };
const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface DownloadLog {
  id: number;
  user_id: number;
  resource: string;
  filters: string | null;
  created_at: string;
}

const dashboardOf = async (page: Page, query = "") =>
  (await api<{ data: DashboardData }>(page, "GET", `/api/dashboard${query}`)).data;

/** Waits until the dashboard's numbers have arrived, failing on its error state. */
async function settled(page: Page, section = "dashboard-insights") {
  await page.waitForFunction(
    (testId) => {
      const root = document.querySelector(`[data-testid="${testId}"]`);
      if (root?.getAttribute("data-loading") !== "false") return false;
      if (root.querySelector('[data-testid="dashboard-error"]')) return true;
      // every card has its number (a recruiter's cards are their own, fewer than the nine metrics)
      const cards = root.querySelectorAll('[data-testid="metric"]').length;
      return (
        (cards > 0 && root.querySelectorAll('[data-testid="metric-value"]').length === cards) ||
        root.querySelector('[data-testid="dashboard-empty"]') !== null
      );
    },
    section,
    { timeout: 20_000 },
  );
  const failure = await page.locator(`[data-testid="${section}"] [data-testid="dashboard-error"]`).allInnerTexts();
  if (failure.length) throw new Error(`the dashboard failed: ${failure.join(" ")}`);
}

/** The cards on screen: each metric's number and the text it is written as. */
function cardsOf(page: Page, section = "dashboard-insights") {
  return page.locator(`[data-testid="${section}"] [data-testid="metric"]`).evaluateAll((cards) =>
    cards.map((card) => {
      const value = card.querySelector('[data-testid="metric-value"]');
      return {
        key: card.getAttribute("data-metric"),
        value: Number(value?.getAttribute("data-value")),
        text: value?.textContent?.trim(),
      };
    }),
  );
}

/**
 * The cards show every metric of the answer, in the spec's order, written in en-US (waiting a
 * moment: a new choice keeps the previous numbers on screen until its own arrive).
 */
async function expectCardsOf(page: Page, answer: DashboardData, section = "dashboard-insights") {
  const allZero = PROGRESSION_SERIES_KEYS.every((key) => answer.metrics[key] === 0);
  if (allZero) {
    await page.locator(`[data-testid="${section}"] [data-testid="dashboard-empty"]`).waitFor();
    return;
  }
  await expect
    .poll(() => cardsOf(page, section), { timeout: 10_000 })
    .toEqual(
      PROGRESSION_SERIES_KEYS.map((key) => ({
        key,
        value: answer.metrics[key],
        text: new Intl.NumberFormat("en-US").format(answer.metrics[key]),
      })),
    );
}

/** Tabs through the page until every control named has had the focus (or fails after `limit` presses). */
async function expectReachableByTab(page: Page, testIds: string[], limit = 120) {
  const missing = new Set(testIds);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  for (let press = 0; press < limit && missing.size > 0; press += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return [...testIdsAround(active)];
      function* testIdsAround(element: Element | null): Generator<string> {
        for (let at = element; at; at = at.parentElement) {
          const id = at.getAttribute("data-testid");
          if (id) yield id;
        }
      }
    });
    for (const id of focused) missing.delete(id);
  }
  expect([...missing]).toEqual([]);
}

/** Downloads through a button, returning the file's suggested name and its bytes. */
async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

describe("the dashboards", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** Signs in and answers the page and the path of the account's dashboard. */
  const signedIn = async (account: DemoAccount) => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    const entry = (await menuEntries(page)).find((item) => item.name === "dashboard");
    if (!entry) throw new Error(`${account.email} has no dashboard`);
    const open = async (query = "", section = "dashboard-insights") => {
      await page.goto(`${server.origin(account.site)}${entry.path.split("?")[0]}${query}`);
      await settled(page, section);
    };
    return { page, open };
  };

  /** The download logs written since `since` for the files of the chart, read by a provider admin. */
  const chartDownloadsSince = async (reader: Page, userId: number, since: string) => {
    const rows = await api<DownloadLog[]>(
      reader,
      "GET",
      "/api/download-logs?_sort=created_at&_order=desc&_start=0&_end=100",
    );
    return rows
      .filter((row) => Number(row.user_id) === userId && row.created_at >= since)
      .map((row) => [PROGRESSION_PNG_FILENAME, PROGRESSION_CSV_FILENAME].find((file) => row.filters?.includes(file)))
      .filter(Boolean)
      .sort();
  };

  it("shows a college admin their numbers, keeps range and granularity in the URL, downloads the chart and logs it", async () => {
    const { page, open } = await signedIn(COLLEGE_ADMIN);
    const { data: me } = await api<{ data: { id: number } }>(page, "GET", "/api/profile");
    const since = new Date(Date.now() - 1_000).toISOString();
    await open();
    const initial = await dashboardOf(page);
    // the seed has years of activity at the college: the cards are numbers, not the empty state
    expect(PROGRESSION_SERIES_KEYS.some((key) => initial.metrics[key] > 0)).toBe(true);
    await expectCardsOf(page, initial);
    expect(await page.getByTestId("dashboard-institution").count()).toBe(0);

    // a granularity chosen from the select goes into the URL
    await page.locator('[data-testid="dashboard-granularity"]').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="Month"]').click();
    await page.waitForURL((url) => url.searchParams.get("granularity") === "month");
    await settled(page);

    // and so does a range typed into the picker
    const lastYear = new Date().getFullYear() - 1;
    const from = `${lastYear}-01-01`;
    const to = `${lastYear}-12-31`;
    const inputs = page.locator(".csc-dashboard-filters .ant-picker-range input");
    await inputs.nth(0).click();
    await inputs.nth(0).fill(from);
    await inputs.nth(0).press("Enter");
    await inputs.nth(1).fill(to);
    await inputs.nth(1).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to);
    await settled(page);
    const query = `?from=${from}&to=${to}&granularity=month`;
    const answer = await dashboardOf(page, query);
    expect(answer.range).toEqual({ from, to, granularity: "month" });
    expect(answer.progression.categories).toHaveLength(12);
    await expectCardsOf(page, answer);

    // a reload shows the same view
    await page.reload();
    await settled(page);
    const url = new URL(page.url());
    expect([url.searchParams.get("from"), url.searchParams.get("to"), url.searchParams.get("granularity")]).toEqual([
      from,
      to,
      "month",
    ]);
    expect(await inputs.nth(0).inputValue()).toBe(`Jan 1, ${lastYear}`);
    expect(await inputs.nth(1).inputValue()).toBe(`Dec 31, ${lastYear}`);
    expect(await page.locator('[data-testid="dashboard-granularity"] .ant-select-selection-item').innerText()).toBe(
      "Month",
    );
    await expectCardsOf(page, answer);

    // the chart and its downloads: a PNG of the canvas, the shared CSV of the API's progression
    await page.locator('[data-testid="progression-chart"] canvas').first().waitFor();
    const png = await download(page, "download-png");
    expect(png.name).toBe(PROGRESSION_PNG_FILENAME);
    expect(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const csv = await download(page, "download-csv");
    expect(csv.name).toBe(PROGRESSION_CSV_FILENAME);
    expect(csv.bytes.toString("utf8")).toBe(progressionCsv(answer.progression));

    // Reset goes back to the default view, the URL without the dashboard's parameters
    await page.getByTestId("dashboard-reset").click();
    await page.waitForURL((url) => !url.searchParams.has("from") && !url.searchParams.has("granularity"));
    await settled(page);
    await expectCardsOf(page, await dashboardOf(page));

    // both downloads are in Download Logs, which provider admins read
    const provider = await signedIn(PROVIDER_ADMIN);
    await expect
      .poll(() => chartDownloadsSince(provider.page, me.id, since), { timeout: 10_000 })
      .toEqual([PROGRESSION_CSV_FILENAME, PROGRESSION_PNG_FILENAME].sort());

    await expectReachableByTab(page, ["dashboard-range", "dashboard-granularity", "download-png", "download-csv"]);
    // the downloads' toasts gone first: one fading out is mid-way between two contrasts
    await expect.poll(() => page.locator(".ant-notification-notice").count(), { timeout: 15_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("lets provider staff pick an institution, kept in the URL, and logs their downloads", async () => {
    const { page, open } = await signedIn(PROVIDER_ADMIN);
    const { data: me } = await api<{ data: { id: number } }>(page, "GET", "/api/profile");
    const since = new Date(Date.now() - 1_000).toISOString();
    await open();
    await expectCardsOf(page, await dashboardOf(page));

    const [college] = await api<{ id: number; name: string }[]>(
      page,
      "GET",
      "/api/institutions?q=Kathmandu&_start=0&_end=1",
    );
    if (!college) throw new Error("the seed has no Kathmandu Model College");
    const picker = page.locator('[data-testid="dashboard-institution"]');
    await pickOption(page, '[data-testid="dashboard-institution"]', college.name);
    await page.waitForURL((url) => url.searchParams.get("institution") === String(college.id));
    await settled(page);
    const answer = await dashboardOf(page, `?institution_id=${college.id}`);
    await expectCardsOf(page, answer);

    await page.reload();
    await settled(page);
    expect(new URL(page.url()).searchParams.get("institution")).toBe(String(college.id));
    expect(await picker.locator(".ant-select-selection-item").innerText()).toBe(college.name);
    await expectCardsOf(page, answer);

    await page.locator('[data-testid="progression-chart"] canvas').first().waitFor();
    const png = await download(page, "download-png");
    expect(png.name).toBe(PROGRESSION_PNG_FILENAME);
    expect(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const csv = await download(page, "download-csv");
    expect(csv.name).toBe(PROGRESSION_CSV_FILENAME);
    expect(csv.bytes.toString("utf8")).toBe(progressionCsv(answer.progression));
    await expect
      .poll(() => chartDownloadsSince(page, me.id, since), { timeout: 10_000 })
      .toEqual([PROGRESSION_CSV_FILENAME, PROGRESSION_PNG_FILENAME].sort());

    // a range cut too fine is refused by the API, its message under the granularity
    const tooFine = `?from=2000-01-01&to=${new Date().toISOString().slice(0, 10)}&granularity=day`;
    const refusal = await page.evaluate(async (path) => {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` } });
      return { status: response.status, body: (await response.json()) as { errors?: Record<string, string> } };
    }, `/api/dashboard${tooFine}`);
    expect(refusal.status).toBe(400);
    await page.goto(`${new URL(page.url()).origin}${new URL(page.url()).pathname}${tooFine}`);
    const granularityError = page
      .locator(".ant-form-item", { has: page.getByTestId("dashboard-granularity") })
      .locator(".ant-form-item-explain-error");
    await granularityError.waitFor();
    expect(await granularityError.innerText()).toBe(refusal.body.errors?.granularity);
    await page.getByTestId("dashboard-reset").click();
    // the refused range's error state goes first; only then is "settled" about the new answer
    await page
      .locator('[data-testid="dashboard-insights"] [data-testid="dashboard-error"]')
      .waitFor({ state: "detached" });
    await settled(page);

    await expectReachableByTab(page, [
      "dashboard-range",
      "dashboard-granularity",
      "dashboard-institution",
      "download-png",
      "download-csv",
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("opens a recruiter's dashboard on their postings, applicants and hires, with applicants by stage instead of the chart", async () => {
    const { page, open } = await signedIn(RECRUITER);
    await open();
    const answer = await dashboardOf(page);
    const recruiting = answer.recruiting;
    if (!recruiting) throw new Error("a recruiter's dashboard answers their recruiting numbers");
    const applicants = (answer.stages ?? []).reduce((sum, stage) => sum + stage.count, 0);
    const format = (n: number) => new Intl.NumberFormat("en-US").format(n);
    // no learner metric that is always 0 for a recruiter: their postings, pipeline, hires, and what came in
    await expect
      .poll(() => cardsOf(page), { timeout: 10_000 })
      .toEqual([
        { key: "postingsOpen", value: recruiting.postingsOpen, text: format(recruiting.postingsOpen) },
        { key: "applicants", value: applicants, text: format(applicants) },
        { key: "hires", value: recruiting.hires, text: format(recruiting.hires) },
        ...(["internshipJobsApplied", "trainingJoined"] as const).map((key) => ({
          key,
          value: answer.metrics[key],
          text: format(answer.metrics[key]),
        })),
      ]);
    expect(await page.locator('[data-metric="postingsOpen"]').innerText()).toContain(
      `of ${format(recruiting.postingsTotal)} postings`,
    );
    expect(recruiting.hires).toBeGreaterThan(0);
    expect(await page.getByTestId("progression-chart").count()).toBe(0);
    const stages = answer.stages ?? [];
    // the seed's recruiter has applicants to their postings
    expect(stages.length).toBeGreaterThan(0);
    const shown = await page.locator('[data-testid="stage-count"]').evaluateAll((rows) =>
      rows.map((row) => ({
        posting_type: row.closest("[data-posting-type]")?.getAttribute("data-posting-type"),
        stage: row.getAttribute("data-stage"),
        count: Number(row.querySelector("[data-value]")?.getAttribute("data-value")),
      })),
    );
    const order = (entry: { posting_type?: string | null; stage: string | null }) =>
      `${entry.posting_type}/${entry.stage}`;
    expect(shown.map(order).sort()).toEqual(stages.map(order).sort());
    for (const entry of stages) expect(shown.find((row) => order(row) === order(entry))?.count).toBe(entry.count);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows a learner their own progress on their home", async () => {
    const { page, open } = await signedIn(STUDENT);
    await open("", "my-progress");
    await expectCardsOf(page, await dashboardOf(page), "my-progress");
    expect(await page.getByTestId("dashboard-insights").count()).toBe(0);
    expect(await page.getByTestId("progression-chart").count()).toBe(0);
  });
});
