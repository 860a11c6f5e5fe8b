import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_CODE } from "../src/lib/certificates.js";
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
