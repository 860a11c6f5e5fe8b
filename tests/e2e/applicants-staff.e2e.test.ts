import { readFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, origin, settledDialog, signIn, textOf } from "./support/app";
import { APPLICANT_COLUMNS, applicantHeaders } from "./support/applicants";
import { pickOption } from "./support/resources";

const RECRUITER_ADMIN: DemoAccount = { email: "recruiter.admin@example.com", site: "recruiter" };
const RECRUITER_VIEWER: DemoAccount = { email: "recruiter.viewer@example.com", site: "recruiter" };
const SUPERADMIN: DemoAccount = { email: "superadmin@example.com", site: "" };
const COLLEGE_ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };

interface Row {
  id: number;
  full_name: string;
  stage: string;
  withdrawn_at: string | null;
  recruiter_id?: number | null;
  institution_id?: number | null;
}

/** A GET of the API from inside the page, as the signed-in user (their token, their site). */
function apiGet<T>(page: Page, path: string): Promise<{ data: T; total: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return { data: await response.json(), total: Number(response.headers.get("X-Total-Count") ?? -1) };
  }, path);
}

/** The undecided applicants of a job opportunity (in the first stage, not withdrawn). */
async function newCandidates(page: Page, postingId: number): Promise<Row[]> {
  const { data } = await apiGet<Row[]>(page, `/api/applications?job_opportunity_id=${postingId}&_start=0&_end=100`);
  return data.filter((row) => row.stage === "new_candidates" && !row.withdrawn_at);
}

/** The signed-in recruiter's job opportunity with the most undecided applicants. */
async function busiestPosting(page: Page): Promise<{ id: number; candidates: Row[] }> {
  const { data: profile } = await apiGet<{ data: { recruiter: { id: number } | null } }>(page, "/api/profile");
  const recruiterId = profile.data.recruiter?.id;
  const { data: postings } = await apiGet<Row[]>(page, "/api/job-opportunities?_start=0&_end=100");
  let best = { id: 0, candidates: [] as Row[] };
  for (const posting of postings.filter((row) => row.recruiter_id === recruiterId)) {
    const candidates = await newCandidates(page, posting.id);
    if (candidates.length > best.candidates.length) best = { id: posting.id, candidates };
  }
  return best;
}

/** Picks an option of a searchable antd select by its visible label (typed: the option list is virtual). */
const tableRows = (page: Page) => page.locator('[data-testid="applicants-table"] .ant-table-tbody tr.ant-table-row');

/** The Status cell of every row on screen. */
async function statuses(page: Page): Promise<string[]> {
  // the row's cells: the selection column, then the table's columns
  const status = 1 + APPLICANT_COLUMNS.indexOf("Status");
  return page
    .locator('[data-testid="applicants-table"] .ant-table-tbody tr.ant-table-row')
    .evaluateAll(
      (rows, at) => rows.map((row) => (row.children[at]?.querySelector(".csc-enum-tag")?.textContent ?? "").trim()),
      status,
    );
}

/** axe's serious and critical WCAG A/AA findings inside the applicants section (the rest of the page is not ours). */
async function sectionViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="applicants"]')
    .include(".ant-drawer")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** A screenshot to look at, and axe's word on the section (no serious or critical violation, in either theme). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.getByTestId("applicants").evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/applicants-${name}.png` });
  expect(await sectionViolations(page)).toEqual([]);
}

