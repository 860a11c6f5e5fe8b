import { isCountryCode, LEARNER_ROLES, parseCreatedBy, passMarkOf, RESOURCES, ROLES, scoreAttempt } from "@csc/shared";
import type { SelectQueryBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApplicants } from "../src/seed/applications.js";
import { loadAssessments, planDemoAttempts } from "../src/seed/assessment-attempts.js";
import { type AnyDb, DAY, loadContext, planCatalogue, planLearners } from "../src/seed/catalogue.js";
import { AUTHORS } from "../src/seed/catalogue-data.js";
import { seedScale } from "../src/seed/index.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/** The demo catalogue and learners are complete, consistent and deterministic. */

const CATALOGUES = [
  "courses",
  "scholarships",
  "career_roadmaps",
  "self_assessments",
  "learning_events",
  "job_opportunities",
  "external_programs",
] as const;
/** Catalogue tables where the demo recruiter company publishes too. */
const RECRUITER_CATALOGUES = ["learning_events", "job_opportunities"];

let t: TestApp;
let db: AnyDb;
let ids: { kmc: number; himal: number; recruiter: number; superadmin: number };
/** The seed's reference date: when the demo tenants were created. */
let ref: number;

// biome-ignore lint/suspicious/noExplicitAny: queries over the untyped catalogue tables
const count = async (query: SelectQueryBuilder<any, any, any>) =>
  Number((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

const learnerCount = () => count(db.selectFrom("users").where("role", "in", [ROLES.STUDENT, ROLES.EMPLOYEE]));

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.db as unknown as AnyDb;
  const institutions = await db.selectFrom("institutions").select(["id", "subdomain", "created_at"]).execute();
  const recruiter = await db
    .selectFrom("recruiters")
    .select("id")
    .where("name", "=", "Everest Recruiters")
    .executeTakeFirstOrThrow();
  const superadmin = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "superadmin@example.com")
    .executeTakeFirstOrThrow();
  const tenant = (subdomain: string) => {
    const found = institutions.find((i) => i.subdomain === subdomain);
    if (!found) throw new Error(`no institution ${subdomain}`);
    return found;
  };
  const kmc = tenant("kmc");
  const himal = tenant("himal");
  ids = { kmc: kmc.id, himal: himal.id, recruiter: recruiter.id, superadmin: superadmin.id };
  ref = Date.parse(kmc.created_at);
});

afterAll(async () => {
  await t?.close();
});

