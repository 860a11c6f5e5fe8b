import {
  type DashboardData,
  type DashboardGranularity,
  PROGRESSION_SERIES_KEYS,
  type ProgressionSeriesKey,
  progressionBuckets,
} from "@csc/shared";
import { type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedScale } from "../src/seed/scale.js";
import { bearer, body, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Dashboards: every metric and every chart point of a learner, a college,
 * a recruiter and the platform equals a count written here in plain SQL over the activity tables,
 * by year, month, 7-day range and day; acting through the API moves exactly the metrics it should,
 * by one, for the learner, their institution and the platform, and nothing for another
 * institution; whoever asks for a dashboard out of their reach gets a 404.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ACCOUNTS = {
  student: ["student@example.com", "kmc"],
  collegeAdmin: ["college.admin@example.com", "kmc"],
  collegeEditor: ["college.editor@example.com", "kmc"],
  companyAdmin: ["company.admin@example.com", "himal"],
  recruiter: ["recruiter.admin@example.com", "recruiter"],
  superadmin: ["superadmin@example.com", "provider"],
  viewer: ["skilllab.viewer@example.com", "provider"],
} as const;
type Who = keyof typeof ACCOUNTS;

const ids = { student: 0, kmc: 0, himal: 0, recruiter: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, [email, site]] of Object.entries(ACCOUNTS)) tokens[who] = await tokenFor(t.app, email, site);
  const db = t.app.db;
  const institution = async (sub: string) =>
    (await db.selectFrom("institutions").select("id").where("subdomain", "=", sub).executeTakeFirstOrThrow()).id;
  ids.kmc = await institution("kmc");
  ids.himal = await institution("himal");
  ids.student = (
    await db.selectFrom("users").select("id").where("email", "=", "student@example.com").executeTakeFirstOrThrow()
  ).id;
  ids.recruiter = (
    await db
      .selectFrom("users")
      .select("recruiter_id")
      .where("email", "=", "recruiter.admin@example.com")
      .executeTakeFirstOrThrow()
  ).recruiter_id as number;
});
afterAll(async () => {
  await t.close();
});

