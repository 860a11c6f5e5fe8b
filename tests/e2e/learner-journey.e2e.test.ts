import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, callApi, fillLogin, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { expectToast } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The learner journey on the built app (cards, never the console's tables): a
 * student takes a self assessment one question at a time, a reload keeps their answers, they see
 * their score and only then the right answers; they enrol in a course and open it on the course
 * site; their college's admin completes it; the certificate shows with its code and the
 * course's skills join the student's skills, a list that collapses to two lines with "+N more".
 */

const STUDENT = { email: "student@example.com", site: "kmc" };
const COLLEGE = { email: "college.admin@example.com", site: "kmc" };
const COURSE_SITE = "https://courses.example.test/login";
const ASSESSMENT = "JavaScript Fundamentals Check";
/** The seeded assessment's questions and the student's answers: two right, one wrong. */
const ANSWERS = [
  { question: "Which keyword declares a variable that cannot be reassigned?", answer: "const", right: "const" },
  { question: "What does [1, 2, 3].map((n) => n * 2) return?", answer: "[2, 4, 6]", right: "[2, 4, 6]" },
  { question: "Which operator compares without type conversion?", answer: "==", right: "===" },
];

/** A list as the API sends it (simple-rest: the rows, the total in a header). */
type Listed<T> = T[];
type Row = { id: number; title?: string; tags?: string[] } & Record<string, unknown>;

const SCREENSHOTS = "/tmp/csc-learner-journey";

/** The bar for every screen: once settled, a screenshot, and axe finds nothing serious or critical. */
async function expectAccessible(page: Page, entry: string | undefined, shot: string) {
  await settleScreen(page, entry);
  await page.screenshot({ path: `${SCREENSHOTS}-${shot}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
}

/** How many lines the shown tags of a skills list take. */
function linesOf(list: Locator): Promise<number> {
  return list.evaluate((root) => {
    const tags = [...root.querySelectorAll<HTMLElement>(":scope > li")];
    return new Set(tags.map((tag) => tag.offsetTop)).size;
  });
}

describe("the learner's journey: assessment, enrolment, completion, certificate and skills", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ COURSE_SITE_LOGIN_URL: COURSE_SITE });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (account: { email: string; site: string }) => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };

  it("a student takes an assessment and sees the score, and the right answers only after submitting", async () => {
    const student = await signedIn(STUDENT);
    const found = await api<Listed<Row>>(student, "GET", `/api/self-assessment?q=${encodeURIComponent(ASSESSMENT)}`);
    const assessment = found.find((row) => row.title === ASSESSMENT);
    if (!assessment) throw new Error(`${ASSESSMENT} is not open to the student`);
    // the answer key never reaches the learner with the assessment
    const read = await api<Row>(student, "GET", `/api/self-assessment/${assessment.id}`);
    expect(JSON.stringify(read)).not.toContain('"answer"');

    await student.goto(`${server.origin("kmc")}/self-assessment?type=all`);
    const card = student.locator(`[data-testid="assessment-card"][data-assessment-id="${assessment.id}"]`);
    await card.waitFor();
    expect(await student.locator(".ant-table").count()).toBe(0);
    await expectAccessible(student, "self-assessment", "assessments");
    await card.getByTestId("assessment-start").click();
    await student.getByTestId("assessment-take").waitFor();

    // one question at a time: answer the first, go on, and a reload keeps it (local storage)
    const question = student.getByTestId("assessment-question");
    const first = ANSWERS[0];
    if (!first) throw new Error("no questions");
    expect(await question.count()).toBe(1);
    expect(await question.innerText()).toContain(first.question);
    await student.getByRole("radio", { name: first.answer, exact: true }).check();
    await student.getByTestId("assessment-next").click();
    await expect.poll(() => question.innerText()).toContain(ANSWERS[1]?.question);
    await student.reload();
    await student.getByTestId("assessment-take").waitFor();
    await student.getByTestId("assessment-previous").click();
    await expect.poll(() => question.innerText()).toContain(first.question);
    expect(await student.getByRole("radio", { name: first.answer, exact: true }).isChecked()).toBe(true);

    // all on one page: the rest of the answers, and nothing tells the right ones yet
    await student.getByTestId("assessment-one-page").click();
    await expect.poll(() => question.count()).toBe(ANSWERS.length);
    for (const [index, { answer }] of ANSWERS.entries()) {
      await question.nth(index).getByRole("radio", { name: answer, exact: true }).check();
    }
    expect(await student.getByTestId("correct-answer").count()).toBe(0);
    await expectAccessible(student, "self-assessment", "taking");
    const submitted = student.waitForResponse(
      (response) =>
        response.url().endsWith(`/self-assessment/${assessment.id}/attempts`) && response.request().method() === "POST",
    );
    await student.getByTestId("assessment-submit").click();
    const answer = await submitted;
    expect(answer.status()).toBe(201);
    const result = ((await answer.json()) as { data: { id: number; score: number; percentage: number } }).data;

    // the score, then each question with the student's answer and the right one
    await student.getByTestId("attempt-review").waitFor();
    expect(await textOf(student.getByTestId("attempt-score").locator(".csc-attempt-score__main"))).toBe("2 of 3 (67%)");
    expect(result).toMatchObject({ score: 2, percentage: 67 });
    expect(await textOf(student.getByTestId("attempt-passed"))).toBe("Passed");
    const reviewed = student.getByTestId("attempt-answer");
    await expect.poll(() => reviewed.count()).toBe(ANSWERS.length);
    for (const [index, expected] of ANSWERS.entries()) {
      const row = reviewed.nth(index);
      expect(await textOf(row.getByTestId("your-answer"))).toBe(expected.answer);
      expect(await textOf(row.getByTestId("correct-answer"))).toBe(expected.right);
      expect(await row.getAttribute("data-correct")).toBe(String(expected.answer === expected.right));
    }
    await expectAccessible(student, "self-assessment", "result");
    // the draft is gone with the submission, and the attempt is among the past ones
    expect(
      await student.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("csc-assessment:"))),
    ).toEqual([]);
    await student.goto(`${server.origin("kmc")}/self-assessment/show/${assessment.id}`);
    const history = student.getByTestId("attempt-row");
    await history.first().waitFor();
    expect(await history.first().innerText()).toContain("2 of 3 (67%)");
  });

  it("a student enrols in a course, the college completes it, the certificate and the course's skills appear", async () => {
    const student = await signedIn(STUDENT);
    // a course with skills the student has neither taken nor gained yet
    const [courses, mine, profile] = await Promise.all([
      api<Listed<Row>>(student, "GET", "/api/courses?_start=0&_end=100"),
      api<Listed<{ item_id: number }>>(student, "GET", "/api/enrolments?item_type=course"),
      api<{ data: { skills: { name: string }[] } }>(student, "GET", "/api/profile"),
    ]);
    const taken = new Set(mine.map((row) => row.item_id));
    const held = new Set(profile.data.skills.map((skill) => skill.name.toLowerCase()));
    const course = courses.find(
      (row) => !taken.has(row.id) && (row.tags ?? []).some((tag) => !held.has(tag.toLowerCase())),
    );
    if (!course) throw new Error("no course left for the student to enrol in");
    const title = String(course.title);

    // the card's one action: Enrol
    await student.goto(`${server.origin("kmc")}/courses?q=${encodeURIComponent(title)}`);
    const card = student.locator(`[data-testid="learning-card"][data-item-id="${course.id}"]`);
    await card.waitFor();
    expect(await student.locator(".ant-table").count()).toBe(0);
    await expectAccessible(student, "courses", "courses");
    await card.getByTestId("enrol-button").click();
    await expectToast(student, `You enrolled in “${title}”.`);
    await card.getByTestId("enrolment-progress").waitFor();
    // Open it on the course site, at the course variant of the login URL
    expect(await card.getByTestId("open-course").getAttribute("href")).toBe(
      `${COURSE_SITE}?type=course&id=${course.id}`,
    );
    // a second enrolment is refused
    expect((await callApi(student, "POST", `/api/courses/${course.id}/enrol`, {})).status).toBe(409);
    const enrolment = (
      await api<Listed<{ id: number; item_id: number }>>(student, "GET", "/api/enrolments?item_type=course")
    ).find((row) => row.item_id === course.id);
    if (!enrolment) throw new Error("the enrolment is not in the student's list");

    // the college's admin completes it, with their own token
    const college = await signedIn(COLLEGE);
    const completed = await api<{ certificate_code: string | null; completed_at: string | null }>(
      college,
      "PATCH",
      `/api/enrolments/${enrolment.id}`,
      { completed: true },
    );
    expect(completed.completed_at).not.toBeNull();
    const code = completed.certificate_code;
    if (!code) throw new Error("completion issued no certificate");

    // My learning: completed, with the certificate's code
    await student.setViewportSize({ width: 360, height: 900 });
    await student.goto(`${server.origin("kmc")}/courses?view=mine`);
    const done = student.locator(
      `[data-testid="my-learning"] [data-testid="learning-card"][data-item-id="${course.id}"]`,
    );
    await done.getByTestId("enrolment-completed").waitFor();
    expect(await textOf(done.getByTestId("certificate-code"))).toBe(code);

    // the course's skills among the student's, in a list collapsed to two lines with "+N more"
    const skills = student.getByTestId("my-skills");
    const list = skills.locator("ul.csc-skills__list");
    const toggle = skills.getByTestId("skills-toggle");
    await toggle.waitFor();
    const all = (await api<{ data: { skills: { name: string }[] } }>(student, "GET", "/api/profile")).data.skills;
    for (const tag of course.tags ?? []) {
      expect(all.map((skill) => skill.name.toLowerCase())).toContain(tag.toLowerCase());
    }
    const shown = await list.getByTestId("skill").count();
    expect(await textOf(toggle)).toBe(`+${all.length - shown} more`);
    expect(await linesOf(list)).toBeLessThanOrEqual(2);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    // the keyboard opens it: every skill, each saying when and from what it was gained
    await toggle.focus();
    await student.keyboard.press("Enter");
    await expect.poll(() => textOf(toggle)).toBe("View less");
    expect(await list.getByTestId("skill").count()).toBe(all.length);
    const titles = new Map(
      await list
        .getByTestId("skill")
        .evaluateAll((tags) => tags.map((tag) => [tag.firstChild?.textContent ?? "", tag.getAttribute("title") ?? ""])),
    );
    expect([...titles.values()].every((said) => said.startsWith("Gained on "))).toBe(true);
    for (const tag of (course.tags ?? []).filter((name) => !held.has(name.toLowerCase()))) {
      expect(titles.get(tag)).toMatch(/^Gained on .+ from /);
      expect(titles.get(tag)?.endsWith(` from ${title}`)).toBe(true);
    }
    // a phone-wide screen folds the side menu away, so only the screen itself is waited for
    await expectAccessible(student, undefined, "my-learning");
    await toggle.press("Enter");
    await expect.poll(() => textOf(toggle)).toMatch(/^\+\d+ more$/);
    expect(await linesOf(list)).toBeLessThanOrEqual(2);
  });

  it("a student enrols in a career roadmap and ticks its steps, the progress saved", async () => {
    const student = await signedIn(STUDENT);
    const [roadmaps, mine] = await Promise.all([
      api<Listed<Row & { skills?: string[] }>>(student, "GET", "/api/career-roadmap?_start=0&_end=100"),
      api<Listed<{ item_id: number }>>(student, "GET", "/api/enrolments?item_type=career-roadmap"),
    ]);
    const taken = new Set(mine.map((row) => row.item_id));
    const roadmap = roadmaps.find((row) => !taken.has(row.id) && (row.skills ?? []).length >= 2);
    if (!roadmap) throw new Error("no roadmap left for the student to enrol in");
    const steps = roadmap.skills ?? [];

    await student.goto(`${server.origin("kmc")}/career-roadmap/show/${roadmap.id}`);
    await student.getByTestId("learning-detail").waitFor();
    await student.getByTestId("enrol-button").click();
    await expectToast(student, /You enrolled in/);
    const boxes = student.getByTestId("roadmap-step");
    await expect.poll(() => boxes.first().isDisabled()).toBe(false);
    expect(await boxes.count()).toBe(steps.length);
    const saved = student.waitForResponse((response) => /\/api\/enrolments\/\d+$/.test(response.url()));
    await boxes.first().click();
    const response = await saved;
    expect(`${response.status()} ${await response.text()}`).toMatch(/^200 /);
    const percent = Math.round(100 / steps.length);
    await expect.poll(() => student.getByTestId("roadmap-progress").innerText()).toContain(`${percent}%`);
    const row = (
      await api<Listed<{ item_id: number; progress: number; steps_done: unknown }>>(
        student,
        "GET",
        "/api/enrolments?item_type=career-roadmap",
      )
    ).find((enrolment) => enrolment.item_id === roadmap.id);
    expect(row?.progress).toBe(percent);
    expect(row?.steps_done).toEqual([steps[0]]);
    // a reload shows the step still ticked
    await student.reload();
    await expect.poll(() => student.getByTestId("roadmap-step").first().isChecked()).toBe(true);
    await expectAccessible(student, "career-roadmap", "roadmap");
  });
});
