import {
  APPLICANT_STAGES,
  ATTENDANCE_VALUES,
  COMPLETION_STATUSES,
  firstStageOf,
  isEnumValue,
  LEARNER_ROLES,
  LEARNER_STAGES,
  LETTER_GRADES,
  type PostingType,
  type Role,
  stageFits,
} from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApplicants, loadPostings, planDemoApplications } from "../src/seed/applications.js";
import { DAY, loadContext } from "../src/seed/catalogue.js";
import { AUTHORS } from "../src/seed/catalogue-data.js";
import { seedScale } from "../src/seed/index.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The demo seed's applicants, and those of `--scale`, are rows the pipeline's
 * commands could have written: every posting has applicants in every stage of its variant, with
 * attendance, grades or percentages by the event's grading type, and a history that leads from the
 * first stage to the row as it is, written by the applicant and the posting's own staff.
 */

let t: TestApp;
/** The seed's reference date: when the demo tenants were created. */
let ref: number;

beforeAll(async () => {
  t = await createTestApp();
  const kmc = await t.app.db
    .selectFrom("institutions")
    .select("created_at")
    .where("subdomain", "=", "kmc")
    .executeTakeFirstOrThrow();
  ref = Date.parse(kmc.created_at);
});
afterAll(async () => {
  await t?.close();
});

type Application = Awaited<ReturnType<typeof applications>>[number];
type History = {
  application_id: number;
  field: string;
  from_value: string | null;
  to_value: string | null;
  by_user_id: number | null;
  at: string;
};

const POSTING_COLUMN = {
  "learning-event": "learning_event_id",
  "job-opportunity": "job_opportunity_id",
  scholarship: "scholarship_id",
} as const;

const applications = (aboveId = 0) =>
  t.app.db.selectFrom("applications").selectAll().where("id", ">", aboveId).orderBy("id").execute();

async function historiesOf(rows: readonly Application[]): Promise<Map<number, History[]>> {
  const byApplication = new Map<number, History[]>(rows.map((row) => [row.id, []]));
  const first = rows[0]?.id ?? 0;
  const history = await t.app.db
    .selectFrom("application_history")
    .select(["application_id", "field", "from_value", "to_value", "by_user_id", "at"])
    .where("application_id", ">=", first)
    .orderBy("id")
    .execute();
  for (const entry of history) byApplication.get(entry.application_id)?.push(entry);
  return byApplication;
}

/** Each posting's type, owner staff, grading and the window in which it took applications. */
async function postingsById() {
  const ctx = await loadContext(t.app.db, ref);
  const staffIds = async (owner: keyof typeof AUTHORS) =>
    (await t.app.db.selectFrom("users").select("id").where("email", "in", AUTHORS[owner].emails).execute()).map(
      (u) => u.id,
    );
  const staff = {
    provider: await staffIds("provider"),
    kmc: await staffIds("kmc"),
    himal: await staffIds("himal"),
    recruiter: await staffIds("recruiter"),
  };
  const postings = await loadPostings(t.app.db, ctx);
  return new Map(postings.map((p) => [`${p.type}:${p.id}`, { ...p, staff: staff[p.owner] }]));
}

const postingKey = (row: Application) => `${row.posting_type}:${row[POSTING_COLUMN[row.posting_type]]}`;

/** The field as history stores it: text, or null. */
const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * Replays an application's history from nothing and says where it does not lead to the row as it
 * is: the first row puts it in its first stage, by the applicant, when they applied; every later
 * row starts from the value the one before left, by the posting's staff (a withdrawal by the
 * applicant); the dates never go back nor pass the reference date.
 */
