import { ENROLMENT_ITEM_TYPES, LEARNER_ROLES } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_CODE } from "../src/domain/certificates.js";
import { loadApplicants } from "../src/seed/applications.js";
import { loadContext } from "../src/seed/catalogue.js";
import { loadItems, planDemoEnrolments } from "../src/seed/enrolments.js";
import { seedScale } from "../src/seed/index.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The learner journey: learners enrol in what they may read, once; staff complete
 * their learners' courses and programs one by one or in bulk (all or nothing), a learner ticks the
 * steps of their roadmap; completion issues a certificate anyone can verify and gives the learner
 * the item's skills, which GET /profile carries. Nobody reads another tenant's enrolments. And the
 * demo seed (and `--scale`) leaves rows these commands could have written.
 */

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const userIds: Record<string, number> = {};
let ref: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const { email, site } of DEMO_ACCOUNTS) {
    as[email] = { host: hostOf(site), ...bearer(await tokenFor(t.app, email, site)) };
    const user = await t.app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    userIds[email] = user.id;
  }
  const kmc = await t.app.db
    .selectFrom("institutions")
    .select("created_at")
    .where("subdomain", "=", "kmc")
    .executeTakeFirstOrThrow();
  ref = Date.parse(kmc.created_at);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (email: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as "GET",
    url: `/api${url}`,
    headers: as[email],
    ...(payload === undefined ? {} : { payload }),
  });

const STUDENT = "student@example.com";
const LEARNER = "learner@example.com";
const EMPLOYEE = "employee@example.com";
const COLLEGE_EDITOR = "college.editor@example.com";
const COLLEGE_VIEWER = "college.viewer@example.com";
const COMPANY_EDITOR = "company.editor@example.com";

type Row = Record<string, unknown> & { id: number };

