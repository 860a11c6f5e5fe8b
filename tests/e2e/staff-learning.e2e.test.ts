import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { fillLogin, settledDialog, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { expectToast, menuEntries } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The staff side on the built app, on a server and database of its own (the completions
 * change the demo data): a college admin opens a course, finds the college's learners enrolled in
 * it, marks two in-progress enrolments complete together and sees their certificate codes; then a
 * student's detail page shows their learning and their assessment attempts, as the API counts them.
 */

const COLLEGE = { email: "college.admin@example.com", site: "kmc" };
const STUDENT_EMAIL = "student@example.com";
const SCREENSHOTS = "/tmp/csc-staff-learning";

interface Enrolment {
  id: number;
  item_type: string;
  item_id: number;
  user_id: number;
  completed_at: string | null;
  certificate_code: string | null;
}

/** A GET of the API from inside the page, as its signed-in user: the rows and the total the list header gives. */
async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T; total: number }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, {
      headers: { Accept: "application/json", Authorization: `Bearer ${localStorage.getItem("csc-token")}` },
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as never,
      total: Number(response.headers.get("X-Total-Count") ?? -1),
    };
  }, path);
}

async function ok<T>(page: Page, path: string): Promise<{ body: T; total: number }> {
  const answer = await apiGet<T>(page, path);
  if (answer.status >= 300) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** The bar: once settled, a screenshot, and axe finds nothing serious or critical. */
async function expectAccessible(page: Page, entry: string, shot: string) {
  await settleScreen(page, entry);
  await page.screenshot({ path: `${SCREENSHOTS}-${shot}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
}

const rowOf = (section: Locator, id: number) => section.locator(`tr.ant-table-row[data-enrolment-id="${id}"]`);

describe("staff complete enrolments and read a learner's learning and assessments", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await page.goto(`${server.origin(COLLEGE.site)}/login`);
    await fillLogin(page, COLLEGE.email);
    await page.waitForSelector('[data-testid="side-menu"]');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("marks two in-progress enrolments of a course complete in bulk, with certificate codes", async () => {
    // a course the college admin reads with at least two of the college's learners still under way
    const open = await ok<Enrolment[]>(page, "/api/enrolments?item_type=course&completed=false&_start=0&_end=100");
    const byCourse = new Map<number, Enrolment[]>();
    for (const row of open.body) byCourse.set(row.item_id, [...(byCourse.get(row.item_id) ?? []), row]);
    let courseId: number | undefined;
    for (const [id, rows] of [...byCourse].sort((a, b) => b[1].length - a[1].length)) {
      if (rows.length >= 2 && (await apiGet(page, `/api/courses/${id}`)).status === 200) {
        courseId = id;
        break;
      }
    }
    if (courseId === undefined) throw new Error("no course the college reads has two enrolments under way");
    const enrolled = await ok<Enrolment[]>(
      page,
      `/api/enrolments?item_type=course&item_id=${courseId}&_start=0&_end=100`,
    );

    const courses = (await menuEntries(page)).find((entry) => entry.name === "courses");
    if (!courses) throw new Error("the college admin has no courses entry");
    await page.goto(`${server.origin(COLLEGE.site)}${courses.path}/show/${courseId}`);
    const section = page.getByTestId("enrolled-learners");
    await section.getByTestId("enrolled-learners-table").waitFor();
    await expect
      .poll(() => textOf(section.getByTestId("enrolled-learners-count")))
      .toBe(`${enrolled.total} enrolment${enrolled.total === 1 ? "" : "s"}`);
    await expectAccessible(page, "courses", "course");

    // only those under way, by the status filter
    await section.getByTestId("enrolled-learners-status").getByText("In progress", { exact: true }).click();
    const rows = section.locator("tr.ant-table-row");
    await expect.poll(async () => (await rows.all()).length).toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-status")))))
      .toEqual(new Set(["in-progress"]));
    const ids = (
      await rows.evaluateAll((all) => all.map((row) => Number(row.getAttribute("data-enrolment-id"))))
    ).slice(0, 2);
    // the learners are the college's, by name
    for (const id of ids) {
      const row = enrolled.body.find((candidate) => candidate.id === id);
      expect(row?.completed_at ?? null).toBeNull();
      const learner = await ok<{ full_name: string }>(page, `/api/students/${row?.user_id}`);
      expect(await textOf(rowOf(section, id))).toContain(learner.body.full_name);
    }

    for (const id of ids) await rowOf(section, id).locator(".ant-checkbox-input").check();
    await section.getByTestId("enrolments-bulk-complete").click();
    await expectToast(page, "2 enrolment(s) updated.");

    // the completed ones now show under "Completed", with their codes
    await section.getByTestId("enrolled-learners-status").getByText("Completed", { exact: true }).click();
    for (const id of ids) {
      const stored = await ok<Enrolment>(page, `/api/enrolments/${id}`);
      expect(stored.body.completed_at).not.toBeNull();
      expect(stored.body.certificate_code).toMatch(/\S/);
      const row = rowOf(section, id);
      await row.waitFor();
      expect(await row.getAttribute("data-status")).toBe("completed");
      expect(await textOf(row.getByTestId("enrolment-certificate"))).toBe(stored.body.certificate_code);
    }
    await expectAccessible(page, "courses", "course-completed");
    // the filter is in the address: a reload shows the same learners
    expect(new URL(page.url()).searchParams.get("e_status")).toBe("completed");
    await page.reload();
    await section.getByTestId("enrolled-learners-status").waitFor();
    expect(
      await section.getByTestId("enrolled-learners-status").locator(".ant-segmented-item-selected").innerText(),
    ).toBe("Completed");
    for (const id of ids) await rowOf(section, id).waitFor();

    // one by one: taking completion back asks first and removes the certificate; completing again gives a code
    const [first] = ids;
    if (first === undefined) throw new Error("no enrolment chosen");
    await rowOf(section, first).getByTestId("enrolment-reopen").click();
    await settledDialog(page);
    await page.getByTestId("enrolments-reopen-confirm").click();
    await expectToast(page, "The enrolment is marked not complete.");
    const reopened = await ok<Enrolment>(page, `/api/enrolments/${first}`);
    expect(reopened.body.completed_at).toBeNull();
    expect(reopened.body.certificate_code).toBeNull();
    await section.getByTestId("enrolled-learners-status").getByText("All", { exact: true }).click();
    await expect.poll(() => rowOf(section, first).getAttribute("data-status")).toBe("in-progress");
    await rowOf(section, first).getByTestId("enrolment-complete").click();
    await expectToast(page, "The enrolment is marked complete.");
    await expect.poll(() => rowOf(section, first).getAttribute("data-status")).toBe("completed");
    expect((await ok<Enrolment>(page, `/api/enrolments/${first}`)).body.certificate_code).toMatch(/\S/);
  });

  it("shows a student's learning and assessment attempts on their detail page, as the API counts them", async () => {
    const found = await ok<{ id: number; email: string }[]>(
      page,
      `/api/students?q=${encodeURIComponent(STUDENT_EMAIL)}&_start=0&_end=10`,
    );
    const student = found.body.find((row) => row.email === STUDENT_EMAIL);
    if (!student) throw new Error(`${STUDENT_EMAIL} is not one of the college's students`);
    const learning = await ok<Enrolment[]>(page, `/api/enrolments?user_id=${student.id}&_start=0&_end=10`);
    const attempts = await ok<{ id: number }[]>(
      page,
      `/api/assessment-attempts?user_id=${student.id}&_start=0&_end=10`,
    );
    expect(learning.total).toBeGreaterThan(0);

    const students = (await menuEntries(page)).find((entry) => entry.name === "students");
    if (!students) throw new Error("the college admin has no students entry");
    await page.goto(`${server.origin(COLLEGE.site)}${students.path}/details/${student.id}`);
    const learningCard = page.getByTestId("learner-learning");
    const assessmentsCard = page.getByTestId("learner-assessments");
    await expect
      .poll(() => learningCard.getByTestId("learner-learning-count").getAttribute("data-count"))
      .toBe(String(learning.total));
    await expect
      .poll(() => assessmentsCard.getByTestId("learner-assessments-count").getAttribute("data-count"))
      .toBe(String(attempts.total));
    expect(await learningCard.locator("tr.ant-table-row").count()).toBe(Math.min(learning.total, 10));
    // the attempts themselves, below the first and best score of each assessment
    expect(await assessmentsCard.getByTestId("learner-assessments-table").locator("tr.ant-table-row").count()).toBe(
      Math.min(attempts.total, 10),
    );
    await expect.poll(() => assessmentsCard.getByTestId("assessment-best-score").count()).toBeGreaterThan(0);
    await expectAccessible(page, "students", "learner");

    // an attempt opens with its questions, the learner's answers and the right ones
    const [first] = attempts.body;
    if (first) {
      const attempt = await ok<{ questions: { question: string }[] }>(page, `/api/assessment-attempts/${first.id}`);
      await assessmentsCard.getByTestId("attempt-open").first().click();
      const drawer = page.getByTestId("attempt-detail");
      await drawer.getByTestId("attempt-questions").waitFor();
      expect(await drawer.getByTestId("attempt-question").count()).toBe(attempt.body.questions.length);
      await expectAccessible(page, "students", "attempt");
    }
  });
});