const call = (who: Who, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: hostOf(ACCOUNTS[who][1]), ...bearer(tokens[who] as string) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function dashboard(who: Who, query = ""): Promise<DashboardData> {
  const res = await call(who, "GET", `/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: DashboardData }>(res).data;
}

/* The independent count: one plain SQL count per metric and category. */

type Scope = "platform" | { institution: number } | { recruiter: number } | { learner: number };

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The scope's condition on one activity table, written out for each table. */
function where(scope: Scope, table: "enrolments" | "applications" | "assessment_attempts" | "learner_skills") {
  if (scope === "platform") return sql`1 = 1`;
  if ("learner" in scope) return sql`user_id = ${scope.learner}`;
  if ("institution" in scope) return sql`institution_id = ${scope.institution}`;
  const id = scope.recruiter;
  if (table === "applications") {
    return sql`(exists (select 1 from learning_events p where p.id = learning_event_id and p.recruiter_id = ${id})
      or exists (select 1 from job_opportunities p where p.id = job_opportunity_id and p.recruiter_id = ${id}))`;
  }
  if (table === "learner_skills") {
    return sql`source_type = 'learning-event' and exists (select 1 from learning_events p where p.id = source_id and p.recruiter_id = ${id})`;
  }
  // a recruiter's dashboard counts the applicants to their postings only
  return sql`1 = 0`;
}

/** What each metric counts: its table, its date column and which of its rows. */
const METRIC_SQL: Record<
  ProgressionSeriesKey,
  {
    table: "enrolments" | "applications" | "assessment_attempts" | "learner_skills";
    at: string;
    rows: RawBuilder<unknown>;
  }[]
> = {
  courseEnrolled: [{ table: "enrolments", at: "enrolled_at", rows: sql`item_type = 'course'` }],
  courseCompleted: [
    { table: "enrolments", at: "enrolled_at", rows: sql`item_type = 'course' and completed_at is not null` },
  ],
  assessmentTaken: [{ table: "assessment_attempts", at: "taken_at", rows: sql`1 = 1` }],
  internshipJobsApplied: [
    { table: "applications", at: "applied_at", rows: sql`posting_type = 'job-opportunity' and withdrawn_at is null` },
  ],
  trainingJoined: [
    { table: "applications", at: "applied_at", rows: sql`posting_type = 'learning-event' and withdrawn_at is null` },
  ],
  trainingCompleted: [
    {
      table: "applications",
      at: "applied_at",
      rows: sql`posting_type = 'learning-event' and completion_status = 'complete'`,
    },
  ],
  certificateObtained: [
    { table: "enrolments", at: "enrolled_at", rows: sql`certificate_code is not null` },
    {
      table: "applications",
      at: "applied_at",
      rows: sql`posting_type = 'learning-event' and certificate_code is not null`,
    },
  ],
  externalProgramsEnrolled: [{ table: "enrolments", at: "enrolled_at", rows: sql`item_type = 'enrichment-program'` }],
  skillsGained: [{ table: "learner_skills", at: "gained_at", rows: sql`1 = 1` }],
};

async function countOf(metric: ProgressionSeriesKey, scope: Scope, from: string, to: string): Promise<number> {
  let total = 0;
  for (const { table, at, rows } of METRIC_SQL[metric]) {
    const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${rows} and ${where(scope, table)} and ${sql.ref(at)} >= ${from} and ${sql.ref(at)} < ${dayAfter(to)}`.execute(
      t.app.db,
    );
    total += Number(result.rows[0]?.n ?? 0);
  }
  return total;
}

/** Every chart point and every card of a dashboard against the plain counts of its scope. */
async function expectCounted(data: DashboardData, scope: Scope) {
  const buckets = progressionBuckets(data.range.from, data.range.to, data.range.granularity);
  expect(data.progression.categories).toEqual(buckets.map((bucket) => bucket.key));
  expect(data.progression.series.map((series) => series.name)).toEqual([...PROGRESSION_SERIES_KEYS]);
  for (const series of data.progression.series) {
    const expected: number[] = [];
    for (const bucket of buckets) expected.push(await countOf(series.name, scope, bucket.start, bucket.end));
    expect(series.data, `${series.name} by ${data.range.granularity}`).toEqual(expected);
    expect(data.metrics[series.name], series.name).toBe(
      await countOf(series.name, scope, data.range.from, data.range.to),
    );
  }
  const skills = data.progression.series.find((series) => series.name === "skillsGained");
  expect(skills?.tags).toHaveLength(buckets.length);
  for (const series of data.progression.series) if (series.name !== "skillsGained") expect(series.tags).toBeUndefined();
}

const today = new Date().toISOString().slice(0, 10);
const yearsAgo = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const RANGES: { granularity: DashboardGranularity; query: string; from: string; to: string }[] = [
  { granularity: "year", query: "", from: `${Number(today.slice(0, 4)) - 4}-01-01`, to: today },
  { granularity: "month", query: `?granularity=month&from=${yearsAgo(2)}&to=${today}`, from: yearsAgo(2), to: today },
  { granularity: "week", query: `?granularity=week&from=${daysAgo(200)}&to=${today}`, from: daysAgo(200), to: today },
  { granularity: "day", query: `?granularity=day&from=${daysAgo(90)}&to=${today}`, from: daysAgo(90), to: today },
];

describe("every card and chart point equals a plain SQL count", () => {
  const readers: { who: Who; query: string; scope: () => Scope }[] = [
    { who: "student", query: "", scope: () => ({ learner: ids.student }) },
    { who: "collegeAdmin", query: "", scope: () => ({ institution: ids.kmc }) },
    { who: "recruiter", query: "", scope: () => ({ recruiter: ids.recruiter }) },
    { who: "superadmin", query: "", scope: () => "platform" },
    { who: "viewer", query: "institution", scope: () => ({ institution: ids.himal }) },
  ];
  for (const range of RANGES) {
    it.each(readers)(`by ${range.granularity}: $who $query`, async ({ who, query, scope }) => {
      const pick = query === "institution" ? `institution_id=${ids.himal}` : "";
      const joined = range.query ? `${range.query}${pick ? `&${pick}` : ""}` : pick ? `?${pick}` : "";
      const data = await dashboard(who, joined);
      expect(data.range).toEqual({ from: range.from, to: range.to, granularity: range.granularity });
      await expectCounted(data, scope());
    });
  }

  it("finds activity to count in the demo data: every metric of the platform and the college over five years", async () => {
    for (const who of ["superadmin", "collegeAdmin"] as const) {
      const { metrics } = await dashboard(who);
      for (const key of PROGRESSION_SERIES_KEYS) expect(metrics[key], `${who} ${key}`).toBeGreaterThan(0);
    }
    const recruiter = await dashboard("recruiter");
    expect(recruiter.metrics.internshipJobsApplied + recruiter.metrics.trainingJoined).toBeGreaterThan(0);
    // a recruiter's dashboard is about their postings' applicants, not learners' own learning
    expect(recruiter.metrics.courseEnrolled).toBe(0);
    expect(recruiter.metrics.assessmentTaken).toBe(0);
  });

  it("names the skills gained in each category, the most often gained first", async () => {
    const data = await dashboard("collegeAdmin");
    const skills = data.progression.series.find((series) => series.name === "skillsGained");
    const index = skills?.data.findIndex((value) => value > 0) ?? -1;
    expect(index).toBeGreaterThanOrEqual(0);
    const bucket = progressionBuckets(data.range.from, data.range.to, "year")[index];
    const rows = await sql<{ name: string; n: number | string }>`select name, count(*) as n from learner_skills
      where institution_id = ${ids.kmc} and gained_at >= ${bucket?.start} and gained_at < ${dayAfter(bucket?.end ?? "")}
      group by name`.execute(t.app.db);
    const expected = rows.rows
      .map((row) => ({ name: row.name, n: Number(row.n) }))
      .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
      .slice(0, 10)
      .map((row) => row.name);
    expect(skills?.tags?.[index]).toEqual(expected);
  });

  it("gives the pipeline of an institution's and a recruiter's postings, and none to a learner or the platform", async () => {
    await expectPipelines();
    expect((await dashboard("student")).stages).toBeUndefined();
    expect((await dashboard("superadmin")).stages).toBeUndefined();
  });
});

/** The recruiter's and the college's open applicants by stage against a plain count, whenever they applied. */
async function expectPipelines() {
  const order = (a: { posting_type: string; stage: string }, b: { posting_type: string; stage: string }) =>
    a.posting_type.localeCompare(b.posting_type) || a.stage.localeCompare(b.stage);
  for (const [who, column, id] of [
    ["recruiter", "recruiter_id", ids.recruiter],
    ["collegeAdmin", "institution_id", ids.kmc],
  ] as const) {
    // as it stands, whenever they applied: the range does not narrow it
    const data = await dashboard(who, "?from=2026-01-01&to=2026-01-31");
    const rows = await sql<{ posting_type: string; stage: string; n: number | string }>`
      select posting_type, stage, count(*) as n from applications
      where withdrawn_at is null
        and (exists (select 1 from learning_events p where p.id = learning_event_id and ${sql.ref(`p.${column}`)} = ${id})
          or exists (select 1 from job_opportunities p where p.id = job_opportunity_id and ${sql.ref(`p.${column}`)} = ${id})
          or exists (select 1 from scholarships p where p.id = scholarship_id and ${sql.ref(`p.${column}`)} = ${id}))
      group by posting_type, stage`.execute(t.app.db);
    const expected = rows.rows.map((row) => ({
      posting_type: row.posting_type,
      stage: row.stage,
      count: Number(row.n),
    }));
    expect(expected.length, who).toBeGreaterThan(0);
    expect([...(data.stages ?? [])].sort(order), who).toEqual(expected.sort(order));
  }
}

describe("acting through the API moves exactly the right metrics", () => {
  /** The first of the candidates the call accepts (201): what the student may still apply to or enrol in. */
  async function firstAccepted(candidates: number[], post: (id: number) => Promise<{ statusCode: number }>) {
    for (const id of candidates) if ((await post(id)).statusCode === 201) return id;
    throw new Error("nothing accepted the student");
  }
  const idsOf = async (table: "courses" | "job_opportunities" | "learning_events" | "self_assessments") =>
    (await t.app.db.selectFrom(table).select("id").where("publish_status", "=", 1).orderBy("id").execute()).map(
      (row) => row.id,
    );

  it("moves the student's, their college's and the platform's counts by one, and nothing of another institution", async () => {
    const todayOnly = `?granularity=day&from=${today}&to=${today}`;
    const views = {
      student: () => dashboard("student", todayOnly),
      college: () => dashboard("collegeAdmin", todayOnly),
      platform: () => dashboard("superadmin", todayOnly),
      company: () => dashboard("companyAdmin", todayOnly),
    };
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(Object.entries(views).map(async ([name, view]) => [name, (await view()).metrics] as const)),
      ) as Record<keyof typeof views, Record<ProgressionSeriesKey, number>>;
    const none = Object.fromEntries(PROGRESSION_SERIES_KEYS.map((key) => [key, 0])) as Record<
      ProgressionSeriesKey,
      number
    >;
    const delta = (before: Record<string, number>, after: Record<string, number>) =>
      Object.fromEntries(PROGRESSION_SERIES_KEYS.map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)]));
    type Moved = Partial<Record<ProgressionSeriesKey, number>>;
    const expectMoved = async (step: string, action: () => Promise<unknown>, moved: Moved | (() => Moved)) => {
      const before = await snapshot();
      await action();
      const after = await snapshot();
      const expected = { ...none, ...(typeof moved === "function" ? moved() : moved) };
      for (const view of ["student", "college", "platform"] as const) {
        expect(delta(before[view], after[view]), `${step}: ${view}`).toEqual(expected);
      }
      expect(delta(before.company, after.company), `${step}: another institution`).toEqual(none);
    };

    const jobs = await idsOf("job_opportunities");
    await expectMoved(
      "apply to a job",
      () => firstAccepted(jobs, (id) => call("student", "POST", `/job-opportunities/${id}/apply`, {})),
      { internshipJobsApplied: 1 },
    );
    // the candidates are read before the step: the snapshot's requests must not race the list
    const events = await idsOf("learning_events");
    await expectMoved(
      "join a training",
      () => firstAccepted(events, (id) => call("student", "POST", `/learning-events/${id}/apply`, {})),
      { trainingJoined: 1 },
    );
    const assessments = await idsOf("self_assessments");
    await expectMoved(
      "take an assessment",
      () =>
        firstAccepted(assessments, (id) => call("student", "POST", `/self-assessment/${id}/attempts`, { answers: [] })),
      { assessmentTaken: 1 },
    );
    // a course that brings skills, so that completing it shows in skillsGained too
    const courses = (
      await t.app.db
        .selectFrom("courses")
        .select(["id", "tags"])
        .where("publish_status", "=", 1)
        .orderBy("id")
        .execute()
    )
      .filter((row) => (JSON.parse(row.tags) as string[]).length > 0)
      .map((row) => row.id);
    let course = 0;
    await expectMoved(
      "enrol in a course",
      async () => {
        course = await firstAccepted(courses, (id) => call("student", "POST", `/courses/${id}/enrol`, {}));
      },
      { courseEnrolled: 1 },
    );
    const enrolment = await t.app.db
      .selectFrom("enrolments")
      .select("id")
      .where("user_id", "=", ids.student)
      .where("item_type", "=", "course")
      .where("item_id", "=", course)
      .executeTakeFirstOrThrow();
    const skillsBefore = await t.app.db
      .selectFrom("learner_skills")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", ids.student)
      .executeTakeFirstOrThrow();
    let gained = 0;
    await expectMoved(
      "staff complete the course",
      async () => {
        const res = await call("collegeEditor", "PATCH", `/enrolments/${enrolment.id}`, { completed: true });
        if (res.statusCode !== 200) {
          // a provider course is completed by provider staff
          const provider = await call("superadmin", "PATCH", `/enrolments/${enrolment.id}`, { completed: true });
          expect(provider.statusCode, provider.body).toBe(200);
        }
        const skillsAfter = await t.app.db
          .selectFrom("learner_skills")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", ids.student)
          .executeTakeFirstOrThrow();
        gained = Number(skillsAfter.n) - Number(skillsBefore.n);
      },
      // skills: each one the course brought that the student did not have yet, gained today
      () => ({ courseCompleted: 1, certificateObtained: 1, skillsGained: gained }),
    );
    expect(gained).toBeGreaterThan(0);
  });
});

