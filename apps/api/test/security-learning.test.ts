import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_CODE } from "../src/domain/certificates.js";
import { bearer, body, createTestApp, type TestApp, tokenFor } from "./helpers.js";

/**
 * Attacks on the learner journey, each as an outside probe tried it, and what stops it now: a
 * learner issuing themselves a certificate, and a learner buying an assessment's answer key with a
 * blank attempt (the course site's replayed callback is in course-site-callback.test.ts).
 */

let t: TestApp;
const tokens: Record<string, string> = {};

const ACCOUNTS = {
  superadmin: ["superadmin@example.com", "provider"],
  student: ["student@example.com", "kmc"],
  learner: ["learner@example.com", "provider"],
  collegeAdmin: ["college.admin@example.com", "kmc"],
  collegeEditor: ["college.editor@example.com", "kmc"],
} as const;
type Who = keyof typeof ACCOUNTS;

const call = (who: Who, method: "GET" | "POST" | "PATCH", url: string, payload?: object, language?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(tokens[who] ?? ""), ...(language ? { "accept-language": language } : {}) },
    ...(payload ? { payload } : {}),
  });

type Row = Record<string, unknown> & { id: number };
type Refusal = { message: string; errors?: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, [email, site]] of Object.entries(ACCOUNTS)) tokens[who] = await tokenFor(t.app, email, site);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A published provider roadmap with these steps, and the student's fresh enrolment in it. */
async function enrolledRoadmap(steps: string[]): Promise<{ roadmap: number; enrolment: number }> {
  const made = await call("superadmin", "POST", "/career-roadmap", {
    title: `Roadmap ${steps.length} ${Math.random()}`,
    skills: steps,
    publish_status: true,
  });
  expect(made.statusCode, made.body).toBe(201);
  const roadmap = body<Row>(made).id;
  const enrolled = await call("student", "POST", `/career-roadmap/${roadmap}/enrol`);
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  return { roadmap, enrolment: body<Row>(enrolled).id };
}

