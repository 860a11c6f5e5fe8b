import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mailbox, startMailbox } from "../../apps/api/test/mailbox";
import { launchBrowser, newContext } from "./playwright.config";
import { fillLogin, settledDialog, textOf } from "./support/app";
import { APPLICANT_COLUMNS, applicantHeaders } from "./support/applicants";
import {
  chooseField,
  expectToast,
  fieldOf,
  fillField,
  pickDate,
  pickOption,
  save,
  typeRichText,
} from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The whole story on the built app, with a real SMTP server on loopback: a recruiter posts
 * an opportunity; a student finds it on the college's public page and applies, signing in on the
 * way; the recruiter and the college's staff see the applicant with every column; the
 * recruiter moves them through shortlisting to hired; the student sees each stage under "Taken by
 * Me" and gets each e-mail; the history says who did what.
 */

const RECRUITER = { email: "recruiter.admin@example.com", site: "recruiter" };
const STUDENT = { email: "student@example.com", site: "kmc" };
const COLLEGE = { email: "college.admin@example.com", site: "kmc" };

/** The recruiter's moves, each with the stage's label and a note the student reads. */
const MOVES = [
  { stage: "shortlisted", label: "Shortlisted", note: "Your CV stood out." },
  { stage: "final_interview", label: "Final Interview", note: "Final interview on Friday at 10:00." },
  { stage: "hired", label: "Hired", note: "Welcome aboard!" },
];

const run = Date.now().toString(36).slice(-5);
const TITLE = `Story Internship ${run}`;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

interface ApplicationRow {
  id: number;
  full_name: string;
  email: string;
  contact_number: string | null;
  profession: string | null;
  institution: string | null;
  department: string | null;
  applicant_type: string | null;
  stage: string;
}

/** A GET of the API from inside the page, as its signed-in user. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }, path);
}

/** The cells of the applicant table's row holding `text`, selection column left out. */
async function rowCells(page: Page, text: string): Promise<string[]> {
  const row = page.locator('[data-testid="applicants-table"] tr.ant-table-row', { hasText: text });
  await row.first().waitFor();
  const cells = await row.first().locator("td:not(.ant-table-selection-column)").allInnerTexts();
  return cells.map((cell) => cell.trim());
}