describe("the daily counts the database keeps", () => {
  it("follow a withdrawal, a completion taken back, a stage moved and a posting deleted with its applicants", async () => {
    const db = t.app.db;
    // the student withdraws an application still at its first stage with nothing recorded
    const open = await db
      .selectFrom("applications")
      .select("id")
      .where("user_id", "=", ids.student)
      .where("posting_type", "=", "job-opportunity")
      .where("withdrawn_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const withdrawn = await call("student", "POST", `/applications/${open.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    // a completed training of a college learner is marked incomplete: its certificate goes
    const completed = await db
      .selectFrom("applications")
      .select(["id", "institution_id"])
      .where("posting_type", "=", "learning-event")
      .where("completion_status", "=", "complete")
      .where("institution_id", "=", ids.kmc)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const taken = await call("superadmin", "POST", "/applications/bulk", {
      ids: [completed.id],
      completion_status: "in_complete",
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(
      (
        await db
          .selectFrom("applications")
          .select("certificate_code")
          .where("id", "=", completed.id)
          .executeTakeFirstOrThrow()
      ).certificate_code,
    ).toBeNull();

    // the recruiter moves an applicant of theirs on
    const theirs = await db
      .selectFrom("applications as a")
      .innerJoin("learning_events as p", "p.id", "a.learning_event_id")
      .select(["a.id", "a.stage"])
      .where("p.recruiter_id", "=", ids.recruiter)
      .where("a.withdrawn_at", "is", null)
      .where("a.stage", "=", "new_candidate")
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const moved = await call("recruiter", "POST", "/applications/bulk", { ids: [theirs.id], stage: "shortlisted" });
    expect(moved.statusCode, moved.body).toBe(200);

    // a job opportunity with applicants is deleted: its applications go with it (on delete cascade)
    const busiest = await db
      .selectFrom("applications")
      .select(["job_opportunity_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("job_opportunity_id", "is not", null)
      .groupBy("job_opportunity_id")
      .orderBy("n", "desc")
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom("job_opportunities")
      .where("id", "=", busiest.job_opportunity_id as number)
      .execute();
    expect(
      Number(
        (
          await db
            .selectFrom("applications")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("job_opportunity_id", "=", busiest.job_opportunity_id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);

    for (const [who, scope] of [
      ["superadmin", "platform"],
      ["collegeAdmin", { institution: ids.kmc }],
      ["companyAdmin", { institution: ids.himal }],
    ] as const) {
      await expectCounted(await dashboard(who), scope);
      await expectCounted(await dashboard(who, `?granularity=day&from=${daysAgo(30)}&to=${today}`), scope);
    }
    await expectPipelines();
  });
});

describe("after a bulk load", () => {
  it("counts the --scale seed's rows as it counts the rest (PostgreSQL pauses the triggers and counts again)", async () => {
    const before = await dashboard("superadmin");
    await seedScale(t.app.db, 300, 10);
    const after = await dashboard("superadmin");
    expect(after.metrics.internshipJobsApplied + after.metrics.trainingJoined).toBeGreaterThan(
      before.metrics.internshipJobsApplied + before.metrics.trainingJoined,
    );
    expect(after.metrics.courseEnrolled).toBeGreaterThan(before.metrics.courseEnrolled);
    await expectCounted(after, "platform");
    await expectCounted(await dashboard("collegeAdmin"), { institution: ids.kmc });
    await expectCounted(await dashboard("companyAdmin", `?granularity=month&from=${yearsAgo(1)}&to=${today}`), {
      institution: ids.himal,
    });
    await expectPipelines();
  });
});

describe("refusals", () => {
  it("refuses without a session", async () => {
    expect((await t.app.inject({ url: "/api/dashboard", headers: { host: hostOf("kmc") } })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/dashboard/downloads",
          headers: { host: hostOf("kmc") },
          payload: { kind: "csv" },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("answers 404 for an institution out of reach, for anyone but provider staff and for one that does not exist", async () => {
    expect((await call("collegeAdmin", "GET", `/dashboard?institution_id=${ids.himal}`)).statusCode).toBe(404);
    expect((await call("student", "GET", `/dashboard?institution_id=${ids.himal}`)).statusCode).toBe(404);
    expect((await call("recruiter", "GET", `/dashboard?institution_id=${ids.kmc}`)).statusCode).toBe(404);
    expect((await call("superadmin", "GET", "/dashboard?institution_id=999999")).statusCode).toBe(404);
    // one's own institution by id is the same view as without it
    expect((await dashboard("collegeAdmin", `?institution_id=${ids.kmc}`)).metrics).toEqual(
      (await dashboard("collegeAdmin")).metrics,
    );
  });

  it("refuses a bad range under its field, and one cut too fine", async () => {
    const cases: [string, string][] = [
      ["?from=2024-02-30", "from"],
      ["?from=yesterday", "from"],
      ["?from=2024-05-01&to=2024-04-01", "to"],
      ["?granularity=hour", "granularity"],
      ["?granularity=day&from=2020-01-01&to=2024-12-31", "granularity"],
    ];
    for (const [query, field] of cases) {
      const res = await call("collegeAdmin", "GET", `/dashboard${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(body<{ errors: Record<string, string> }>(res).errors), query).toEqual([field]);
    }
  });
});

describe("downloads of the chart", () => {
  it("records each download in the download log, with the view it was of", async () => {
    const before = await t.app.db.selectFrom("download_logs").select("id").orderBy("id", "desc").executeTakeFirst();
    const png = await call("collegeAdmin", "POST", "/dashboard/downloads", {
      kind: "png",
      range: { from: "2024-01-01", to: "2024-12-31", granularity: "month" },
    });
    expect(png.statusCode, png.body).toBe(204);
    const csv = await call("superadmin", "POST", "/dashboard/downloads", { kind: "csv", institution_id: ids.kmc });
    expect(csv.statusCode, csv.body).toBe(204);
    const rows = await t.app.db
      .selectFrom("download_logs")
      .selectAll()
      .where("id", ">", before?.id ?? 0)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.resource, JSON.parse(row.filters).file])).toEqual([
      ["learner-progression", "learner-progression-chart.png"],
      ["learner-progression", "progression.csv"],
    ]);
    expect(JSON.parse(rows[0]?.filters ?? "{}")).toMatchObject({
      from: "2024-01-01",
      to: "2024-12-31",
      granularity: "month",
    });
    expect(JSON.parse(rows[1]?.filters ?? "{}")).toMatchObject({ institution_id: ids.kmc });
  });

  it("refuses an unknown kind and a view out of reach, writing nothing", async () => {
    const before = await t.app.db
      .selectFrom("download_logs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect((await call("collegeAdmin", "POST", "/dashboard/downloads", { kind: "pdf" })).statusCode).toBe(400);
    expect(
      (await call("collegeAdmin", "POST", "/dashboard/downloads", { kind: "csv", institution_id: ids.himal }))
        .statusCode,
    ).toBe(404);
    const after = await t.app.db
      .selectFrom("download_logs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