const enrolment = (id: number) =>
  t.app.db.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a learner certifying themselves", () => {
  it("refuses `completed: true` on the learner's own roadmap with no step ticked, in both languages", async () => {
    const { enrolment: id } = await enrolledRoadmap(["Learn SQL", "Build a report", "Present it"]);
    const res = await call("student", "PATCH", `/enrolments/${id}`, { completed: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(body<Refusal>(res).errors?.completed).toMatch(/ticking every one of its steps/);
    const nepali = await call("student", "PATCH", `/enrolments/${id}`, { completed: true }, "np-NP");
    expect(nepali.statusCode).toBe(400);
    expect(body<Refusal>(nepali).errors?.completed).toMatch(/[\u0900-\u097F]/);

    // nothing moved: no completion, no certificate to verify
    expect(await enrolment(id)).toMatchObject({ completed_at: null, certificate_code: null, progress: 0 });
    const certificates = await t.app.db
      .selectFrom("enrolments")
      .select("certificate_code")
      .where("id", "=", id)
      .where("certificate_code", "is not", null)
      .execute();
    expect(certificates).toEqual([]);
  });

  it("refuses the same with some steps ticked, or with a progress of the learner's own, and keeps nothing of it", async () => {
    const steps = ["Write a CV", "Practise interviews"];
    const { enrolment: id } = await enrolledRoadmap(steps);
    const url = `/enrolments/${id}`;
    const partly = await call("student", "PATCH", url, { steps: [steps[0]], completed: true });
    expect(partly.statusCode, partly.body).toBe(400);
    expect(Object.keys(body<Refusal>(partly).errors ?? {})).toEqual(["completed"]);
    // the tick sent with the refused completion is not kept either
    expect(await enrolment(id)).toMatchObject({ steps_done: "[]", progress: 0, completed_at: null });

    for (const payload of [{ progress: 100 }, { progress: 100, completed: true }, { progress: 50 }]) {
      const res = await call("student", "PATCH", url, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(body<Refusal>(res).errors).toHaveProperty("progress");
    }
    expect(await enrolment(id)).toMatchObject({ progress: 0, completed_at: null, certificate_code: null });
  });

  it("refuses a roadmap without steps: there is nothing to have done", async () => {
    const { enrolment: id } = await enrolledRoadmap([]);
    const res = await call("student", "PATCH", `/enrolments/${id}`, { completed: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(body<Refusal>(res).errors).toHaveProperty("completed");
    expect((await enrolment(id)).certificate_code).toBeNull();
  });

  it("completes the roadmap when the last step is ticked, with a certificate anyone can verify", async () => {
    const steps = ["Map your skills", "Find a mentor"];
    const { enrolment: id } = await enrolledRoadmap(steps);
    const url = `/enrolments/${id}`;
    expect(body<Row>(await call("student", "PATCH", url, { steps: [steps[0]] }))).toMatchObject({
      progress: 50,
      completed_at: null,
    });
    const last = await call("student", "PATCH", url, { steps });
    expect(last.statusCode, last.body).toBe(200);
    const done = body<Row>(last);
    expect(done).toMatchObject({ progress: 100, completed_at: expect.any(String) });
    expect(done.certificate_code).toMatch(CERTIFICATE_CODE);
    const verified = await t.app.inject({ url: `/api/public/certificates/${done.certificate_code}` });
    expect(verified.statusCode, verified.body).toBe(200);

    // with every step ticked, saying so is allowed too (it changes nothing)
    const again = await call("student", "PATCH", url, { completed: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(body<Row>(again).certificate_code).toBe(done.certificate_code);
  });

  it("never lets a learner complete their own course or enrichment program", async () => {
    const db = t.app.db;
    const course = await db
      .selectFrom("courses")
      .select("id")
      .where("publish_status", "=", 1)
      .where("institution_id", "is", null)
      .where("recruiter_id", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const program = await db
      .selectFrom("external_programs")
      .select("id")
      .where("publish_status", "=", 1)
      .where("institution_id", "is", null)
      .where("recruiter_id", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const learnerId = (
      await db.selectFrom("users").select("id").where("email", "=", "learner@example.com").executeTakeFirstOrThrow()
    ).id;
    await db.deleteFrom("enrolments").where("user_id", "=", learnerId).execute();
    const ids = [
      body<Row>(await call("learner", "POST", `/courses/${course.id}/enrol`)).id,
      body<Row>(await call("learner", "POST", `/enrichment-programs/${program.id}/enrol`)).id,
    ];
    for (const id of ids) {
      for (const payload of [{ completed: true }, { progress: 100 }, { steps: [] }]) {
        const res = await call("learner", "PATCH", `/enrolments/${id}`, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(404);
      }
      expect(await enrolment(id)).toMatchObject({ completed_at: null, certificate_code: null, progress: 0 });
    }
  });
});

const QUESTIONS = [
  { question: "Which keyword declares a constant?", options: ["var", "let", "const"], answer: "const" },
  { question: "Nepal's capital?", options: [], answer: "Kathmandu" },
  { question: "Which operator compares strictly?", options: ["==", "==="], answer: "===" },
];
const BLANK = { answers: ["", "", ""] };

/** A published provider self-assessment: what staff set, else the defaults. */
async function assessment(values: Record<string, unknown> = {}): Promise<number> {
  const res = await call("superadmin", "POST", "/self-assessment", {
    title: `Probe ${Math.random()}`,
    grading_type: "percentage",
    pass_mark: 60,
    questions: QUESTIONS,
    publish_status: true,
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<Row>(res).id;
}

const submit = (who: Who, id: number, payload: object, language?: string) =>
  call(who, "POST", `/self-assessment/${id}/attempts`, payload, language);

/** The answer keys a learner receives in their own attempts at one assessment (the list; each attempt read alone agrees). */
async function keysSeen(who: Who, assessmentId: number): Promise<unknown[]> {
  const list = await call(who, "GET", `/assessment-attempts?self_assessment_id=${assessmentId}&_end=100`);
  expect(list.statusCode, list.body).toBe(200);
  const rows = body<(Row & { questions: Record<string, unknown>[] })[]>(list);
  for (const row of rows) {
    const one = body<{ questions: Record<string, unknown>[] }>(
      await call(who, "GET", `/assessment-attempts/${row.id}`),
    );
    expect(one.questions).toEqual(row.questions);
  }
  return rows.flatMap((row) => row.questions.map((question) => question.answer)).filter((key) => key !== undefined);
}

describe("an assessment's key for the price of a blank attempt", () => {
  it("gives a new assessment a few attempts and the key only after the last, as staff see and may change", async () => {
    const id = await assessment();
    const staff = body<Row>(await call("superadmin", "GET", `/self-assessment/${id}`));
    expect(staff).toMatchObject({ max_attempts: 3, review_policy: "after_last" });
    const meta = body<{ data: { resources: { name: string; fields: Row[] }[] } }>(
      await call("superadmin", "GET", "/meta"),
    );
    const fields = meta.data.resources.find((resource) => resource.name === "self-assessment")?.fields ?? [];
    expect(fields.find((field) => field.name === "review_policy")).toMatchObject({
      labelKey: "fields:review_policy",
      options: ["after_each", "after_last", "never"].map((value) => expect.objectContaining({ value })),
    });
    expect(fields.find((field) => field.name === "max_attempts")).toMatchObject({ labelKey: "fields:max_attempts" });

    for (const [payload, field] of [
      [{ max_attempts: 0 }, "max_attempts"],
      [{ max_attempts: 21 }, "max_attempts"],
      [{ max_attempts: 2.5 }, "max_attempts"],
      [{ max_attempts: null }, "max_attempts"],
      [{ review_policy: "sometimes" }, "review_policy"],
    ] as const) {
      const res = await call("superadmin", "PATCH", `/self-assessment/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<Refusal>(res).errors).toHaveProperty(field);
    }
  });

  it("sends no key after a blank attempt, and refuses the attempt that would use it", async () => {
    const id = await assessment();
    const blank = await submit("student", id, BLANK);
    expect(blank.statusCode, blank.body).toBe(201);
    expect(Object.keys(body<{ data: Row }>(blank).data).sort()).toEqual([
      "id",
      "max_score",
      "passed",
      "percentage",
      "score",
      "taken_at",
    ]);
    // the probe read the key here: now nothing of it
    expect(await keysSeen("student", id)).toEqual([]);
    expect(body<{ data: Row }>(await submit("student", id, BLANK)).data).toMatchObject({ percentage: 0 });
    expect(await keysSeen("student", id)).toEqual([]);

    // the last attempt allowed; after it the key is the learner's to learn from, and there is no next
    expect((await submit("student", id, { answers: ["const", "", ""] })).statusCode).toBe(201);
    expect(await keysSeen("student", id)).toContain("const");
    const fourth = await submit("student", id, { answers: ["const", "Kathmandu", "==="] });
    expect(fourth.statusCode, fourth.body).toBe(409);
    expect(body<Refusal>(fourth).message).toMatch(/every attempt/);
    const nepali = await submit("student", id, { answers: ["const", "Kathmandu", "==="] }, "np-NP");
    expect(nepali.statusCode).toBe(409);
    expect(body<Refusal>(nepali).message).toMatch(/[\u0900-\u097F]/);
    const stored = await t.app.db
      .selectFrom("assessment_attempts")
      .select("percentage")
      .where("self_assessment_id", "=", id)
      .execute();
    expect(stored.map((row) => row.percentage).sort()).toEqual([0, 0, 33]);
  });

  it("keeps the key from a learner always under `never`, shows it at once under `after_each`", async () => {
    const never = await assessment({ review_policy: "never", max_attempts: 1 });
    expect((await submit("student", never, BLANK)).statusCode).toBe(201);
    expect(await keysSeen("student", never)).toEqual([]);
    expect((await submit("student", never, BLANK)).statusCode).toBe(409);

    const each = await assessment({ review_policy: "after_each", max_attempts: 5 });
    expect((await submit("student", each, BLANK)).statusCode).toBe(201);
    expect(await keysSeen("student", each)).toEqual(["const", "Kathmandu", "==="]);
    // staff always see the key of the attempts they read
    const staffRows = body<{ questions: { answer?: string }[] }[]>(
      await call("superadmin", "GET", `/assessment-attempts?self_assessment_id=${never}`),
    );
    expect(staffRows[0]?.questions.map((question) => question.answer)).toEqual(["const", "Kathmandu", "==="]);
  });

  it("counts attempts sent at once one after another: never more than the limit", async () => {
    const id = await assessment({ max_attempts: 2 });
    const sent = await Promise.all(Array.from({ length: 5 }, () => submit("learner", id, BLANK)));
    expect(sent.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const stored = await t.app.db
      .selectFrom("assessment_attempts")
      .select("id")
      .where("self_assessment_id", "=", id)
      .execute();
    expect(stored).toHaveLength(2);
  });

  it("gives another attempt when staff raise the limit, and hides the key again until it is used", async () => {
    const id = await assessment({ max_attempts: 1 });
    expect((await submit("learner", id, BLANK)).statusCode).toBe(201);
    expect((await keysSeen("learner", id)).length).toBe(3);
    expect((await call("superadmin", "PATCH", `/self-assessment/${id}`, { max_attempts: 2 })).statusCode).toBe(200);
    expect(await keysSeen("learner", id)).toEqual([]);
    expect((await submit("learner", id, BLANK)).statusCode).toBe(201);
    expect((await submit("learner", id, BLANK)).statusCode).toBe(409);
  });

  it("shows staff a learner's first and best score over every attempt, their own learners' only", async () => {
    const id = await assessment({ max_attempts: 4 });
    const percentages: number[] = [];
    for (const answers of [
      ["", "", ""],
      ["const", "Kathmandu", ""],
      ["const", "", ""],
    ]) {
      percentages.push(body<{ data: Row }>(await submit("student", id, { answers })).data.percentage as number);
    }
    expect(percentages).toEqual([0, 67, 33]);
    const studentId = (
      await t.app.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "student@example.com")
        .executeTakeFirstOrThrow()
    ).id;
    const url = `/assessment-attempts/scores?user_id=${studentId}`;
    for (const who of ["collegeAdmin", "superadmin"] as const) {
      const res = await call(who, "GET", url);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const summary = body<{ data: Row[] }>(res).data.find((row) => row.self_assessment_id === id);
      expect(summary).toMatchObject({
        attempts: 3,
        first: { score: 0, max_score: 3, percentage: 0 },
        best: { score: 2, max_score: 3, percentage: 67 },
      });
      expect(Object.keys(summary?.best as Row).sort()).toEqual(["id", "max_score", "percentage", "score", "taken_at"]);
    }
    // another institution's staff see none of it; a learner may not ask for somebody else
    const himal = await t.app.inject({
      url: `/api${url}`,
      headers: bearer(await tokenFor(t.app, "company.admin@example.com", "himal")),
    });
    expect(himal.statusCode, himal.body).toBe(200);
    expect(body<{ data: Row[] }>(himal).data).toEqual([]);
    expect(body<{ data: Row[] }>(await call("learner", "GET", url)).data).toEqual([]);
    expect((await call("collegeAdmin", "GET", "/assessment-attempts/scores")).statusCode).toBe(400);
  });
});