function historyProblems(row: Application, history: History[], staff: readonly number[]): string[] {
  const problems: string[] = [];
  const fail = (what: string) => problems.push(`application ${row.id}: ${what}`);
  const [first] = history;
  if (!first) return [`application ${row.id}: no history`];
  if (first.field !== "stage" || first.from_value !== null || first.to_value !== firstStageOf(row.posting_type)) {
    fail(`starts with ${JSON.stringify(first)}`);
  }
  if (first.by_user_id !== row.user_id) fail(`applied by ${first.by_user_id}`);
  if (first.at !== row.applied_at) fail(`first history at ${first.at}, applied at ${row.applied_at}`);
  const values: Record<string, string | null> = {
    stage: null,
    attendance: "3",
    grade: null,
    percentage: null,
    completion_status: null,
    withdrawn_at: null,
  };
  let previous = "";
  for (const entry of history) {
    if (values[entry.field] !== entry.from_value)
      fail(`${entry.field} from ${entry.from_value}, was ${values[entry.field]}`);
    values[entry.field] = entry.to_value;
    if (entry.at < previous) fail(`${entry.at} before ${previous}`);
    if (Date.parse(entry.at) > ref) fail(`${entry.at} after the reference date`);
    previous = entry.at;
    const authors: readonly (number | null)[] = entry.field === "withdrawn_at" ? [row.user_id] : staff;
    if (entry !== first && !authors.includes(entry.by_user_id)) fail(`${entry.field} changed by ${entry.by_user_id}`);
  }
  const now = {
    stage: row.stage,
    attendance: asText(row.attendance),
    grade: row.grade,
    percentage: asText(row.percentage),
    completion_status: row.completion_status,
    withdrawn_at: row.withdrawn_at,
  };
  if (JSON.stringify(values) !== JSON.stringify(now)) fail(`history leads to ${JSON.stringify(values)}`);
  if (row.updated_at !== previous) fail(`updated at ${row.updated_at}, last change ${previous}`);
  return problems;
}

/**
 * Where a row breaks what the pipeline's commands accept: a stage of its variant, a value each
 * field holds, a grade or percentage only where the event grades so, one posting.
 */
function rowProblems(row: Application, gradingType: string | null): string[] {
  const problems: string[] = [];
  const fail = (what: string) => problems.push(`application ${row.id}: ${what}`);
  if (!stageFits(row.posting_type, row.stage)) fail(`stage ${row.stage}`);
  if (!isEnumValue(ATTENDANCE_VALUES, row.attendance)) fail(`attendance ${row.attendance}`);
  if (row.grade !== null && (!isEnumValue(LETTER_GRADES, row.grade) || gradingType !== "grade")) {
    fail(`grade ${row.grade} (${gradingType})`);
  }
  const percentage = row.percentage;
  if (percentage !== null && (percentage < 0 || percentage > 100 || gradingType !== "percentage")) {
    fail(`percentage ${percentage} (${gradingType})`);
  }
  const completion = row.completion_status;
  if (completion !== null && (!isEnumValue(COMPLETION_STATUSES, completion) || row.posting_type !== "learning-event")) {
    fail(`completion ${completion}`);
  }
  // a certificate for those who completed, and only for them
  if ((row.certificate_code !== null) !== (completion === "complete")) fail(`certificate ${row.certificate_code}`);
  // only an undecided application is withdrawn
  if (row.withdrawn_at !== null && (row.stage !== firstStageOf(row.posting_type) || row.attendance !== 3)) {
    fail("withdrawn after a decision");
  }
  const postings = [row.learning_event_id, row.job_opportunity_id, row.scholarship_id].filter((id) => id !== null);
  if (postings.length !== 1 || row[POSTING_COLUMN[row.posting_type]] === null) fail(`postings ${postings}`);
  return problems;
}

/** The applicant's own details, copied from their account as the apply command copies them. */
async function expectCopiedFromLearner(rows: readonly Application[]) {
  const learners = new Map(
    (
      await t.app.db
        .selectFrom("users as u")
        .leftJoin("institutions as i", "i.id", "u.institution_id")
        .leftJoin("program_departments as pd", "pd.id", "u.program_department_id")
        .select(["u.id", "u.role", "u.email", "u.full_name", "u.phone", "u.institution_id", "u.created_at"])
        .select(["i.name as institution", "i.type as institution_type", "pd.name as department"])
        .execute()
    ).map((u) => [u.id, u]),
  );
  const problems: string[] = [];
  for (const row of rows) {
    const learner = learners.get(row.user_id ?? 0);
    if (!learner || !LEARNER_ROLES.includes(learner.role as Role)) {
      problems.push(`application ${row.id}: by ${row.user_id}, no learner`);
      continue;
    }
    const copied = {
      email: learner.email,
      full_name: learner.full_name,
      contact_number: learner.phone,
      institution_id: learner.institution_id,
      institution: learner.institution,
      department: learner.department,
      applicant_type:
        learner.institution_id === null ? "skill_lab" : learner.institution_type === "college" ? "college" : null,
    };
    for (const [field, value] of Object.entries(copied)) {
      if (row[field as keyof typeof copied] !== value) problems.push(`application ${row.id}: ${field} is not ${value}`);
    }
    if (row.language !== "en-US" && row.language !== "np-NP") problems.push(`application ${row.id}: ${row.language}`);
  }
  expect(problems).toEqual([]);
  return learners;
}

