import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, type TestApp, tokenFor } from "./helpers.js";

/**
 * Self-assessment attempts (`assessment-attempts`, §6): a learner takes an assessment
 * they may read and gets its score; the answer key never reaches them through the assessment, only
 * in their own attempts once submitted; their institution's staff and provider staff read the
 * attempts, nobody else; every attempt is kept.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const ACCOUNTS = {
  superadmin: ["superadmin@example.com", "provider"],
  student: ["student@example.com", "kmc"],
  employee: ["employee@example.com", "himal"],
  learner: ["learner@example.com", "provider"],
  collegeViewer: ["college.viewer@example.com", "kmc"],
  collegeAdmin: ["college.admin@example.com", "kmc"],
  companyAdmin: ["company.admin@example.com", "himal"],
  recruiter: ["recruiter.admin@example.com", "recruiter"],
} as const;
type Who = keyof typeof ACCOUNTS;

const call = (who: Who, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ""), ...(payload ? { payload } : {}) });

const QUESTIONS = [
  { question: "Which keyword declares a constant?", options: ["var", "let", "const"], answer: "const" },
  { question: "Nepal's capital?", options: [], answer: "Kathmandu Metropolitan City" },
  { question: "Which operator compares strictly?", options: ["==", "==="], answer: "===" },
];

/**
 * A self-assessment made by the provider: published unless said otherwise, its key shown after
 * each attempt (the limits and the other review policies are in security-learning.test.ts).
 */
async function assessment(values: Record<string, unknown> = {}): Promise<number> {
  const res = await call("superadmin", "POST", "/self-assessment", {
    title: `Check ${Object.keys(ids).length}`,
    grading_type: "percentage",
    pass_mark: 60,
    questions: QUESTIONS,
    publish_status: true,
    review_policy: "after_each",
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: number }>(res).id;
}

interface Submitted {
  message: string;
  data: { id: number; score: number; max_score: number; percentage: number; passed: boolean | null; taken_at: string };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, [email, site]] of Object.entries(ACCOUNTS)) tokens[who] = await tokenFor(t.app, email, site);
  for (const who of ["student", "employee", "learner"] as const) {
    ids[who] = body<{ data: { id: number } }>(await call(who, "GET", "/profile")).data.id;
  }
  ids.open = await assessment();
  ids.draft = await assessment({ publish_status: false });
  ids.ungraded = await assessment({ grading_type: "no_grades" });
});
afterAll(async () => {
  await t.close();
});

