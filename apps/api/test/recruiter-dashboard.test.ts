import type { DashboardData } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The small things: a recruiter's dashboard counts what recruiters count (their
 * postings, open and in all, their applicants by stage, their hires), each number equal to a count
 * made here from the seeded rows; and "Created by" answers a person, to staff who may read the row.
 */

let t: TestApp;
const ACCOUNTS = {
  recruiter: ["recruiter.admin@example.com", "recruiter"],
  collegeEditor: ["college.editor@example.com", "kmc"],
  collegeViewer: ["college.viewer@example.com", "kmc"],
  companyAdmin: ["company.admin@example.com", "himal"],
  student: ["student@example.com", "kmc"],
  superadmin: ["superadmin@example.com", "provider"],
} as const;
type Who = keyof typeof ACCOUNTS;
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, [email, site]] of Object.entries(ACCOUNTS)) tokens[who as Who] = await tokenFor(t.app, email, site);
});
afterAll(async () => {
  await t.close();
});

const call = (who: Who, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: hostOf(ACCOUNTS[who][1]), ...bearer(tokens[who] as string) },
    ...(payload === undefined ? {} : { payload }),
  });

const todayIso = () => new Date().toISOString().slice(0, 10);

describe("a recruiter's dashboard", () => {
  it("counts their postings (open and all), applicants by stage and hires as the seeded rows stand", async () => {
    const db = t.app.db;
    const { recruiter_id: recruiterId } = await db
      .selectFrom("users")
      .select("recruiter_id")
      .where("email", "=", "recruiter.admin@example.com")
      .executeTakeFirstOrThrow();
    if (recruiterId === null) throw new Error("the demo recruiter has a company");
    const now = new Date().toISOString();
    const today = todayIso();

    // every posting of theirs, judged open here in plain code: published, and taking applications
    const events = await db
      .selectFrom("learning_events")
      .select(["id", "publish_status", "end_at", "registration_deadline"])
      .where("recruiter_id", "=", recruiterId)
      .execute();
    const jobs = await db
      .selectFrom("job_opportunities")
      .select(["id", "publish_status", "deadline"])
      .where("recruiter_id", "=", recruiterId)
      .execute();
    const scholarships = await db
      .selectFrom("scholarships")
      .select(["id", "publish_status", "deadline"])
      .where("recruiter_id", "=", recruiterId)
      .execute();
    const open =
      events.filter(
        (e) =>
          e.publish_status === 1 && e.end_at >= now && (!e.registration_deadline || e.registration_deadline >= today),
      ).length +
      jobs.filter((j) => j.publish_status === 1 && j.deadline >= today).length +
      scholarships.filter((s) => s.publish_status === 1 && (!s.deadline || s.deadline >= today)).length;
    const total = events.length + jobs.length + scholarships.length;

    const eventIds = new Set(events.map((e) => e.id));
    const jobIds = new Set(jobs.map((j) => j.id));
    const scholarshipIds = new Set(scholarships.map((s) => s.id));
    const applications = (
      await db
        .selectFrom("applications")
        .select(["posting_type", "stage", "withdrawn_at", "learning_event_id", "job_opportunity_id", "scholarship_id"])
        .execute()
    ).filter(
      (a) =>
        (a.learning_event_id !== null && eventIds.has(a.learning_event_id)) ||
        (a.job_opportunity_id !== null && jobIds.has(a.job_opportunity_id)) ||
        (a.scholarship_id !== null && scholarshipIds.has(a.scholarship_id)),
    );
    const current = applications.filter((a) => a.withdrawn_at === null);
    const hires = current.filter((a) => a.stage === "hired").length;
    const byStage = new Map<string, number>();
    for (const a of current)
      byStage.set(`${a.posting_type} ${a.stage}`, (byStage.get(`${a.posting_type} ${a.stage}`) ?? 0) + 1);

    // the seed gives the demo recruiter something to count on every line
    expect(total).toBeGreaterThan(open);
    expect(open).toBeGreaterThan(0);
    expect(hires).toBeGreaterThan(0);

    const res = await call("recruiter", "GET", "/dashboard");
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: DashboardData }>(res).data;
    expect(data.recruiting).toEqual({ postingsOpen: open, postingsTotal: total, hires });
    const answered = new Map((data.stages ?? []).map((s) => [`${s.posting_type} ${s.stage}`, s.count]));
    expect(answered).toEqual(byStage);
    // the contract stays beside it
    expect(Object.keys(data.metrics).length).toBeGreaterThan(0);
    expect(data.progression.categories.length).toBeGreaterThan(0);
  });

  it("moves the hires by one when an applicant of theirs is hired", async () => {
    const before = body<{ data: DashboardData }>(await call("recruiter", "GET", "/dashboard")).data.recruiting;
    const theirs = await t.app.db
      .selectFrom("applications as a")
      .innerJoin("job_opportunities as p", "p.id", "a.job_opportunity_id")
      .innerJoin("users as u", "u.recruiter_id", "p.recruiter_id")
      .where("u.email", "=", "recruiter.admin@example.com")
      .where("a.stage", "!=", "hired")
      .where("a.withdrawn_at", "is", null)
      .select("a.id")
      .executeTakeFirstOrThrow();
    const moved = await call("recruiter", "POST", "/applications/bulk", { ids: [theirs.id], stage: "hired" });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = body<{ data: DashboardData }>(await call("recruiter", "GET", "/dashboard")).data.recruiting;
    expect(after?.hires).toBe((before?.hires ?? 0) + 1);
    expect(after?.postingsTotal).toBe(before?.postingsTotal);
  });

  it("is a recruiter's only: institution staff, the platform and learners get no recruiting numbers", async () => {
    for (const who of ["collegeEditor", "superadmin", "student"] as const) {
      const data = body<{ data: DashboardData }>(await call(who, "GET", "/dashboard")).data;
      expect(data.recruiting, who).toBeUndefined();
    }
  });
});

describe('"Created by"', () => {
  it("answers the person who made a row, to staff who may read it, and to nobody else", async () => {
    const made = await call("collegeEditor", "POST", "/courses", { title: "Interview Skills Bootcamp" });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = body<{ id: number }>(made);
    const editor = await t.app.db
      .selectFrom("users")
      .select(["id", "full_name"])
      .where("email", "=", "college.editor@example.com")
      .executeTakeFirstOrThrow();

    for (const who of ["collegeEditor", "collegeViewer", "superadmin"] as const) {
      const res = await call(who, "GET", `/courses/${id}/creator`);
      expect(res.statusCode, `${who} ${res.body}`).toBe(200);
      expect(body(res)).toEqual({ data: { id: editor.id, full_name: editor.full_name, entity: "college" } });
    }
    // another institution's staff cannot reach the row; learners are not told who wrote a course
    expect((await call("companyAdmin", "GET", `/courses/${id}/creator`)).statusCode).toBe(404);
    expect((await call("student", "GET", `/courses/${id}/creator`)).statusCode).toBe(404);
    expect((await call("collegeEditor", "GET", "/courses/999999/creator")).statusCode).toBe(404);
  });

  it("answers 404 for a row whose creator is not recorded", async () => {
    const made = await call("collegeEditor", "POST", "/courses", { title: "Mock Interview Day" });
    const { id } = body<{ id: number }>(made);
    await t.app.db.updateTable("courses").set({ created_by: null }).where("id", "=", id).execute();
    expect((await call("collegeEditor", "GET", `/courses/${id}/creator`)).statusCode).toBe(404);
  });
});
