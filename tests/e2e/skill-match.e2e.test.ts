import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { expectToast } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * Skill match as a learner meets it (issue 24): a posting of their college asks a skill they have
 * and one they lack; its page says so, names a course of their site that teaches the missing
 * one, and that course's page is one click away; once the college completes the course, the
 * score rises and the skill moves to "Skills you have" — and the college sees the same score beside
 * the student among the posting's applicants. On a laptop and a 390 px phone, clean under axe.
 */

const STUDENT = { email: "student@example.com", site: "kmc" };
const COLLEGE = { email: "college.admin@example.com", site: "kmc" };
const SCREENSHOTS = "/tmp/csc-skill-match";

describe("skill match: the missing skill, what teaches it, and the score rising", () => {
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

  const signedIn = async (account: { email: string; site: string }) => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };

  /** Settled (on a laptop, the menu's entry selected; a phone's menu is in its drawer), a screenshot, and axe finds nothing serious. */
  async function expectAccessible(page: Page, shot: string, entry?: string) {
    await settleScreen(page, entry);
    await page.screenshot({ path: `${SCREENSHOTS}-${shot}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }

  it("names the missing skill with a course that teaches it, and the score rises once it is completed", async () => {
    const [student, college] = await Promise.all([signedIn(STUDENT), signedIn(COLLEGE)]);
    const profile = await api<{ data: { skills: { name: string }[] } }>(student, "GET", "/api/profile");
    const have = profile.data.skills[0]?.name;
    if (!have) throw new Error("the demo student has gained no skill");
    const stamp = Date.now().toString(36);
    const missing = `Knitting for robots ${stamp}`;

    // the college publishes a course teaching the missing skill, and a job asking for both
    const course = await api<{ id: number; title: string }>(college, "POST", "/api/courses", {
      title: `Robot knitting basics ${stamp}`,
      tags: [missing],
      publish_status: true,
    });
    const job = await api<{ id: number; title: string }>(college, "POST", "/api/job-opportunities", {
      title: `Robot knitter ${stamp}`,
      job_type: "internship",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      skills: [have, missing],
      publish_status: true,
    });

    // the card carries the score
    await student.goto(`${server.origin("kmc")}/job-opportunities?q=${encodeURIComponent(job.title)}`);
    const card = student.locator(`[data-testid="learner-card"][data-posting-id="${job.id}"]`);
    expect(await textOf(card.getByTestId("match-score"))).toBe("50% match");

    // its page: the skill the student has, the one they lack, and the course that teaches it
    await card.getByRole("link", { name: job.title }).click();
    const section = student.getByTestId("skill-match");
    await section.waitFor();
    expect(await textOf(section.getByTestId("match-score"))).toBe("50% match");
    expect(await textOf(section.locator("p").first())).toBe("You have 1 of the 2 skills this asks for.");
    expect(await section.getByTestId("matched-skills").getByTestId("skill").allInnerTexts()).toEqual([have]);
    const lacking = section.getByTestId("missing-skill");
    expect(await lacking.count()).toBe(1);
    expect(await textOf(lacking.locator(".csc-skills__tag"))).toBe(missing);
    await expectAccessible(student, "posting", "job-opportunities");
    await student.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(student, "posting-phone");
    await student.setViewportSize({ width: 1280, height: 900 });

    // the student applies; their college sees the same match beside them among the applicants
    await api(student, "POST", `/api/job-opportunities/${job.id}/apply`, {});
    const applicantMatch = async () => {
      await college.goto(`${server.origin("kmc")}/admin/job-opportunities/show/${job.id}`);
      const row = college.locator('[data-testid="applicants-table"] tr.ant-table-row', { hasText: STUDENT.email });
      return textOf(row.getByTestId("applicant-match"));
    };
    expect(await applicantMatch()).toBe("50%");

    // one click to the course, and Enrol there
    await lacking.getByRole("link", { name: course.title }).click();
    await student.waitForURL(new RegExp(`/courses/show/${course.id}$`));
    await student.getByTestId("enrol-button").click();
    await expectToast(student, `You enrolled in “${course.title}”.`);
    const enrolment = (
      await api<{ id: number; item_id: number }[]>(student, "GET", "/api/enrolments?item_type=course&_end=100")
    ).find((row) => row.item_id === course.id);
    if (!enrolment) throw new Error("the enrolment is not in the student's list");

    // the college completes it; the job now asks nothing the student lacks
    await api(college, "PATCH", `/api/enrolments/${enrolment.id}`, { completed: true });
    await student.goto(`${server.origin("kmc")}/job-opportunities/show/${job.id}`);
    await section.waitFor();
    await expect.poll(() => textOf(section.getByTestId("match-score"))).toBe("100% match");
    expect(await section.getByTestId("missing-skill").count()).toBe(0);
    expect(await section.getByTestId("matched-skills").getByTestId("skill").allInnerTexts()).toEqual([have, missing]);
    expect(await applicantMatch()).toBe("100%");
  }, 180_000);
});