describe("taking a self-assessment (POST /self-assessment/{id}/attempts)", () => {
  it("does not show a learner the answers before they submit, in the list or the assessment", async () => {
    for (const url of [`/self-assessment/${ids.open}`, `/self-assessment?type=all&id=${ids.open}`]) {
      const res = await call("student", "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      const row = [body<unknown>(res)].flat()[0] as { questions: Record<string, unknown>[] };
      expect(row.questions.map((q) => q.question)).toEqual(QUESTIONS.map((q) => q.question));
      for (const question of row.questions) expect(question).not.toHaveProperty("answer");
    }
    // staff who keep it see its key
    const staff = body<{ questions: { answer: string }[] }>(
      await call("superadmin", "GET", `/self-assessment/${ids.open}`),
    );
    expect(staff.questions.map((q) => q.answer)).toEqual(QUESTIONS.map((q) => q.answer));
  });

  it("scores each kind of question: the exact option, a short text up to case and spacing", async () => {
    const res = await call("student", "POST", `/self-assessment/${ids.open}/attempts`, {
      answers: ["const", "  kathmandu   METROPOLITAN city ", "=="],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, data } = body<Submitted>(res);
    expect(message).toMatch(/submitted/);
    expect(data).toMatchObject({ score: 2, max_score: 3, percentage: 67, passed: true });
    expect(Object.keys(data).sort()).toEqual(["id", "max_score", "passed", "percentage", "score", "taken_at"]);
    expect(Date.parse(data.taken_at)).not.toBeNaN();
    ids.attempt = data.id;

    // "Const" is not the option "const"; the pass mark is 60 % and 1 of 3 is below it
    const wrong = body<Submitted>(
      await call("student", "POST", `/self-assessment/${ids.open}/attempts`, { answers: ["let", "Kathmandu", "==="] }),
    );
    expect(wrong.data).toMatchObject({ score: 1, max_score: 3, percentage: 33, passed: false });
  });

  it("counts unanswered questions wrong and stores them as empty answers", async () => {
    const res = await call("learner", "POST", `/self-assessment/${ids.open}/attempts`, { answers: ["const"] });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = body<Submitted>(res);
    expect(data).toMatchObject({ score: 1, max_score: 3, percentage: 33, passed: false });
    const stored = body<{ answers: string[] }>(await call("learner", "GET", `/assessment-attempts/${data.id}`));
    expect(stored.answers).toEqual(["const", "", ""]);
  });

  it("has no pass or fail for an assessment without grades", async () => {
    const res = await call("employee", "POST", `/self-assessment/${ids.ungraded}/attempts`, {
      answers: ["const", "kathmandu metropolitan city", "==="],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<Submitted>(res).data).toMatchObject({ score: 3, percentage: 100, passed: null });
  });

  it("is for learners alone", async () => {
    for (const who of ["superadmin", "collegeAdmin", "companyAdmin", "recruiter"] as const) {
      const res = await call(who, "POST", `/self-assessment/${ids.open}/attempts`, { answers: [] });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
    }
  });

  it("answers 404 for an assessment the learner may not read", async () => {
    const himal = await assessment({ institution_id: await institutionId("himal") });
    for (const id of [ids.draft, himal, 999_999]) {
      const res = await call("student", "POST", `/self-assessment/${id}/attempts`, { answers: [] });
      expect(res.statusCode, res.body).toBe(404);
    }
    // the same himal assessment is the employee's to take
    const own = await call("employee", "POST", `/self-assessment/${himal}/attempts`, { answers: [] });
    expect(own.statusCode, own.body).toBe(201);
  });

  it("refuses a bad body with the field's error, and stores nothing", async () => {
    const before = await attemptCount();
    const cases: [object, string][] = [
      [{}, "answers"],
      [{ answers: { 0: "const" } }, "answers"],
      [{ answers: [1, 2] }, "answers"],
      [{ answers: ["const", "", "===", "extra"] }, "answers"],
      [{ answers: ["static"] }, "answers"],
      [{ answers: [], note: "hi" }, "note"],
    ];
    for (const [payload, field] of cases) {
      const res = await call("student", "POST", `/self-assessment/${ids.open}/attempts`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        Object.keys(body<{ errors: Record<string, string> }>(res).errors ?? {}),
        JSON.stringify(payload),
      ).toContain(field);
    }
    const malformed = await call("student", "POST", "/self-assessment/abc/attempts", { answers: [] });
    expect(malformed.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(malformed).errors).toHaveProperty("id");
    expect(await attemptCount()).toBe(before);
  });
});

async function institutionId(subdomain: string) {
  const row = await t.app.db
    .selectFrom("institutions")
    .select("id")
    .where("subdomain", "=", subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function attemptCount() {
  const row = await t.app.db
    .selectFrom("assessment_attempts")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("reading attempts (resource assessment-attempts)", () => {
  it("shows the learner the questions and their key in their own submitted attempt", async () => {
    const res = await call("student", "GET", `/assessment-attempts/${ids.attempt}`);
    expect(res.statusCode, res.body).toBe(200);
    const attempt = body<Record<string, unknown> & { questions: { answer: string }[] }>(res);
    expect(attempt).toMatchObject({
      user_id: ids.student,
      self_assessment_id: ids.open,
      score: 2,
      max_score: 3,
      percentage: 67,
      passed: true,
      answers: ["const", "  kathmandu   METROPOLITAN city ", "=="],
    });
    expect(attempt.questions.map((q) => q.answer)).toEqual(QUESTIONS.map((q) => q.answer));
  });

  it("keeps the questions as they were when it was taken", async () => {
    const edited = await call("superadmin", "GET", `/self-assessment/${ids.open}`);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/self-assessment/${ids.open}`,
      headers: bearer(tokens.superadmin ?? ""),
      payload: { questions: [{ question: "Replaced?", options: ["yes", "no"], answer: "yes" }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(res.statusCode, res.body).toBe(200);
    const attempt = body<{ questions: { question: string }[] }>(
      await call("student", "GET", `/assessment-attempts/${ids.attempt}`),
    );
    expect(attempt.questions.map((q) => q.question)).toEqual(QUESTIONS.map((q) => q.question));
    await t.app.inject({
      method: "PATCH",
      url: `/api/self-assessment/${ids.open}`,
      headers: bearer(tokens.superadmin ?? ""),
      payload: { questions: QUESTIONS },
    });
  });

  it("hides another learner's attempt (404), and another institution's from its staff", async () => {
    for (const who of ["employee", "learner", "companyAdmin"] as const) {
      const res = await call(who, "GET", `/assessment-attempts/${ids.attempt}`);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
    }
    const listed = body<{ id: number }[]>(await call("companyAdmin", "GET", `/assessment-attempts?_end=100`));
    expect(listed.map((row) => row.id)).not.toContain(ids.attempt);
  });

  it("lets the learner's own institution staff and provider staff read it", async () => {
    for (const who of ["collegeViewer", "collegeAdmin", "superadmin"] as const) {
      const res = await call(who, "GET", `/assessment-attempts/${ids.attempt}`);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(body<{ user_id: number }>(res).user_id).toBe(ids.student);
    }
    const kmc = body<{ institution_id: number }[]>(await call("collegeViewer", "GET", "/assessment-attempts?_end=100"));
    expect(kmc.length).toBeGreaterThan(0);
    const own = await institutionId("kmc");
    for (const row of kmc) expect(row.institution_id).toBe(own);
  });

  it("refuses recruiters, and nobody edits or deletes an attempt", async () => {
    expect((await call("recruiter", "GET", `/assessment-attempts/${ids.attempt}`)).statusCode).toBe(403);
    expect((await call("recruiter", "GET", "/assessment-attempts")).statusCode).toBe(403);
    for (const method of ["PATCH", "DELETE"] as const) {
      for (const who of ["student", "superadmin"] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/assessment-attempts/${ids.attempt}`,
          headers: bearer(tokens[who] ?? ""),
          ...(method === "PATCH" ? { payload: { score: 3 } } : {}),
        });
        expect(res.statusCode, `${who} ${method}`).toBe(404);
      }
    }
  });

  it("keeps every attempt, the learner's own newest first, and filters them", async () => {
    // the first attempt was a year ago
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    await t.app.db
      .updateTable("assessment_attempts")
      .set({ taken_at: yearAgo })
      .where("id", "=", ids.attempt ?? 0)
      .execute();
    const res = await call("student", "GET", `/assessment-attempts?self_assessment_id=${ids.open}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = body<{ id: number; user_id: number; taken_at: string; passed: boolean }[]>(res);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(rows.every((row) => row.user_id === ids.student)).toBe(true);
    expect(rows.map((row) => row.taken_at)).toEqual(
      rows
        .map((row) => row.taken_at)
        .sort()
        .reverse(),
    );
    expect(rows.at(-1)).toMatchObject({ id: ids.attempt, taken_at: yearAgo });

    const passed = body<{ passed: boolean }[]>(
      await call("student", "GET", `/assessment-attempts?self_assessment_id=${ids.open}&passed=true`),
    );
    expect(passed.map((row) => row.passed)).toEqual([true]);
    const byUser = body<{ user_id: number }[]>(
      await call("superadmin", "GET", `/assessment-attempts?user_id=${ids.learner}&_end=100`),
    );
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((row) => row.user_id === ids.learner)).toBe(true);
  });
});

describe("the learner's self-assessment tabs (?type=all)", () => {
  it("takes ?type=all from anyone, and shows learners what they have taken and not", async () => {
    for (const who of ["student", "collegeAdmin", "superadmin"] as const) {
      expect((await call(who, "GET", "/self-assessment?type=all")).statusCode).toBe(200);
    }
    const idsOf = async (type: string) =>
      body<{ id: number }[]>(await call("student", "GET", `/self-assessment?type=${type}&_end=100`)).map((r) => r.id);
    const all = await idsOf("all");
    const taken = await idsOf("taken");
    const notTaken = await idsOf("not-taken");
    expect(taken).toContain(ids.open);
    expect(notTaken).not.toContain(ids.open);
    expect(notTaken).toContain(ids.ungraded);
    expect([...taken, ...notTaken].sort()).toEqual([...all].sort());
  });

  it("keeps the taken tabs to learners", async () => {
    const res = await call("collegeAdmin", "GET", "/self-assessment?type=taken");
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(res).errors).toHaveProperty("type");
  });
});