describe("the demo seed's enrolments", () => {
  it("spreads enrolments of every type over several years, a realistic share complete with certificates", async () => {
    const rows = await t.app.db.selectFrom("enrolments").selectAll().execute();
    expect(new Set(rows.map((row) => row.item_type))).toEqual(new Set(ENROLMENT_ITEM_TYPES));
    const years = new Set(rows.map((row) => row.enrolled_at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3);
    const completed = rows.filter((row) => row.completed_at !== null);
    expect(completed.length / rows.length).toBeGreaterThan(0.3);
    expect(completed.length / rows.length).toBeLessThan(0.8);
    for (const row of completed) {
      expect(row.certificate_code).toMatch(CERTIFICATE_CODE);
      expect(row.progress).toBe(100);
      expect(row.completed_by).not.toBeNull();
      expect((row.completed_at ?? "") >= row.enrolled_at).toBe(true);
      expect(Date.parse(row.completed_at ?? "")).toBeLessThanOrEqual(ref);
    }
    for (const row of rows.filter((r) => r.completed_at === null)) {
      expect(row.certificate_code).toBeNull();
      expect(row.progress).toBeLessThan(100);
    }
    const codes = completed.map((row) => row.certificate_code);
    expect(new Set(codes).size).toBe(codes.length);
    // each row names its item twice, in item_id and in the column of its type
    const column = {
      course: "course_id",
      "enrichment-program": "enrichment_program_id",
      "career-roadmap": "career_roadmap_id",
    };
    for (const row of rows) expect((row as Record<string, unknown>)[column[row.item_type]]).toBe(row.item_id);
  });

  it("enrols learners only in published items they may read, after the item and their account exist", async () => {
    const ctx = await loadContext(t.app.db, ref);
    const items = new Map((await loadItems(t.app.db, ctx)).map((item) => [`${item.type}:${item.id}`, item]));
    const learners = new Map((await loadApplicants(t.app.db)).map((learner) => [learner.id, learner]));
    const rows = await t.app.db.selectFrom("enrolments").selectAll().execute();
    for (const row of rows) {
      const item = items.get(`${row.item_type}:${row.item_id}`);
      const learner = learners.get(row.user_id);
      expect(item, `${row.item_type} ${row.item_id}`).toBeDefined();
      expect(learner).toBeDefined();
      expect(item?.institutionId === null || item?.institutionId === learner?.institution_id).toBe(true);
      expect(row.institution_id).toBe(learner?.institution_id ?? null);
      expect(Date.parse(row.enrolled_at)).toBeGreaterThanOrEqual(item?.created ?? 0);
    }
    // the demo learner accounts each show a journey: some complete, some under way
    for (const email of [STUDENT, EMPLOYEE, LEARNER]) {
      const own = rows.filter((row) => row.user_id === userIds[email]);
      expect(own.length, email).toBe(5);
      expect(own.filter((row) => row.completed_at !== null).length, email).toBeGreaterThanOrEqual(1);
      expect(own.filter((row) => row.completed_at === null).length, email).toBeGreaterThanOrEqual(1);
    }
    expect(planDemoEnrolments(ctx, [...items.values()], [...learners.values()])).toEqual(
      planDemoEnrolments(ctx, [...items.values()], [...learners.values()]),
    );
  });

  it("gives each completing learner the item's skills once, at their first gain", async () => {
    const skills = await t.app.db.selectFrom("learner_skills").selectAll().execute();
    expect(skills.length).toBeGreaterThan(0);
    const keys = skills.map((skill) => `${skill.user_id}:${skill.name_key}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const skill of skills) expect(skill.name_key).toBe(skill.name.toLowerCase());
    const completed = await t.app.db
      .selectFrom("enrolments")
      .select(["user_id", "completed_at"])
      .where("completed_at", "is not", null)
      .execute();
    // a learning event completed gives its skills too (the pipeline's completion)
    const events = await t.app.db
      .selectFrom("applications")
      .select(["user_id", "updated_at as completed_at"])
      .where("completion_status", "=", "complete")
      .where("learning_event_id", "is not", null)
      .where("user_id", "is not", null)
      .execute();
    const firstCompletion = new Map<number, string>();
    for (const row of [...completed, ...events]) {
      if (row.user_id === null) continue;
      const at = row.completed_at ?? "";
      if (!firstCompletion.has(row.user_id) || at < (firstCompletion.get(row.user_id) ?? "")) {
        firstCompletion.set(row.user_id, at);
      }
    }
    for (const skill of skills) {
      expect(firstCompletion.has(skill.user_id)).toBe(true);
      expect(skill.gained_at >= (firstCompletion.get(skill.user_id) ?? "")).toBe(true);
    }
    expect(skills.some((skill) => skill.source_type === "learning-event")).toBe(true);
    expect(skills.some((skill) => skill.source_type === "course")).toBe(true);
    const profile = (await call(STUDENT, "GET", "/profile")).json<{ data: { skills: Row[] } }>().data;
    expect(profile.skills.length).toBe(skills.filter((skill) => skill.user_id === userIds[STUDENT]).length);
  });
});

/** The first published item of a table with the owner asked for (an institution id, or the provider: null). */
async function itemOf(
  table: "courses" | "external_programs" | "career_roadmaps",
  institutionId: number | null,
  published = true,
): Promise<{ id: number; title: string }> {
  let query = t.app.db
    .selectFrom(table)
    .select(["id", "title"])
    .where("publish_status", "=", published ? 1 : 0)
    .where("recruiter_id", "is", null);
  query =
    institutionId === null
      ? query.where("institution_id", "is", null)
      : query.where("institution_id", "=", institutionId);
  return query.orderBy("id").executeTakeFirstOrThrow();
}

describe("enrolments through the API", () => {
  const ids: Record<string, number> = {};
  const items: Record<string, { id: number; title: string }> = {};
  /** The student's course certificate, once staff have completed it. */
  let certificate = "";
  let kmc = 0;
  let himal = 0;

  beforeAll(async () => {
    const db = t.app.db;
    // the demo accounts start afresh: their seeded journeys make way for the ones made here
    const accounts = [STUDENT, LEARNER, EMPLOYEE].map((email) => userIds[email] as number);
    await db.deleteFrom("enrolments").where("user_id", "in", accounts).execute();
    await db.deleteFrom("learner_skills").where("user_id", "in", accounts).execute();
    const institution = async (sub: string) =>
      (await db.selectFrom("institutions").select("id").where("subdomain", "=", sub).executeTakeFirstOrThrow()).id;
    kmc = await institution("kmc");
    himal = await institution("himal");
    items.providerCourse = await itemOf("courses", null);
    items.kmcCourse = await itemOf("courses", kmc);
    items.himalCourse = await itemOf("courses", himal);
    items.draftCourse = await itemOf("courses", null, false);
    items.program = await itemOf("external_programs", null);
    const roadmaps = await db
      .selectFrom("career_roadmaps")
      .select(["id", "title", "skills"])
      .where("publish_status", "=", 1)
      .where("institution_id", "is", null)
      .orderBy("id")
      .execute();
    const roadmap = roadmaps.find((row) => (JSON.parse(row.skills) as string[]).length >= 2);
    if (!roadmap) throw new Error("no published provider roadmap with two skills");
    items.roadmap = roadmap;
  });

  it("enrols a learner once in what they may read: 201, then 409; 404 for what they may not", async () => {
    const first = await call(STUDENT, "POST", `/courses/${items.kmcCourse?.id}/enrol`);
    expect(first.statusCode, first.body).toBe(201);
    const row = first.json<Row>();
    expect(row).toMatchObject({
      item_type: "course",
      item_id: items.kmcCourse?.id,
      course_id: items.kmcCourse?.id,
      user_id: userIds[STUDENT],
      institution_id: kmc,
      progress: 0,
      completed_at: null,
      certificate_code: null,
    });
    expect(typeof row.enrolled_at).toBe("string");
    ids.studentCourse = row.id;

    const again = await call(STUDENT, "POST", `/courses/${items.kmcCourse?.id}/enrol`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "You are already enrolled in this." });
    const nepali = await t.app.inject({
      method: "POST",
      url: `/api/courses/${items.kmcCourse?.id}/enrol`,
      headers: { ...as[STUDENT], "accept-language": "np-NP" },
    });
    expect(nepali.statusCode).toBe(409);
    expect(nepali.json<{ message: string }>().message).toMatch(/[\u0900-\u097F]/);

    // another institution's course, a draft, an item that does not exist
    expect((await call(LEARNER, "POST", `/courses/${items.kmcCourse?.id}/enrol`)).statusCode).toBe(404);
    expect((await call(STUDENT, "POST", `/courses/${items.himalCourse?.id}/enrol`)).statusCode).toBe(404);
    expect((await call(STUDENT, "POST", `/courses/${items.draftCourse?.id}/enrol`)).statusCode).toBe(404);
    expect((await call(STUDENT, "POST", "/courses/999999/enrol")).statusCode).toBe(404);

    const program = await call(STUDENT, "POST", `/enrichment-programs/${items.program?.id}/enrol`);
    expect(program.statusCode, program.body).toBe(201);
    ids.studentProgram = program.json<Row>().id;
    expect(program.json<Row>()).toMatchObject({
      item_type: "enrichment-program",
      enrichment_program_id: items.program?.id,
    });
    const roadmap = await call(STUDENT, "POST", `/career-roadmap/${items.roadmap?.id}/enrol`);
    expect(roadmap.statusCode, roadmap.body).toBe(201);
    ids.studentRoadmap = roadmap.json<Row>().id;
    const learnerCourse = await call(LEARNER, "POST", `/courses/${items.providerCourse?.id}/enrol`);
    expect(learnerCourse.statusCode).toBe(201);
    ids.learnerCourse = learnerCourse.json<Row>().id;
    const employeeCourse = await call(EMPLOYEE, "POST", `/courses/${items.himalCourse?.id}/enrol`);
    expect(employeeCourse.statusCode).toBe(201);
    ids.employeeCourse = employeeCourse.json<Row>().id;
  });

  it("lets only learners enrol: staff and recruiters get 403", async () => {
    for (const email of [
      "superadmin@example.com",
      COLLEGE_EDITOR,
      "company.admin@example.com",
      "recruiter.admin@example.com",
    ]) {
      const res = await call(email, "POST", `/courses/${items.providerCourse?.id}/enrol`);
      expect(res.statusCode, email).toBe(403);
    }
    expect(
      (await call("recruiter.admin@example.com", "POST", `/career-roadmap/${items.roadmap?.id}/enrol`)).statusCode,
    ).toBe(403);
  });

  it("lets a learner read their own enrolments only: by id, in the list, by filter", async () => {
    const list = await call(STUDENT, "GET", "/enrolments?_start=0&_end=100");
    expect(list.statusCode).toBe(200);
    const rows = list.json<Row[]>();
    expect(rows.map((row) => row.id).sort()).toEqual(
      [ids.studentCourse, ids.studentProgram, ids.studentRoadmap].sort(),
    );
    expect(Number(list.headers["x-total-count"])).toBe(3);
    expect((await call(LEARNER, "GET", `/enrolments/${ids.studentCourse}`)).statusCode).toBe(404);
    const others = await call(LEARNER, "GET", `/enrolments?user_id=${userIds[STUDENT]}`);
    expect(others.json()).toEqual([]);
    const courses = await call(STUDENT, "GET", "/enrolments?item_type=course");
    expect(courses.json<Row[]>().map((row) => row.id)).toEqual([ids.studentCourse]);
    const byItem = await call(STUDENT, "GET", `/enrolments?item_id=${items.roadmap?.id}&item_type=career-roadmap`);
    expect(byItem.json<Row[]>().map((row) => row.id)).toEqual([ids.studentRoadmap]);
    expect((await call(STUDENT, "GET", "/enrolments?completed=true")).json()).toEqual([]);
    expect((await call(STUDENT, "GET", "/enrolments?completed=false")).json<Row[]>()).toHaveLength(3);
    expect((await call(STUDENT, "GET", "/enrolments?completed=maybe")).statusCode).toBe(400);
  });

  it("lets institution staff read their own learners' enrolments only; recruiters none", async () => {
    expect((await call(COLLEGE_VIEWER, "GET", `/enrolments/${ids.studentCourse}`)).statusCode).toBe(200);
    expect((await call("company.admin@example.com", "GET", `/enrolments/${ids.studentCourse}`)).statusCode).toBe(404);
    const kmcRes = await call(COLLEGE_VIEWER, "GET", "/enrolments?_start=0&_end=100");
    expect(kmcRes.statusCode, kmcRes.body).toBe(200);
    const kmcList = kmcRes.json<Row[]>();
    expect(kmcList.length).toBeGreaterThan(0);
    expect(kmcList.every((row) => row.institution_id === kmc)).toBe(true);
    const filtered = await call("company.admin@example.com", "GET", `/enrolments?user_id=${userIds[STUDENT]}`);
    expect(filtered.json()).toEqual([]);
    expect((await call("superadmin@example.com", "GET", `/enrolments/${ids.studentCourse}`)).statusCode).toBe(200);
    for (const email of ["recruiter.admin@example.com", "recruiter.viewer@example.com"]) {
      expect((await call(email, "GET", "/enrolments")).statusCode).toBe(403);
      expect((await call(email, "GET", `/enrolments/${ids.studentCourse}`)).statusCode).toBe(403);
      expect((await call(email, "GET", "/learner-skills")).statusCode).toBe(403);
      expect((await call(email, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: true })).statusCode).toBe(
        403,
      );
    }
  });

  it("does not let a learner complete a course, nor a viewer or another institution's staff", async () => {
    expect((await call(STUDENT, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: true })).statusCode).toBe(
      404,
    );
    expect((await call(STUDENT, "PATCH", `/enrolments/${ids.studentCourse}`, { progress: 100 })).statusCode).toBe(404);
    expect(
      (await call(COLLEGE_VIEWER, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: true })).statusCode,
    ).toBe(403);
    expect(
      (await call(COMPANY_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: true })).statusCode,
    ).toBe(404);
    // staff complete courses and programs; a learner's roadmap is the learner's
    expect(
      (await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentRoadmap}`, { completed: true })).statusCode,
    ).toBe(404);
    const row = await t.app.db
      .selectFrom("enrolments")
      .selectAll()
      .where("id", "=", ids.studentCourse as number)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).toBeNull();
    expect(row.progress).toBe(0);
    expect((await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, {})).statusCode).toBe(400);
    expect(
      (await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { progress: 101 })).statusCode,
    ).toBe(400);
    expect(
      (await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { steps: ["SQL"] })).statusCode,
    ).toBe(400);
  });

  it("completes a course by staff: certificate, skills (a skill held keeps its first gain), profile skills", async () => {
    const course = await t.app.db
      .selectFrom("courses")
      .select("tags")
      .where("id", "=", items.kmcCourse?.id as number)
      .executeTakeFirstOrThrow();
    const tags = JSON.parse(course.tags) as string[];
    expect(tags.length).toBeGreaterThan(0);
    const held = tags[0] as string;
    // the student already holds the first tag, in other letters, from long ago
    await t.app.db
      .insertInto("learner_skills")
      .values({
        user_id: userIds[STUDENT] as number,
        institution_id: kmc,
        name: held.toUpperCase(),
        name_key: held.toLowerCase(),
        gained_at: "2023-01-02T03:04:05.000Z",
        source_type: "learning-event",
        source_id: null,
        source_title: "An earlier event",
        created_at: "2023-01-02T03:04:05.000Z",
      })
      .execute();

    const progress = await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { progress: 40 });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({ progress: 40, completed_at: null });

    const done = await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: true });
    expect(done.statusCode, done.body).toBe(200);
    const row = done.json<Row>();
    expect(row.progress).toBe(100);
    expect(typeof row.completed_at).toBe("string");
    expect(row.certificate_code).toMatch(CERTIFICATE_CODE);
    expect(row.completed_by).toBe(userIds[COLLEGE_EDITOR]);
    certificate = String(row.certificate_code);

    // completing again changes nothing: the certificate is issued once
    const again = await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: true });
    expect(again.json<Row>().certificate_code).toBe(row.certificate_code);

    const profile = (await call(STUDENT, "GET", "/profile")).json<{ data: { skills: Row[] } }>().data;
    const names = profile.skills.map((skill) => String(skill.name).toLowerCase());
    for (const tag of tags) expect(names).toContain(tag.toLowerCase());
    expect(names.filter((name) => name === held.toLowerCase())).toHaveLength(1);
    const kept = profile.skills.find((skill) => String(skill.name).toLowerCase() === held.toLowerCase());
    expect(kept).toMatchObject({
      gained_at: "2023-01-02T03:04:05.000Z",
      source: { type: "learning-event", title: "An earlier event" },
    });
    const gained = profile.skills.find((skill) => skill.name === tags[1]);
    if (tags.length > 1) {
      expect(gained).toMatchObject({
        gained_at: row.completed_at,
        source: { type: "course", id: items.kmcCourse?.id, title: items.kmcCourse?.title },
      });
      expect(Object.keys(gained ?? {}).sort()).toEqual(["gained_at", "id", "name", "source"]);
    }
    // the learner's skills as a resource: their own; their institution's staff read them too
    const own = (await call(STUDENT, "GET", "/learner-skills?_start=0&_end=100")).json<Row[]>();
    expect(own.length).toBe(profile.skills.length);
    expect(own.every((skill) => skill.user_id === userIds[STUDENT])).toBe(true);
    expect((await call(LEARNER, "GET", `/learner-skills/${own[0]?.id}`)).statusCode).toBe(404);
    expect((await call(COLLEGE_VIEWER, "GET", `/learner-skills/${own[0]?.id}`)).statusCode).toBe(200);
    expect((await call("company.viewer@example.com", "GET", `/learner-skills/${own[0]?.id}`)).statusCode).toBe(404);
    expect((await call(STUDENT, "GET", "/enrolments?completed=true")).json<Row[]>().map((r) => r.id)).toEqual([
      ids.studentCourse,
    ]);
  });

  it("verifies a certificate publicly with the holder's name and nothing else about them", async () => {
    const code = certificate;
    const res = await t.app.inject({ url: `/api/public/certificates/${code}` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(data).sort()).toEqual([
      "code",
      "completed_at",
      "holder",
      "issued_by",
      "item_type",
      "title",
      "verify_url",
    ]);
    expect(data).toMatchObject({
      code,
      holder: expect.any(String),
      title: items.kmcCourse?.title,
      item_type: "course",
      issued_by: expect.any(String),
      verify_url: expect.stringMatching(new RegExp(`^http://kmc\\.localhost(:\\d+)?/certificates/${code}$`)),
    });
    expect(res.body).not.toContain("@example.com");
    const lower = await t.app.inject({ url: `/api/public/certificates/${code.toLowerCase()}` });
    expect(lower.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/public/certificates/CSC-2222-2222-2222" })).statusCode).toBe(404);

    // a learning event's certificate, from the pipeline
    const application = await t.app.db
      .selectFrom("applications as a")
      .innerJoin("learning_events as e", "e.id", "a.learning_event_id")
      .select(["a.certificate_code", "a.full_name", "e.title"])
      .where("a.certificate_code", "is not", null)
      .executeTakeFirstOrThrow();
    const event = await t.app.inject({ url: `/api/public/certificates/${application.certificate_code}` });
    expect(event.statusCode).toBe(200);
    expect(event.json()).toEqual({
      data: {
        code: application.certificate_code,
        holder: application.full_name,
        title: application.title,
        item_type: "learning-event",
        completed_at: expect.any(String),
        issued_by: expect.any(String),
        verify_url: expect.stringMatching(/\/certificates\/CSC-/),
      },
    });
  });

  it("takes completion back: no certificate (its code no longer verifies), the skills stay", async () => {
    const code = certificate;
    const skillsBefore = (await call(STUDENT, "GET", "/profile")).json<{ data: { skills: Row[] } }>().data.skills;
    const res = await call(COLLEGE_EDITOR, "PATCH", `/enrolments/${ids.studentCourse}`, { completed: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ completed_at: null, certificate_code: null, completed_by: null });
    expect((await t.app.inject({ url: `/api/public/certificates/${code}` })).statusCode).toBe(404);
    const skillsAfter = (await call(STUDENT, "GET", "/profile")).json<{ data: { skills: Row[] } }>().data.skills;
    expect(skillsAfter).toEqual(skillsBefore);
  });

  it("completes in bulk all or nothing: one id out of reach changes nothing", async () => {
    const db = t.app.db;
    const kmcLearners = await db
      .selectFrom("users")
      .select("id")
      .where("institution_id", "=", kmc)
      .where("role", "in", LEARNER_ROLES)
      .where("deleted_at", "is", null)
      .where("id", "!=", userIds[STUDENT] as number)
      .orderBy("id")
      .limit(3)
      .execute();
    const now = new Date().toISOString();
    const made = await db
      .insertInto("enrolments")
      .values(
        kmcLearners.map((learner) => ({
          user_id: learner.id,
          item_type: "enrichment-program" as const,
          item_id: items.program?.id as number,
          course_id: null,
          enrichment_program_id: items.program?.id as number,
          career_roadmap_id: null,
          institution_id: kmc,
          enrolled_at: now,
          progress: 10,
          completed_at: null,
          certificate_code: null,
          completed_by: null,
          steps_done: "[]",
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["user_id", "item_type", "item_id"]).doUpdateSet({ completed_at: null, certificate_code: null }),
      )
      .returning("id")
      .execute();
    const bulkIds = made.map((row) => row.id);
    expect(bulkIds).toHaveLength(3);
    const unchanged = async () =>
      (await db.selectFrom("enrolments").select("completed_at").where("id", "in", bulkIds).execute()).every(
        (row) => row.completed_at === null,
      );

    // another institution's learner, a roadmap (the learner's to complete), an id that does not exist
    for (const bad of [ids.employeeCourse, ids.studentRoadmap, 99_999_999]) {
      const res = await call(COLLEGE_EDITOR, "POST", "/enrolments/bulk", { ids: [...bulkIds, bad], completed: true });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(404);
      expect(await unchanged()).toBe(true);
    }
    expect((await call(COLLEGE_VIEWER, "POST", "/enrolments/bulk", { ids: bulkIds, completed: true })).statusCode).toBe(
      403,
    );
    expect((await call(STUDENT, "POST", "/enrolments/bulk", { ids: bulkIds, completed: true })).statusCode).toBe(403);
    expect((await call(COMPANY_EDITOR, "POST", "/enrolments/bulk", { ids: bulkIds, completed: true })).statusCode).toBe(
      404,
    );
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect((await call(COLLEGE_EDITOR, "POST", "/enrolments/bulk", { ids: tooMany, completed: true })).statusCode).toBe(
      400,
    );

    const res = await call(COLLEGE_EDITOR, "POST", "/enrolments/bulk", {
      ids: [...bulkIds, ids.studentCourse],
      completed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { updated: 4 } });
    const rows = await db
      .selectFrom("enrolments")
      .selectAll()
      .where("id", "in", [...bulkIds, ids.studentCourse as number])
      .execute();
    for (const row of rows) {
      expect(row.progress).toBe(100);
      expect(row.certificate_code).toMatch(CERTIFICATE_CODE);
    }
    // a new completion, a new code
    expect(rows.find((row) => row.id === ids.studentCourse)?.certificate_code).not.toBe(certificate);
    const back = await call(COLLEGE_EDITOR, "POST", "/enrolments/bulk", { ids: bulkIds, completed: false });
    expect(back.json()).toMatchObject({ data: { updated: 3 } });
    expect(await unchanged()).toBe(true);
  });

  it("lets a learner tick their roadmap's steps to completion", async () => {
    const roadmap = await t.app.db
      .selectFrom("career_roadmaps")
      .select("skills")
      .where("id", "=", items.roadmap?.id as number)
      .executeTakeFirstOrThrow();
    const steps = JSON.parse(roadmap.skills) as string[];
    const url = `/enrolments/${ids.studentRoadmap}`;
    const [first = "", second = ""] = steps;
    const one = await call(STUDENT, "PATCH", url, { steps: [first, first] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      steps_done: [first],
      progress: Math.round(100 / steps.length),
      completed_at: null,
    });
    expect((await call(STUDENT, "PATCH", url, { steps: [first, "Not a step of it"] })).statusCode).toBe(400);
    // somebody else's roadmap is out of reach
    expect((await call(LEARNER, "PATCH", url, { steps: [first] })).statusCode).toBe(404);
    // ticks are kept in the roadmap's order, whatever order they come in
    const two = await call(STUDENT, "PATCH", url, { steps: [second, first] });
    expect(two.json()).toMatchObject({ steps_done: [first, second], progress: Math.round(200 / steps.length) });

    const all = await call(STUDENT, "PATCH", url, { steps });
    expect(all.statusCode, all.body).toBe(200);
    const row = all.json<Row>();
    expect(row).toMatchObject({ progress: 100, completed_by: userIds[STUDENT] });
    expect(row.certificate_code).toMatch(CERTIFICATE_CODE);
    const names = (await call(STUDENT, "GET", "/profile"))
      .json<{ data: { skills: Row[] } }>()
      .data.skills.map((skill) => String(skill.name).toLowerCase());
    for (const skill of steps) expect(names).toContain(skill.toLowerCase());

    // unticking a step takes completion back
    const less = await call(STUDENT, "PATCH", url, { steps: [first] });
    expect(less.json()).toMatchObject({ completed_at: null, certificate_code: null });
  });

  it("gives a learner an event's skills when the pipeline marks them complete", async () => {
    const db = t.app.db;
    const application = await db
      .selectFrom("applications as a")
      .innerJoin("learning_events as e", "e.id", "a.learning_event_id")
      .select(["a.id", "a.user_id", "e.skills", "e.title"])
      .where("a.user_id", "=", userIds[LEARNER] as number)
      .where("a.withdrawn_at", "is", null)
      .where((eb) => eb.or([eb("a.completion_status", "is", null), eb("a.completion_status", "!=", "complete")]))
      .where("e.skills", "!=", "[]")
      .executeTakeFirst();
    if (!application) throw new Error("the demo learner has no event application to complete");
    const res = await call("superadmin@example.com", "POST", "/applications/bulk", {
      ids: [application.id],
      completion_status: "complete",
    });
    expect(res.statusCode, res.body).toBe(200);
    const skills = (await call(LEARNER, "GET", "/profile")).json<{ data: { skills: Row[] } }>().data.skills;
    for (const name of JSON.parse(application.skills) as string[]) {
      expect(skills.find((skill) => String(skill.name).toLowerCase() === name.toLowerCase())).toBeDefined();
    }
    expect(skills.some((skill) => (skill.source as Row).type === "learning-event")).toBe(true);
  });

  it("gives staff an empty list of skills on their profile", async () => {
    const profile = (await call(COLLEGE_EDITOR, "GET", "/profile")).json<{ data: { skills: unknown[] } }>().data;
    expect(profile.skills).toEqual([]);
  });
});

describe("seedScale's enrolments", () => {
  it("adds about three per added learner, over items they may enrol in, some complete with skills", async () => {
    const maxOf = async (table: "enrolments" | "users") =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.max("id").as("max"))
            .executeTakeFirst()
        )?.max ?? 0,
      );
    const before = { enrolment: await maxOf("enrolments"), user: await maxOf("users") };
    const learners = 300;
    const added = await seedScale(t.app.db, learners, 10);
    const rows = await t.app.db.selectFrom("enrolments").selectAll().where("id", ">", before.enrolment).execute();
    expect(rows.length).toBe(added.enrolments);
    expect(added.enrolments / learners).toBeGreaterThanOrEqual(2);
    expect(added.enrolments / learners).toBeLessThanOrEqual(4);
    expect(rows.every((row) => row.user_id > before.user)).toBe(true);
    const completed = rows.filter((row) => row.completed_at !== null);
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((row) => CERTIFICATE_CODE.test(row.certificate_code ?? ""))).toBe(true);
    expect(added.learner_skills).toBeGreaterThan(0);
  });
});