describe("the demo's applications", () => {
  it("give every learning event, job opportunity and scholarship applicants", async () => {
    const postings = await postingsById();
    const rows = await applications();
    const applied = new Set(rows.map(postingKey));
    for (const key of postings.keys()) expect(applied.has(key), key).toBe(true);
    expect(rows.length).toBeGreaterThan(postings.size * 5);
  });

  it("reach every stage of each variant, every attendance, and grades or percentages by the event's grading", async () => {
    const rows = await applications();
    const postings = await postingsById();
    const stagesOf = (type: PostingType) => new Set(rows.filter((r) => r.posting_type === type).map((r) => r.stage));
    expect(stagesOf("job-opportunity")).toEqual(new Set(APPLICANT_STAGES));
    expect(stagesOf("learning-event")).toEqual(new Set(LEARNER_STAGES));
    expect(stagesOf("scholarship")).toEqual(new Set(LEARNER_STAGES));
    expect(new Set(rows.map((r) => r.attendance))).toEqual(new Set(ATTENDANCE_VALUES));
    expect(rows.flatMap((row) => rowProblems(row, postings.get(postingKey(row))?.gradingType ?? null))).toEqual([]);
    expect(rows.some((r) => r.grade !== null)).toBe(true);
    expect(rows.some((r) => r.percentage !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.completion_status))).toEqual(new Set([null, ...COMPLETION_STATUSES]));
    expect(rows.filter((r) => r.withdrawn_at !== null).length).toBeGreaterThan(0);
    const codes = rows.flatMap((r) => (r.certificate_code ? [r.certificate_code] : []));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("keep a history that leads from the first stage to each row, by the applicant and the posting's staff", async () => {
    const rows = await applications();
    const postings = await postingsById();
    const histories = await historiesOf(rows);
    const problems = rows.flatMap((row) =>
      historyProblems(row, histories.get(row.id) ?? [], postings.get(postingKey(row))?.staff ?? []),
    );
    expect(problems).toEqual([]);
    // a decision leaves more than the application itself
    expect([...histories.values()].some((h) => h.length >= 4)).toBe(true);
  });

  it("were made while each posting was open, by learners whose details they carry, over several years", async () => {
    const rows = await applications();
    const postings = await postingsById();
    const learners = await expectCopiedFromLearner(rows);
    const demoLearners = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    for (const row of rows) {
      const posting = postings.get(postingKey(row));
      const applied = Date.parse(row.applied_at);
      expect(applied, `application ${row.id}`).toBeGreaterThanOrEqual(posting?.opens ?? Number.NaN);
      expect(applied, `application ${row.id}`).toBeLessThanOrEqual(Math.min(posting?.closes ?? Number.NaN, ref));
      expect(row.created_at).toBe(row.applied_at);
      const learner = learners.get(row.user_id ?? 0);
      // the demo accounts are made when the demo is; the other learners applied once they had an account
      if (learner && !demoLearners.has(learner.email)) {
        expect(applied, `application ${row.id}`).toBeGreaterThanOrEqual(Date.parse(learner.created_at));
      }
    }
    const years = new Set(rows.map((r) => r.applied_at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3);
    expect(Math.min(...rows.map((r) => Date.parse(r.applied_at)))).toBeLessThan(ref - 2 * 365 * DAY);
    // one application per learner and posting, as the unique indexes hold
    expect(new Set(rows.map((r) => `${postingKey(r)}:${r.user_id}`)).size).toBe(rows.length);
  });

  it.each(DEMO_ACCOUNTS.filter((a) => LEARNER_ROLES.includes(a.role)))(
    "show $email a few applications in different stages, and open postings left to apply to",
    async (account) => {
      const token = await tokenFor(t.app, account.email, account.site);
      const headers = { host: hostOf(account.site), ...bearer(token) };
      const own = await t.app.inject({ url: "/api/applications?_start=0&_end=100", headers });
      expect(own.statusCode, own.body).toBe(200);
      const mine = own.json<{ stage: string; job_opportunity_id: number | null }[]>();
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(new Set(mine.map((a) => a.stage)).size).toBeGreaterThanOrEqual(3);

      const today = new Date().toISOString().slice(0, 10);
      const jobs = await t.app.inject({ url: "/api/job-opportunities?_start=0&_end=100", headers });
      expect(jobs.statusCode, jobs.body).toBe(200);
      const applied = new Set(mine.map((a) => a.job_opportunity_id));
      const open = jobs
        .json<{ id: number; deadline: string }[]>()
        .filter((j) => j.deadline >= today && !applied.has(j.id));
      expect(open.length, "open opportunities not applied to").toBeGreaterThan(0);
      const apply = await t.app.inject({
        method: "POST",
        url: `/api/job-opportunities/${open[0]?.id}/apply`,
        headers,
        payload: {},
      });
      expect(apply.statusCode, apply.body).toBe(201);
    },
  );

  it("serves every seeded application and its history through the API", async () => {
    const token = await tokenFor(t.app, "superadmin@example.com", "provider");
    const total = (await applications()).length;
    const res = await t.app.inject({ url: `/api/applications?_start=0&_end=${total}`, headers: bearer(token) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(Number(res.headers["x-total-count"])).toBe(total);
    const [sample] = await t.app.db.selectFrom("applications").select("id").where("stage", "=", "hired").execute();
    const history = await t.app.inject({ url: `/api/applications/${sample?.id}/history`, headers: bearer(token) });
    expect(history.statusCode).toBe(200);
    expect(history.json<{ field: string; by: { full_name: string } }[]>().at(-1)?.by.full_name).toBeTruthy();
  });

  it("is planned the same way for the same reference date", async () => {
    const ctx = await loadContext(t.app.db, ref);
    const postings = await loadPostings(t.app.db, ctx);
    const learners = await loadApplicants(t.app.db);
    expect(planDemoApplications(ctx, postings, learners)).toEqual(planDemoApplications(ctx, postings, learners));
  });
});

describe("seedScale's applications", () => {
  it("adds about ten per added learner, to the added postings, each with a history that leads to it", async () => {
    const before = {
      application: Number(
        (
          await t.app.db
            .selectFrom("applications")
            .select((eb) => eb.fn.max("id").as("max"))
            .executeTakeFirst()
        )?.max ?? 0,
      ),
      user: Number(
        (
          await t.app.db
            .selectFrom("users")
            .select((eb) => eb.fn.max("id").as("max"))
            .executeTakeFirst()
        )?.max ?? 0,
      ),
      posting: await postingsById(),
    };
    const learners = 1000;
    const added = await seedScale(t.app.db, learners, 10);
    const rows = await applications(before.application);
    expect(rows.length).toBe(added.applications);
    expect(added.applications / learners).toBeGreaterThanOrEqual(8);
    expect(added.applications / learners).toBeLessThanOrEqual(12);

    const postings = await postingsById();
    const histories = await historiesOf(rows);
    let historyRows = 0;
    const problems: string[] = [];
    for (const row of rows) {
      if (before.posting.has(postingKey(row))) problems.push(`application ${row.id} to a demo posting`);
      if ((row.user_id ?? 0) <= before.user) problems.push(`application ${row.id} by a demo learner`);
      const posting = postings.get(postingKey(row));
      const history = histories.get(row.id) ?? [];
      problems.push(...rowProblems(row, posting?.gradingType ?? null));
      problems.push(...historyProblems(row, history, posting?.staff ?? []));
      historyRows += history.length;
    }
    expect(problems).toEqual([]);
    expect(historyRows).toBe(added.application_history);
    await expectCopiedFromLearner(rows);
    expect(new Set(rows.map((r) => `${postingKey(r)}:${r.user_id}`)).size).toBe(rows.length);

    // one posting draws noticeably more applicants than any other: the bench's largest
    const perPosting = new Map<string, number>();
    for (const row of rows) perPosting.set(postingKey(row), (perPosting.get(postingKey(row)) ?? 0) + 1);
    const [largest, second] = [...perPosting.values()].sort((a, b) => b - a);
    expect(largest).toBeGreaterThan(1.5 * (second ?? 0));
  });
});