describe("demo catalogue seed", () => {
  // activity (applications, enrolments, attempts) is seeded with the features that create it
  const catalogueResources = Object.values(RESOURCES).filter((resource) => resource.scope !== "policy");

  it("gives every resource rows", async () => {
    for (const resource of catalogueResources) {
      let query = db.selectFrom(resource.table);
      for (const [name, value] of Object.entries(resource.fixed ?? {})) query = query.where(name, "=", value);
      if (resource.softDelete === "hide") query = query.where("deleted_at", "is", null);
      if (resource.softDelete === "only") query = query.where("deleted_at", "is not", null);
      expect(await count(query), resource.name).toBeGreaterThan(0);
    }
    expect(await count(db.selectFrom("users").where("role", "=", ROLES.STUDENT))).toBeGreaterThanOrEqual(40);
    expect(await count(db.selectFrom("users").where("role", "=", ROLES.EMPLOYEE))).toBeGreaterThanOrEqual(25);
    expect(await count(db.selectFrom("recruiters").where("status", "=", "pending"))).toBeGreaterThanOrEqual(3);
    expect(await count(db.selectFrom("recruiters").where("status", "=", "rejected"))).toBe(1);
    expect(await count(db.selectFrom("tags"))).toBeGreaterThanOrEqual(30);
  });

  it("lets the provider, both institutions and the recruiter company own rows of the catalogue", async () => {
    for (const table of CATALOGUES) {
      const owned = (institutionId: number | null, recruiterId: number | null) =>
        count(
          db
            .selectFrom(table)
            .where("institution_id", institutionId === null ? "is" : "=", institutionId)
            .where("recruiter_id", recruiterId === null ? "is" : "=", recruiterId),
        );
      expect(await owned(null, null), `${table} of the provider`).toBeGreaterThan(0);
      expect(await owned(ids.kmc, null), `${table} of kmc`).toBeGreaterThan(0);
      expect(await owned(ids.himal, null), `${table} of himal`).toBeGreaterThan(0);
      if (RECRUITER_CATALOGUES.includes(table)) {
        expect(await owned(null, ids.recruiter), `${table} of the recruiter`).toBeGreaterThan(0);
      }
    }
  });

  it("stores publish_status as 0/1, with published and draft rows", async () => {
    for (const table of [...CATALOGUES, "global_partners", "testimonials"]) {
      const values = await db.selectFrom(table).select("publish_status").distinct().execute();
      expect(values.map((v) => Number(v.publish_status)).sort(), table).toEqual([0, 1]);
    }
  });

  it("credits rows to the owner's demo staff as <id>_<entity>", async () => {
    const staff = new Map(
      (await db.selectFrom("users").select(["id", "email"]).execute()).map((u) => [u.id as number, u.email as string]),
    );
    for (const table of CATALOGUES) {
      const rows = await db.selectFrom(table).select(["created_by", "institution_id", "recruiter_id"]).execute();
      for (const row of rows) {
        const owner =
          row.institution_id === ids.kmc
            ? "kmc"
            : row.institution_id === ids.himal
              ? "himal"
              : row.recruiter_id === ids.recruiter
                ? "recruiter"
                : "provider";
        const creator = parseCreatedBy(row.created_by);
        expect(creator, `${table}: ${row.created_by}`).not.toBeNull();
        expect(creator?.entity).toBe(AUTHORS[owner].entity);
        expect(AUTHORS[owner].emails).toContain(staff.get(creator?.id ?? 0));
      }
    }
  });

  it("keeps learners' and jobs' locations consistent with the Nepal hierarchy", async () => {
    for (const table of ["users", "job_opportunities"]) {
      const located = await count(db.selectFrom(table).where("municipality_id", "is not", null));
      expect(located, table).toBeGreaterThan(10);
      const broken = await count(
        db
          .selectFrom(`${table} as r`)
          .leftJoin("districts as d", "d.id", "r.district_id")
          .leftJoin("municipalities as m", "m.id", "r.municipality_id")
          .where((eb) =>
            eb
              .or([eb("r.province_id", "is not", null), eb("r.district_id", "is not", null)])
              .and(
                eb.or([
                  eb("d.id", "is", null),
                  eb("m.id", "is", null),
                  eb("d.province_id", "!=", eb.ref("r.province_id")),
                  eb("m.district_id", "!=", eb.ref("r.district_id")),
                ]),
              ),
          ),
      );
      expect(broken, table).toBe(0);
    }
  });

  it("puts students in kmc programmes and employees in himal's", async () => {
    for (const [role, institution] of [
      [ROLES.STUDENT, ids.kmc],
      [ROLES.EMPLOYEE, ids.himal],
    ] as const) {
      const rows = await db
        .selectFrom("users as u")
        .leftJoin("program_departments as p", "p.id", "u.program_department_id")
        .select(["u.email", "u.institution_id", "p.institution_id as program_institution", "u.year"])
        .select("u.status")
        .where("u.role", "=", role)
        .execute();
      for (const row of rows) {
        expect(row.institution_id, row.email).toBe(institution);
        if (row.email === "student@example.com" || row.email === "employee@example.com") continue;
        // a person waiting to join registered with a name and an address only
        if (row.status === "pending") continue;
        expect(row.program_institution, row.email).toBe(institution);
        expect(row.year).toBeGreaterThanOrEqual(1);
        expect(row.year).toBeLessThanOrEqual(4);
      }
    }
  });

  it("seeds unique e-mails and well-formed learner profiles", async () => {
    const duplicates = await db
      .selectFrom("users")
      .select((eb) => [eb.fn("lower", ["email"]).as("email"), eb.fn.countAll().as("n")])
      .groupBy((eb) => eb.fn("lower", ["email"]))
      .having((eb) => eb.fn.countAll(), ">", 1)
      .execute();
    expect(duplicates).toEqual([]);
    const students = await db
      .selectFrom("users")
      .selectAll()
      .where("role", "=", ROLES.STUDENT)
      .where("email", "like", "%@students.kmc.example.com")
      .execute();
    expect(students.length).toBeGreaterThanOrEqual(40);
    for (const s of students) {
      expect(s.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@students\.kmc\.example\.com$/);
      expect(s.permissions).toBe("[]");
      expect(s.email_verified_at).not.toBeNull();
      expect(s.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.parse(s.skills).length).toBeGreaterThan(0);
      expect(JSON.parse(s.preferences).length).toBeGreaterThan(0);
      if (s.linkedin_url) expect(s.linkedin_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
      expect(s.phone).toMatch(/^\+977-98\d{8}$/);
    }
    const deleted = await db
      .selectFrom("users")
      .select(["deleted_by", "delete_reason"])
      .where("deleted_at", "is not", null)
      .execute();
    expect(deleted.length).toBeGreaterThanOrEqual(3);
    for (const row of deleted) {
      expect(row.deleted_by).toBe(ids.superadmin);
      expect(row.delete_reason).toBeTruthy();
    }
  });

  it("stores JSON lists and records as JSON text", async () => {
    const contacts = await db.selectFrom("institutions").select("contact_persons").execute();
    for (const row of contacts) {
      const list = JSON.parse(row.contact_persons);
      expect(list.length).toBeGreaterThan(0);
      expect(Object.keys(list[0]).sort()).toEqual(["designation", "email", "full_name", "phone_no"]);
    }
    for (const row of await db.selectFrom("self_assessments").select("questions").execute()) {
      for (const q of JSON.parse(row.questions)) {
        expect(Object.keys(q).sort()).toEqual(["answer", "options", "question"]);
        expect(q.options).toContain(q.answer);
      }
    }
    for (const table of CATALOGUES) {
      for (const row of await db.selectFrom(table).select("tags").execute()) {
        expect(Array.isArray(JSON.parse(row.tags))).toBe(true);
      }
    }
    for (const row of await db.selectFrom("scholarships").select("country").execute()) {
      expect(isCountryCode(row.country)).toBe(true);
    }
  });

  it("spreads dates over the years around the reference date", async () => {
    const earliest = ref - 4 * 366 * DAY;
    for (const table of [...CATALOGUES, "users", "tags", "recruiters", "download_logs"]) {
      const rows = await db.selectFrom(table).select("created_at").execute();
      for (const row of rows) {
        const at = Date.parse(row.created_at);
        expect(at, `${table} ${row.created_at}`).toBeGreaterThanOrEqual(earliest);
        expect(at, `${table} ${row.created_at}`).toBeLessThanOrEqual(ref);
      }
      const years = new Set(rows.map((row) => row.created_at.slice(0, 4)));
      if (rows.length >= 10) expect(years.size, table).toBeGreaterThanOrEqual(3);
    }
    const events = await db.selectFrom("learning_events").select(["start_at", "end_at"]).execute();
    const when = (e: { start_at: string; end_at: string }) =>
      Date.parse(e.end_at) < ref ? "past" : Date.parse(e.start_at) > ref ? "upcoming" : "ongoing";
    expect(new Set(events.map(when))).toEqual(new Set(["past", "ongoing", "upcoming"]));
    for (const e of events) expect(Date.parse(e.end_at)).toBeGreaterThan(Date.parse(e.start_at));
    const deadlines = await db.selectFrom("job_opportunities").select("deadline").execute();
    const today = new Date(ref).toISOString().slice(0, 10);
    expect(deadlines.some((d) => d.deadline >= today)).toBe(true);
    expect(deadlines.some((d) => d.deadline < today)).toBe(true);
  });

  it("is deterministic for a reference date", async () => {
    const [a, b] = await Promise.all([loadContext(t.app.db, ref), loadContext(t.app.db, ref)]);
    expect(planCatalogue(a)).toEqual(planCatalogue(b));
    expect(planLearners(a, "hash")).toEqual(planLearners(b, "hash"));
    const stored = await db.selectFrom("courses").select(["title", "start_date", "created_at"]).orderBy("id").execute();
    expect(stored).toEqual(
      planCatalogue(a).courses.map((c) => ({ title: c.title, start_date: c.start_date, created_at: c.created_at })),
    );
  });

  it("serves the seeded rows through the API", async () => {
    const sessions = await Promise.all(
      (
        [
          ["superadmin@example.com", "provider"],
          ["college.admin@example.com", "kmc"],
          ["company.admin@example.com", "himal"],
          ["recruiter.admin@example.com", "recruiter"],
        ] as const
      ).map(async ([email, site]) => ({ site, token: await tokenFor(t.app, email, site) })),
    );
    for (const resource of catalogueResources) {
      let served = 0;
      for (const { site, token } of sessions) {
        const res = await t.app.inject({
          url: `/api/${resource.name}?_start=0&_end=100`,
          headers: { host: hostOf(site), ...bearer(token) },
        });
        if (res.statusCode === 403) continue;
        expect(res.statusCode, `${resource.name} on ${site}: ${res.body}`).toBe(200);
        served = Math.max(served, Number(res.headers["x-total-count"]));
      }
      expect(served, resource.name).toBeGreaterThan(0);
    }
  });
});

describe("demo self-assessment attempts", () => {
  it("spreads the learners' attempts over several years, at assessments they may take, scored by the shared rule", async () => {
    const attempts = await db
      .selectFrom("assessment_attempts as a")
      .innerJoin("users as u", "u.id", "a.user_id")
      .innerJoin("self_assessments as s", "s.id", "a.self_assessment_id")
      .select([
        "a.user_id",
        "a.institution_id",
        "a.answers",
        "a.questions",
        "a.score",
        "a.max_score",
        "a.percentage",
        "a.passed",
        "a.taken_at",
        "u.role",
        "u.email",
        "u.institution_id as learner_institution",
        "s.institution_id as assessment_institution",
        "s.publish_status",
        "s.grading_type",
        "s.pass_mark",
        "s.created_at as assessment_created",
      ])
      .execute();
    expect(attempts.length).toBeGreaterThan(50);
    const years = new Set(attempts.map((a) => a.taken_at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3);
    for (const a of attempts) {
      expect(LEARNER_ROLES).toContain(a.role);
      expect(a.institution_id).toBe(a.learner_institution);
      expect(Number(a.publish_status)).toBe(1);
      expect([null, a.learner_institution]).toContain(a.assessment_institution);
      expect(a.taken_at >= a.assessment_created && Date.parse(a.taken_at) <= ref).toBe(true);
      const score = scoreAttempt(JSON.parse(a.questions), JSON.parse(a.answers), passMarkOf(a));
      const passed = a.passed === null ? null : Number(a.passed) === 1;
      expect({ ...score }).toEqual({ score: a.score, max_score: a.max_score, percentage: a.percentage, passed });
    }
    expect(attempts.some((a) => a.passed !== null && Number(a.passed) === 1)).toBe(true);
    expect(attempts.some((a) => a.passed !== null && Number(a.passed) === 0)).toBe(true);
    // each demo learner account has attempts, and something still to take
    for (const email of ["student@example.com", "employee@example.com", "learner@example.com"]) {
      expect(attempts.filter((a) => a.email === email).length, email).toBeGreaterThan(0);
      const token = await tokenFor(
        t.app,
        email,
        email === "learner@example.com" ? "provider" : email.startsWith("s") ? "kmc" : "himal",
      );
      const notTaken = await t.app.inject({ url: "/api/self-assessment?type=not-taken", headers: bearer(token) });
      expect(notTaken.statusCode, notTaken.body).toBe(200);
      expect(Number(notTaken.headers["x-total-count"]), email).toBeGreaterThan(0);
    }
  });

  it("is deterministic for a reference date", async () => {
    const ctx = await loadContext(t.app.db, ref);
    const plan = async () => planDemoAttempts(ctx, await loadAssessments(t.app.db), await loadApplicants(t.app.db));
    const [a, b] = await Promise.all([plan(), plan()]);
    expect(a).toEqual(b);
  });
});

describe("seedScale", () => {
  it("adds exactly the learners asked for, split between the demo institutions, with catalogue rows", async () => {
    const before = {
      learners: await learnerCount(),
      students: await count(db.selectFrom("users").where("institution_id", "=", ids.kmc)),
      employees: await count(db.selectFrom("users").where("institution_id", "=", ids.himal)),
      courses: await count(db.selectFrom("courses")),
      jobs: await count(db.selectFrom("job_opportunities")),
    };
    const attemptsBefore = await count(db.selectFrom("assessment_attempts"));
    const added = await seedScale(t.app.db, 2000, 10);
    expect(added.students + added.employees).toBe(2000);
    // about two self-assessment attempts per added learner
    expect(added.assessment_attempts).toBeGreaterThan(2000);
    expect(added.assessment_attempts).toBeLessThan(6000);
    expect(await count(db.selectFrom("assessment_attempts"))).toBe(attemptsBefore + added.assessment_attempts);
    expect(await learnerCount()).toBe(before.learners + 2000);
    expect(await count(db.selectFrom("users").where("institution_id", "=", ids.kmc))).toBe(
      before.students + added.students,
    );
    expect(await count(db.selectFrom("users").where("institution_id", "=", ids.himal))).toBe(
      before.employees + added.employees,
    );
    expect(added.students).toBeGreaterThan(0);
    expect(added.employees).toBeGreaterThan(0);
    expect(await count(db.selectFrom("courses"))).toBe(before.courses + 100);
    expect(await count(db.selectFrom("job_opportunities"))).toBe(before.jobs + 100);
    const broken = await count(
      db
        .selectFrom("users as u")
        .innerJoin("municipalities as m", "m.id", "u.municipality_id")
        .innerJoin("districts as d", "d.id", "u.district_id")
        .where((eb) =>
          eb.or([
            eb("m.district_id", "!=", eb.ref("u.district_id")),
            eb("d.province_id", "!=", eb.ref("u.province_id")),
          ]),
        ),
    );
    expect(broken).toBe(0);
    // a second run adds more rather than clashing with the first
    expect((await seedScale(t.app.db, 10, 10)).students).toBe(6);
    expect(await learnerCount()).toBe(before.learners + 2010);
  });
});