describe("a posting's applicants, for the staff who manage it", () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  /** The recruiter's posting the tests work on, shared by the viewer's test. */
  let postingId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  const open = async (account: DemoAccount) => {
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page, account);
  };

  it("a recruiter filters, bulk-changes, moves a card by keyboard, reads the history and exports the view", async () => {
    await open(RECRUITER_ADMIN);
    // the demo seed gives every posting applicants in every stage
    const posting = await busiestPosting(page);
    expect(posting.candidates.length).toBeGreaterThanOrEqual(2);
    postingId = posting.id;
    const { data: me } = await apiGet<{ data: { full_name: string } }>(page, "/api/profile");

    await page.goto(`${origin("recruiter")}/admin/job-opportunities/show/${postingId}`);
    await tableRows(page).first().waitFor();
    expect(await applicantHeaders(page)).toEqual(APPLICANT_COLUMNS);
    // S.No. runs over the page from 1
    expect(await textOf(tableRows(page).first().locator("td").nth(1))).toBe("1");

    // filter by stage: the address changes and a reload keeps the view
    await pickOption(page, '[data-testid="applicants-filter-stage"]', "New Candidates");
    await page.waitForURL((url) => url.searchParams.get("a_stage") === "new_candidates");
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll('[data-testid="applicants-table"] tr.ant-table-row');
      return rows.length > 0 && [...rows].every((row) => row.textContent?.includes("New Candidates"));
    });
    await page.reload();
    await tableRows(page).first().waitFor();
    expect(new URL(page.url()).searchParams.get("a_stage")).toBe("new_candidates");
    expect(await textOf(page.locator('[data-testid="applicants-filter-stage"] .ant-select-selection-item'))).toBe(
      "New Candidates",
    );
    expect(new Set(await statuses(page))).toEqual(new Set(["New Candidates"]));

    // select two undecided applicants and shortlist them together, with a note
    // the demo accounts' own applications stay as they are, for the learners' tests
    const chosen = tableRows(page)
      .filter({ has: page.locator("input[type=checkbox]:not([disabled])") })
      .filter({ hasNotText: /\b(learner|student|employee)@example\.com/ });
    const names = [
      await textOf(chosen.nth(0).locator(".csc-applicant-name")),
      await textOf(chosen.nth(1).locator(".csc-applicant-name")),
    ];
    await chosen.nth(0).locator("input[type=checkbox]").check();
    await chosen.nth(1).locator("input[type=checkbox]").check();
    expect(await textOf(page.getByTestId("bulk-bar").locator(".csc-bulk-bar__count"))).toBe("2 selected");
    await page.getByTestId("applicants-bulk-change").click();
    const modal = await settledDialog(page, page.getByTestId("bulk-change"));
    expect(await textOf(modal.locator(".ant-modal-title"))).toBe("Change 2 applicants");
    await pickOption(page, "#bulk-stage", "Shortlisted");
    await modal.locator("#bulk-note").fill("Strong CVs (e2e)");
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await modal.getByRole("button", { name: "Apply changes" }).click();
    expect((await answer).status()).toBe(200);
    await modal.waitFor({ state: "hidden" });
    // they left the filtered view
    for (const name of names) {
      await page
        .locator('[data-testid="applicants-table"] .csc-applicant-name', { hasText: name })
        .waitFor({ state: "detached" });
    }

    // the board: a column per stage in play, the closing ones grouped; the keyboard picks a card up,
    // the arrow chooses the next stage, and only the drop moves it
    await page.getByTestId("applicants-view").getByText("Board").click();
    await page.waitForURL((url) => url.searchParams.get("a_view") === "board");
    const columns = page.locator('[data-testid="applicants-board"] .csc-board-column');
    await columns.first().waitFor();
    expect(await columns.count()).toBe(12);
    expect(await page.locator('[data-testid="board-closed"] [data-stage]').count()).toBe(4);
    const card = page.locator('[data-stage="shortlisted"] [data-testid="board-card"]', { hasText: names[0] });
    await card.focus();
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/applications/bulk")) sent.push(request.url());
    });
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    expect(sent).toEqual([]);
    const moved = page.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
    await page.keyboard.press("Space");
    expect((await moved).status()).toBe(200);
    const next = page.locator('[data-stage="screening_test_completed"] [data-testid="board-card"]', {
      hasText: names[0],
    });
    await next.waitFor();
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="applicants-live"]')?.textContent?.includes(`${name} moved to`),
      names[0],
    );
    // the keyboard stays on the card it moved
    expect(await next.evaluate((element) => element === document.activeElement)).toBe(true);

    // its name opens the applicant: who changed what, from what to what, with the note
    await next.getByTestId("board-card-open").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => Boolean(url.searchParams.get("a_open")));
    const history = page.getByTestId("history-entry");
    await history.first().waitFor();
    const entries = await history.allInnerTexts();
    const bulkEntry = entries.find((text) => text.includes("Status: New Candidates → Shortlisted"));
    expect(bulkEntry).toBeDefined();
    expect(bulkEntry).toContain(`by ${me.data.full_name},`);
    expect(bulkEntry).toContain("Strong CVs (e2e)");
    expect(entries.some((text) => text.includes("Status: Shortlisted → Screening Test Completed"))).toBe(true);
    await page.reload();
    await page.getByTestId("history-entry").first().waitFor();
    await page.locator(".ant-drawer-close").click();
    await page.waitForURL((url) => !url.searchParams.get("a_open"));

    // export the current view as CSV
    await page.getByTestId("applicants-view").getByText("Table").click();
    await tableRows(page).first().waitFor();
    const download = page.waitForEvent("download");
    await page.getByTestId("applicants-export").click();
    const file = await download;
    // named after the posting and the day (the posting's title slugged)
    expect(file.suggestedFilename()).toMatch(/^[\p{L}\p{N}-]+-applicants-\d{4}-\d{2}-\d{2}\.csv$/u);
    const csv = readFileSync(await file.path(), "utf8");
    expect(csv.split("\n").length).toBeGreaterThan(1);

    // and the export is in Download Logs, with the view's filters
    const provider = await newContext(browser);
    const admin = await provider.newPage();
    await signIn(admin, SUPERADMIN);
    const { data: logs } = await apiGet<{ resource: string; filters: string }[]>(
      admin,
      "/api/download-logs?resource=applications&_sort=created_at&_order=desc&_start=0&_end=1",
    );
    expect(logs[0]?.resource).toBe("applications");
    expect(logs[0]?.filters).toContain(`"job_opportunity_id"`);
    expect(logs[0]?.filters).toContain("new_candidates");
    await provider.close();
  });

  it("a recruiter viewer reads the applicants with no bulk controls and no moves", async () => {
    await open(RECRUITER_VIEWER);
    const id = postingId || (await busiestPosting(page)).id;
    await page.goto(`${origin("recruiter")}/admin/job-opportunities/show/${id}`);
    await tableRows(page).first().waitFor();
    expect(await applicantHeaders(page)).toEqual(APPLICANT_COLUMNS);
    expect(await page.locator('[data-testid="applicants-table"] .ant-table-selection-column').count()).toBe(0);
    expect(await page.getByTestId("applicants-bulk-change").count()).toBe(0);
    // registration narrows the view too, kept in the address like the others
    const registered = page.waitForResponse(
      (response) => response.url().includes("/api/applications?") && response.url().includes("registration=registered"),
    );
    await pickOption(page, '[data-testid="applicants-filter-registration"]', "Registered");
    expect((await registered).status()).toBe(200);
    await page.waitForURL((url) => url.searchParams.get("a_registration") === "registered");
    expect(await page.locator(".csc-applicants__error").count()).toBe(0);
    await page.getByTestId("applicants-view").getByText("Board").click();
    await page.getByTestId("board-card").first().waitFor();
    expect(await page.getByTestId("board-move").count()).toBe(0);
    expect(await page.locator('[data-testid="board-card"][draggable="true"]').count()).toBe(0);
  });

  it("looks right in the dark console and on a light college site (screenshots)", async () => {
    await open(SUPERADMIN);
    // the recruiter's posting of the first test, seen by the provider's staff
    expect(postingId).toBeGreaterThan(0);
    const id = postingId;
    await page.goto(`${origin()}/admin/job-opportunities/show/${id}`);
    await tableRows(page).first().waitFor();
    await shoot(page, "provider-table");
    await page.getByTestId("applicants-view").getByText("Board").click();
    await page.getByTestId("board-card").first().waitFor();
    await shoot(page, "provider-board");
    await page.getByTestId("board-card").first().locator(".csc-board-card__name").click();
    await page.getByTestId("history-entry").first().waitFor();
    await shoot(page, "provider-detail");
    await context?.close();

    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page, COLLEGE_ADMIN);
    const { data: events } = await apiGet<Row[]>(page, "/api/learning-events?_start=0&_end=100");
    const own = events.filter((event) => event.institution_id !== null);
    let eventId = own[0]?.id ?? 0;
    for (const event of own) {
      const { total } = await apiGet<Row[]>(page, `/api/applications?learning_event_id=${event.id}&_start=0&_end=1`);
      if (total > 0) {
        eventId = event.id;
        break;
      }
    }
    await page.goto(`${origin("kmc")}/admin/job-trainings/show/${eventId}`);
    await page.getByTestId("applicants").waitFor();
    await tableRows(page).first().waitFor();
    await shoot(page, "college-table");
    await page.getByTestId("applicants-view").getByText("Board").click();
    await page.getByTestId("applicants-board").waitFor();
    await shoot(page, "college-board");
  });
});
