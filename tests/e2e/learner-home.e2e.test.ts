import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ApplicationStanding, isOpenApplication } from "@csc/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, REPO_ROOT } from "./playwright.config";
import { api, fillLogin, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { menuEntries } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The learner home on the built app: the student's dashboard says what to do next — their
 * open applications with the stage each is in, the learning under way with its progress, postings
 * suggested to them with Apply, their latest assessment result and their skills — each section
 * linking where it says, accessible and wholly in Nepali when the learner reads Nepali.
 */

const STUDENT = { email: "student@example.com", site: "kmc" };
const SCREENSHOTS = "/tmp/csc-learner-home";

type Row = { id: number; title?: string } & Record<string, unknown>;
type Application = Row & { stage: string; withdrawn_at: string | null; posting_type: string; applied_at: string };
type Enrolment = Row & { item_type: string; item_id: number; completed_at: string | null; progress: number };
type Attempt = Row & { self_assessment_id: number; score: number; max_score: number; percentage: number };

const readJson = (path: string) => JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
const english = { learner: readJson("locales/en-US/learner.json"), enums: readJson("locales/en-US/enums.json") };

/** The column pointing at the posting an application is to. */
const POSTING_COLUMN: Record<string, string> = {
  "learning-event": "learning_event_id",
  "job-opportunity": "job_opportunity_id",
  scholarship: "scholarship_id",
};
const POSTING_ENTRY: Record<string, string> = {
  "learning-event": "learning-events",
  "job-opportunity": "job-opportunities",
  scholarship: "scholarship",
};

// the home's own rule: waiting for an outcome, nothing completed, graded or withdrawn
const isOpen = (application: Application) => isOpenApplication(application as Application & ApplicationStanding);

/** Every English string of the home's own sections, cut at its placeholders into the words a reader sees. */
function englishFragments(): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") strings.push(value);
    else if (value && typeof value === "object") for (const child of Object.values(value)) walk(child);
  };
  const { learner } = english;
  walk(learner.home);
  walk([
    learner.skills.title,
    learner.skills.empty,
    learner.learning.view.mine,
    learner.learning.enrolledAt,
    learner.mine.appliedAt,
    learner.status.applied,
    learner.assessment.score,
    learner.assessment.takenAt,
    learner.assessment.passed,
    learner.assessment.failed,
    learner.apply.button,
  ]);
  return [
    ...new Set(
      strings
        .flatMap((text) => text.split(/\{\{[^}]+\}\}/))
        .map((part) => part.replace(/[:·—.,]/g, " ").trim())
        .filter((part) => /[A-Za-z]{3}/.test(part)),
    ),
  ];
}

/** The interface text of the home's sections: headings, labels, tags, links and buttons, without the data. */
function interfaceTexts(page: Page): Promise<string[]> {
  return page
    .locator(
      [
        '[data-testid="learner-home"] .csc-home__heading',
        '[data-testid="learner-home"] .csc-home__item-meta',
        '[data-testid="learner-home"] .csc-home__more',
        '[data-testid="learner-home"] .csc-empty',
        '[data-testid="learner-home"] [data-testid="application-status"]',
        '[data-testid="learner-home"] [data-testid="attempt-passed"]',
        '[data-testid="learner-home"] [data-testid="home-attempt-score"]',
        '[data-testid="learner-home"] [data-testid="apply-button"]',
      ].join(", "),
    )
    .allInnerTexts();
}

