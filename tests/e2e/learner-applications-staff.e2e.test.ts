import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, origin, signIn, textOf } from "./support/app";
import { APPLICANT_COLUMNS, applicantHeaders } from "./support/applicants";

const COLLEGE_ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const COMPANY_ADMIN: DemoAccount = { email: "company.admin@example.com", site: "himal" };
const RECRUITER_ADMIN: DemoAccount = { email: "recruiter.admin@example.com", site: "recruiter" };
const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const run = Date.now().toString(36);
/** A recruiter's job the student applies to, then taken off the catalogue: the college may no longer read it. */
const WITHDRAWN_JOB = `Learner Apps Job ${run}`;

/** The applicant table's columns, in order, then the posting each application is to. */
const COLUMNS = [...APPLICANT_COLUMNS, "Posting"];

interface ApplicationRow {
  id: number;
  posting_type: string;
  job_opportunity_id: number | null;
}

/** A GET of the API from inside the page, as the signed-in user (their token, their site). */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }, path);
}

/** The status of a GET of the API from inside the page, as the signed-in user. */
function apiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` } });
    return response.status;
  }, path);
}

/** Calls of the API as a demo account on its own site, signed in through the API (no screens needed). */
async function asAccount(browser: Browser, account: DemoAccount) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin(account.site)}/login`);
  const token = await page.evaluate(async (email) => {
    const response = await fetch("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "CareerDemo#2026" }),
    });
    return (await response.json()).data.token as string;
  }, account.email);
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    page.evaluate(
      async ({ method, path, body, token }) => {
        const response = await fetch(path, {
          method,
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return response.json();
      },
      { method, path, body, token },
    );
  return { call, close: () => context.close() };
}

const section = (page: Page) => page.getByTestId("learner-applications");
const tableRows = (page: Page) => section(page).locator('[data-testid="applicants-table"] tr.ant-table-row');

describe("a learner's applications on their detail page, for staff", () => {
  let browser: Browser;
  let context: BrowserContext | undefined;

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

  it("the college reads its student's applications anywhere, with their history; another company's staff get not found", async () => {
    // the student applies to a recruiter's job, which the recruiter then takes off the catalogue
    const recruiter = await asAccount(browser, RECRUITER_ADMIN);
    const job = await recruiter.call<{ id: number }>("POST", "/api/job-opportunities", {
      title: WITHDRAWN_JOB,
      job_type: "internship",
      deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      publish_status: true,
    });
    const student = await asAccount(browser, STUDENT);
    await student.call("POST", `/api/job-opportunities/${job.id}/apply`, {});
    await student.close();
    await recruiter.call("PATCH", `/api/job-opportunities/${job.id}`, { publish_status: false });
    await recruiter.close();

    context = await newContext(browser);
    let page = await context.newPage();
    await signIn(page, COLLEGE_ADMIN);
    const [learner] = await apiGet<{ id: number; full_name: string }[]>(
      page,
      `/api/students?q=${encodeURIComponent(STUDENT.email)}&_start=0&_end=1`,
    );
    expect(learner?.id).toBeGreaterThan(0);
    const details = `/admin/learners/students/details/${learner?.id}`;
    const applications = await apiGet<ApplicationRow[]>(
      page,
      `/api/applications?user_id=${learner?.id}&_start=0&_end=100`,
    );
    expect(applications.some((row) => row.job_opportunity_id === job.id)).toBe(true);
    // the API's reach: the college reads the application, not the posting
    expect(await apiStatus(page, `/api/job-opportunities/${job.id}`)).toBe(404);

    // the largest page, kept in the address like the posting's applicants: every application on one page
    await page.goto(`${origin("kmc")}${details}?a_size=100`);
    await section(page).waitFor();
    await tableRows(page).first().waitFor();
    expect(await applicantHeaders(section(page))).toEqual(COLUMNS);
    expect(await textOf(section(page).getByTestId("learner-applications-count"))).toMatch(/^\d+ applications$/);
    expect(await tableRows(page).count()).toBeGreaterThanOrEqual(applications.length);
    // read only: no selection, no bulk change, no board
    expect(await section(page).locator(".ant-table-selection-column").count()).toBe(0);
    expect(await page.getByTestId("applicants-bulk-change").count()).toBe(0);
    expect(await page.getByTestId("applicants-view").count()).toBe(0);
    // every row is the student's; the stages read in their posting's variant
    const nthCell = (label: string) => `td:nth-child(${COLUMNS.indexOf(label) + 1})`;
    const names = await tableRows(page).locator(nthCell("Student Name")).allInnerTexts();
    expect(new Set(names.map((name) => name.trim()))).toEqual(new Set([learner?.full_name]));
    const statuses = await tableRows(page)
      .locator(`${nthCell("Status")} .csc-enum-tag`)
      .allInnerTexts();
    expect(statuses).toContain("New Candidates");
    expect(statuses).toContain("Certified");

    // the recruiter's job the college may not read: its title as plain text; the postings it reads link to their pages
    const foreignRow = tableRows(page).filter({ hasText: WITHDRAWN_JOB });
    await foreignRow.waitFor();
    const foreignPosting = foreignRow.getByTestId("applicant-posting");
    expect(await foreignPosting.innerText()).toContain("Internship/Job Opportunity");
    for (const title of ["Customer Support Representative", "Teaching Assistant – BSc CSIT"]) {
      const link = tableRows(page).filter({ hasText: title }).getByTestId("applicant-posting").locator("a");
      await link.waitFor();
      expect(await link.getAttribute("href")).toMatch(/^\/admin\/job-opportunities\/show\/\d+$/);
    }
    // the links of the postings it reads are in: this one still has none
    expect(await foreignPosting.locator("a").count()).toBe(0);

    // open the application to the recruiter's job by keyboard: its details and its history in the drawer
    await foreignRow.getByTestId("applicant-open").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => Boolean(url.searchParams.get("a_open")));
    const drawer = page.getByTestId("applicant-detail");
    await drawer.getByTestId("history-entry").first().waitFor();
    expect(await drawer.innerText()).toContain(WITHDRAWN_JOB);
    expect(await drawer.getByTestId("history-entry").first().innerText()).toContain("Applied, in New Candidates");
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    await page.screenshot({ path: "/tmp/learner-apps-staff-drawer.png" });
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.get("a_open"));

    // sort and page live in the address: a reload keeps them
    await section(page).locator("thead button.csc-sortable", { hasText: "Status" }).click();
    await page.waitForURL((url) => url.searchParams.get("a_sort") === "stage");
    await page.reload();
    await tableRows(page).first().waitFor();
    expect(new URL(page.url()).searchParams.get("a_sort")).toBe("stage");

    await section(page).evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: "/tmp/learner-apps-staff.png" });
    await context.close();

    // a company's staff do not reach the college's student: the page's not-found
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page, COMPANY_ADMIN);
    await page.goto(`${origin("himal")}${details}`);
    await page
      .getByTestId("resource-show")
      .getByText("This record does not exist, or it is not yours to see.")
      .waitFor();
    expect(await page.getByTestId("learner-applications").count()).toBe(0);
  });
});