describe("from posting to hire: the applicant pipeline end to end", () => {
  let mailbox: Mailbox;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ SMTP_URL: mailbox.url, PIPELINE_UNDO_SECONDS: "1" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  const at = (site: string) => server.origin(site === "provider" ? "" : site);
  const freshPage = async () => {
    // the one story seen with antd's animations on, as most people see the app (the rest: reduced motion)
    const context = await newContext(browser, { motion: "full" });
    contexts.push(context);
    return context.newPage();
  };
  const signedIn = async (account: { email: string; site: string }) => {
    const page = await freshPage();
    await page.goto(`${at(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };
  /** The stage-change mails the student has received for this posting, oldest first. */
  const stageMails = () =>
    mailbox.received.filter(
      // the stage changes: not the receipt of applying, which names the posting too
      (mail) => mail.to.includes(STUDENT.email) && mail.text.includes(TITLE) && mail.text.includes("• Stage:"),
    );

  it("a recruiter posts, a student applies from the public page and is hired, following every stage and mail", async () => {
    // 1. the recruiter posts an internship, published for everyone
    const recruiter = await signedIn(RECRUITER);
    await recruiter.goto(`${at("recruiter")}/admin/job-opportunities/create`);
    await fillField(recruiter, "title", TITLE);
    await chooseField(recruiter, "job_type", "Internship", false);
    await typeRichText(recruiter, "description", "Six months at the front office, with a mentor.");
    await fillField(recruiter, "company_name", "Everest Recruiters");
    await pickDate(recruiter, "deadline", tomorrow());
    await fieldOf(recruiter, "publish_status").locator("button[role=switch]").click();
    await save(recruiter);
    await expectToast(recruiter, `“${TITLE}” was created.`);
    const [posting] = await apiGet<{ id: number }[]>(
      recruiter,
      `/api/job-opportunities?q=${encodeURIComponent(TITLE)}&_start=0&_end=1`,
    );
    const postingId = posting?.id ?? 0;
    expect(postingId).toBeGreaterThan(0);

    // 2. the student finds it on the college's public page, signed out, and applies with the account
    const student = await freshPage();
    await student.goto(`${at("kmc")}/job-opportunities-apply`);
    const card = student.locator(`[data-testid="learner-card"][data-posting-id="${postingId}"]`);
    await card.waitFor();
    expect(await textOf(card)).toContain(TITLE);
    await card.getByTestId("apply-button").click();
    // the dialog settled first: a click while it zooms in can land on nothing
    const choice = await settledDialog(student, student.getByTestId("sign-in-to-apply"));
    await choice.getByTestId("sign-in-to-apply").click();
    await student.waitForURL((url) => url.pathname === "/login");
    await fillLogin(student, STUDENT.email);
    await student.waitForURL((url) => url.pathname === "/job-opportunities-apply");
    const applied = student.waitForResponse((response) =>
      response.url().endsWith(`/api/job-opportunities/${postingId}/apply`),
    );
    await student.getByTestId("account-apply").click();
    expect((await applied).status()).toBe(201);

    // 3. the recruiter sees the applicant on the posting's page, every column filled from the application
    const [application] = await apiGet<ApplicationRow[]>(
      recruiter,
      `/api/applications?job_opportunity_id=${postingId}&_start=0&_end=10`,
    );
    expect(application).toMatchObject({ email: STUDENT.email, stage: "new_candidates", applicant_type: "college" });
    const applicationId = application?.id ?? 0;
    const showPosting = `${at("recruiter")}/admin/job-opportunities/show/${postingId}`;
    await recruiter.goto(showPosting);
    await recruiter.getByTestId("applicants-table").waitFor();
    expect(await applicantHeaders(recruiter)).toEqual(APPLICANT_COLUMNS);
    const dash = (value: string | null | undefined) => value || "—";
    const expectRow = (cells: string[]) => {
      const cell = (label: string) => cells[APPLICANT_COLUMNS.indexOf(label)];
      expect(cell("S.No.")).toBe("1");
      expect(cell("Student Name")).toContain(application?.full_name);
      // the posting names no skills: nothing to match
      expect(cell("Skill match")).toBe("—");
      expect(cell("Email")).toBe(STUDENT.email);
      expect(cell("Contact number")).toBe(dash(application?.contact_number));
      expect(cell("Profession")).toBe(dash(application?.profession));
      expect(cell("Institution")).toBe(dash(application?.institution));
      expect(cell("Applied Date")).toMatch(/\d{4}/);
      expect(cell("Applicant Type")).toBe("College");
      expect(cell("Status")).toContain("New Candidates");
      expect(cell("Department/Program")).toBe(dash(application?.department));
      expect(cell("Attendance")).toBe("No Status");
      expect(cell("Assessment")).toBe("—");
    };
    expect(application?.institution).toBeTruthy();
    expectRow(await rowCells(recruiter, STUDENT.email));

    // 4. the recruiter moves the applicant on, stage by stage; after each the student sees it and gets the mail
    const mine = await freshPage();
    await mine.goto(`${at("kmc")}/login`);
    await fillLogin(mine, STUDENT.email);
    await mine.waitForSelector('[data-testid="side-menu"]');
    const myCard = mine.locator(`[data-testid="learner-card"][data-posting-id="${postingId}"]`);
    for (const [index, move] of MOVES.entries()) {
      const row = recruiter.locator('[data-testid="applicants-table"] tr.ant-table-row', { hasText: STUDENT.email });
      await row.locator("input[type=checkbox]").check();
      await recruiter.getByTestId("applicants-bulk-change").click();
      const modal = await settledDialog(recruiter, recruiter.getByTestId("bulk-change"));
      await pickOption(recruiter, "#bulk-stage", move.label);
      await modal.locator("#bulk-note").fill(move.note);
      const answer = recruiter.waitForResponse((response) => response.url().endsWith("/api/applications/bulk"));
      await modal.getByRole("button", { name: "Apply changes" }).click();
      expect((await answer).status()).toBe(200);
      await modal.waitFor({ state: "hidden" });
      await expect
        .poll(async () => (await rowCells(recruiter, STUDENT.email))[APPLICANT_COLUMNS.indexOf("Status")])
        .toContain(move.label);

      // the student's "Taken by Me": the new stage, and the step in the timeline
      await mine.goto(`${at("kmc")}/job-opportunities?scope=user-taken`);
      await myCard.getByTestId("stage-timeline").waitFor();
      expect(await textOf(myCard.getByTestId("application-status"))).toBe(`Applied — ${move.label}`);
      expect(await myCard.getByTestId("stage-timeline").innerText()).toContain(move.note);

      // the e-mail, in a real mailbox, in the language the student applied in
      await expect.poll(() => stageMails().length, { timeout: 10_000 }).toBe(index + 1);
      const mail = stageMails()[index];
      // The student's own site, the stage, and the link to their application there
      expect(mail?.text).toContain(`on Kathmandu Model College`);
      expect(mail?.text).toContain(`• Stage: ${move.label}`);
      expect(mail?.text).toContain(`${at("kmc")}/job-opportunities/show/${postingId}`);
      expect(mail?.text).toContain(move.note);
    }
    // the decision is made: no withdrawing now
    expect(await myCard.getByTestId("withdraw-button").count()).toBe(0);

    // 5. the history says who did what: the student applied, the recruiter moved them three times
    const { data: me } = await apiGet<{ data: { full_name: string } }>(recruiter, "/api/profile");
    await recruiter
      .locator('[data-testid="applicants-table"] tr.ant-table-row', { hasText: STUDENT.email })
      .getByTestId("applicant-open")
      .click();
    await recruiter.waitForURL((url) => url.searchParams.get("a_open") === String(applicationId));
    const entries = recruiter.getByTestId("history-entry");
    await expect.poll(() => entries.count()).toBe(1 + MOVES.length);
    const texts = await entries.allInnerTexts();
    const from = ["New Candidates", ...MOVES.map((move) => move.label)];
    MOVES.forEach((move, index) => {
      const entry = texts[index + 1] ?? "";
      expect(entry).toContain(`Status: ${from[index]} → ${move.label}`);
      expect(entry).toContain(`by ${me.full_name},`);
      expect(entry).toContain(move.note);
    });
    expect(texts[0]).toContain("Applied, in New Candidates");
    expect(texts[0]).toContain(`by ${application?.full_name},`);

    // 6. the college's staff see their student's application to the recruiter's posting, read-only, as the recruiter does
    const college = await signedIn(COLLEGE);
    const [studentRow] = await apiGet<{ id: number }[]>(
      college,
      `/api/students?q=${encodeURIComponent(STUDENT.email)}&_start=0&_end=1`,
    );
    await college.goto(`${at("kmc")}/admin/learners/students/details/${studentRow?.id}`);
    await college.getByTestId("applicants-table").waitFor();
    expect((await applicantHeaders(college)).slice(0, APPLICANT_COLUMNS.length)).toEqual(APPLICANT_COLUMNS);
    const collegeCells = await rowCells(college, TITLE);
    expect(collegeCells.slice(1, APPLICANT_COLUMNS.length)).toEqual(
      (await rowCells(recruiter, STUDENT.email)).slice(1, APPLICANT_COLUMNS.length),
    );
    expect(await college.locator('[data-testid="applicants-table"] .ant-table-selection-column').count()).toBe(0);
  });
});