describe("the learner's home", () => {
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

  const signedIn = async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.origin(STUDENT.site)}/login`);
    await fillLogin(page, STUDENT.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };

  /** Opens the dashboard and waits until every section has loaded. */
  const openHome = async (page: Page, path: string) => {
    await page.goto(`${server.origin(STUDENT.site)}${path}`);
    await page.getByTestId("learner-home").waitFor();
    await page.waitForFunction(
      () => {
        const sections = [...document.querySelectorAll('[data-testid="learner-home"] section[data-loading]')];
        return sections.length >= 5 && sections.every((section) => section.getAttribute("data-loading") === "false");
      },
      undefined,
      { timeout: 20_000 },
    );
  };

  it("shows what to do next, each section linking where it says, accessible in English and in Nepali", async () => {
    const page = await signedIn();
    const entries = await menuEntries(page);
    const pathOf = (name: string) => {
      const entry = entries.find((item) => item.name === name);
      if (!entry) throw new Error(`the student has no ${name} entry`);
      return entry.path.split("?")[0] ?? entry.path;
    };
    const dashboard = pathOf("dashboard");

    // what the API says the home should show; an open application and learning under way made if the seed has none
    let applications = await api<Application[]>(page, "GET", "/api/applications?_start=0&_end=200");
    if (!applications.some(isOpen)) {
      const [posting] = await api<Row[]>(page, "GET", "/api/job-opportunities?type=current&_start=0&_end=1");
      if (!posting) throw new Error("no opportunity open to the student");
      await api(page, "POST", `/api/job-opportunities/${posting.id}/apply`, {});
      applications = await api<Application[]>(page, "GET", "/api/applications?_start=0&_end=200");
    }
    let enrolments = await api<Enrolment[]>(page, "GET", "/api/enrolments");
    if (!enrolments.some((enrolment) => enrolment.completed_at === null)) {
      const taken = new Set(enrolments.map((enrolment) => enrolment.item_id));
      const courses = await api<Row[]>(page, "GET", "/api/courses?_start=0&_end=100");
      const course = courses.find((row) => !taken.has(row.id));
      if (!course) throw new Error("no course left for the student to enrol in");
      await api(page, "POST", `/api/courses/${course.id}/enrol`, {});
      enrolments = await api<Enrolment[]>(page, "GET", "/api/enrolments");
    }
    const [latest] = await api<Attempt[]>(
      page,
      "GET",
      "/api/assessment-attempts?_sort=taken_at&_order=desc&_start=0&_end=1",
    );
    if (!latest) throw new Error("the seed has no assessment attempt of the student");
    let suggested = await api<Row[]>(page, "GET", "/api/job-opportunities?type=suggested&_start=0&_end=50");
    if (suggested.length === 0) {
      // a preference naming an open opportunity the student has not applied to makes it a suggestion
      const applied = new Set(applications.map((application) => application.job_opportunity_id));
      const current = await api<Row[]>(page, "GET", "/api/job-opportunities?type=current&_start=0&_end=100");
      const options = await api<{ data: { tags: { value: number; label: string }[] } }>(
        page,
        "GET",
        "/api/profile/options",
      );
      const labelsOf = (row: Row) =>
        [row.skills, row.tags].flatMap((list) =>
          Array.isArray(list) ? list.map((name) => String(name).toLowerCase()) : [],
        );
      const tag = current
        .filter((row) => !applied.has(row.id))
        .flatMap((row) => options.data.tags.filter((option) => labelsOf(row).includes(option.label.toLowerCase())))[0];
      if (!tag) throw new Error("no open opportunity could be suggested to the student");
      await api(page, "PATCH", "/api/profile", { preferences: [tag.value] });
      suggested = await api<Row[]>(page, "GET", "/api/job-opportunities?type=suggested&_start=0&_end=50");
    }
    const profile = await api<{ data: { skills: { name: string }[] } }>(page, "GET", "/api/profile");
    const open = applications.filter(isOpen).sort((a, b) => b.applied_at.localeCompare(a.applied_at) || b.id - a.id);
    const going = enrolments.filter((enrolment) => enrolment.completed_at === null);

    await openHome(page, dashboard);
    // the dashboard's welcome stays on top
    expect(await page.locator(".csc-hero").count()).toBe(1);

    // open applications, newest first, each with its stage and a link to its posting
    const shownApplications = page.getByTestId("home-application");
    expect(await shownApplications.count()).toBeGreaterThan(0);
    const newest = open[0] as Application;
    const first = shownApplications.first();
    expect(await first.getAttribute("data-application-id")).toBe(String(newest.id));
    const stage = english.enums.applicationStage[newest.stage] as string;
    expect(await textOf(first.getByTestId("application-status"))).toContain(stage);
    const shownIds = await shownApplications.evaluateAll((items) =>
      items.map((item) => Number(item.getAttribute("data-application-id"))),
    );
    const openIds = new Set(open.map((application) => application.id));
    expect(shownIds.every((id) => openIds.has(id))).toBe(true);
    const postingId = newest[POSTING_COLUMN[newest.posting_type] as string] as number;
    const postingLink = first.getByRole("link");
    const postingPath = `${pathOf(POSTING_ENTRY[newest.posting_type] as string)}/show/${postingId}`;
    expect(await postingLink.getAttribute("href")).toBe(postingPath);

    // learning under way, with its progress bar and a link to its course or roadmap
    const shownEnrolments = page.getByTestId("home-enrolment");
    expect(await shownEnrolments.count()).toBeGreaterThan(0);
    const goingIds = new Set(going.map((enrolment) => enrolment.id));
    const firstEnrolment = shownEnrolments.first();
    const enrolmentId = Number(await firstEnrolment.getAttribute("data-enrolment-id"));
    expect(goingIds.has(enrolmentId)).toBe(true);
    expect(await firstEnrolment.getByTestId("enrolment-progress").count()).toBe(1);
    const shownEnrolment = going.find((row) => row.id === enrolmentId) as Enrolment;
    const enrolmentLink = firstEnrolment.getByRole("link");
    const learningEntry = shownEnrolment.item_type === "career-roadmap" ? "career-roadmap" : "courses";
    expect(await enrolmentLink.getAttribute("href")).toContain(
      `${pathOf(learningEntry)}/show/${shownEnrolment.item_id}`,
    );

    // suggested postings: what the list's suggested tab gives, each with Apply and its page
    const suggestions = page.locator('[data-testid="home-suggestion"][data-resource-name="job-opportunities"]');
    if (suggested.length > 0) {
      expect(await suggestions.count()).toBeGreaterThan(0);
      const suggestedIds = new Set(suggested.map((row) => row.id));
      const card = suggestions.first().getByTestId("learner-card");
      const cardId = Number(await card.getAttribute("data-posting-id"));
      expect(suggestedIds.has(cardId)).toBe(true);
      expect(await card.getByTestId("apply-button").count()).toBe(1);
      expect(await card.locator(".csc-posting__title a").getAttribute("href")).toBe(
        `${pathOf("job-opportunities")}/show/${cardId}`,
      );
    } else {
      expect(await page.locator('[data-testid="home-suggested"] .csc-empty').count()).toBeGreaterThan(0);
    }
    expect(await page.getByTestId("home-suggestion").count()).toBeGreaterThan(0);

    // the latest assessment result is the API's newest attempt
    const attempt = page.getByTestId("home-attempt");
    expect(await attempt.getAttribute("data-attempt-id")).toBe(String(latest.id));
    const score = await textOf(page.getByTestId("home-attempt-score"));
    expect(score).toContain(`${latest.score} of ${latest.max_score}`);
    expect(score).toContain(`${latest.percentage}%`);
    const attemptPath = `${pathOf("self-assessment")}/show/${latest.self_assessment_id}?attempt=${latest.id}`;
    expect(await page.getByTestId("home-attempt-link").getAttribute("href")).toBe(attemptPath);

    // the skills from the profile
    const skills = page.getByTestId("home-skills");
    expect(profile.data.skills.length).toBeGreaterThan(0);
    expect(await skills.innerText()).toContain(profile.data.skills[0]?.name);

    // axe: nothing serious or critical
    await settleScreen(page, "dashboard");
    await page.screenshot({ path: `${SCREENSHOTS}-en.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // each link goes where it says
    await postingLink.click();
    await page.waitForURL((url) => url.pathname === postingPath);
    await page.locator(".csc-page-header__title").first().waitFor();
    await openHome(page, dashboard);
    await page.getByTestId("home-enrolment").first().getByRole("link").click();
    await page.waitForURL((url) => url.pathname.endsWith(`/show/${shownEnrolment.item_id}`));
    await page.locator(".csc-page-header__title").first().waitFor();
    await openHome(page, dashboard);
    await page.getByTestId("home-attempt-link").click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === attemptPath);
    await page.getByTestId("attempt-review").waitFor();
    await openHome(page, dashboard);
    await page.getByTestId("home-applications").locator(".csc-home__more").click();
    await page.waitForURL((url) => url.searchParams.get("scope") === "user-taken");
    await page.getByTestId("learner-postings").waitFor();

    // in Nepali: accessible, and none of the sections' English left on screen
    await openHome(page, dashboard);
    await page.getByTestId("language-switcher").first().click();
    await page.locator('.ant-dropdown-menu-item:has([lang="ne"])').click();
    await page.waitForFunction(() => document.documentElement.lang === "ne-NP");
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".ant-dropdown")].every((menu) => getComputedStyle(menu).display === "none"),
    );
    await openHome(page, dashboard);
    await settleScreen(page, "dashboard");
    await page.screenshot({ path: `${SCREENSHOTS}-np.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    const texts = await interfaceTexts(page);
    expect(texts.length).toBeGreaterThan(5);
    const shown = texts.join("\n");
    expect(shown).toMatch(/[\u0900-\u097F]/);
    const left = englishFragments().filter((fragment) => shown.includes(fragment));
    expect(left).toEqual([]);
    // numbers in Nepali digits: the score is the newest attempt's, written in Devanagari
    const nepaliDigits = (value: number) =>
      String(value).replace(/\d/g, (digit) => "०१२३४५६७८९"[Number(digit)] ?? digit);
    expect(await textOf(page.getByTestId("home-attempt-score"))).toContain(`${nepaliDigits(latest.percentage)}%`);
  });
});
