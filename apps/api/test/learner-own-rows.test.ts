import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, body, createTestApp, type TestApp, tokenFor } from "./helpers.js";

/**
 * The proof over every resource and every learner account: a learner reads and changes only
 * their own enrolments, attempts, applications and skills — by list, page, id, `id=` filter,
 * `user_id` filter, search, export, update, delete and every command — and the answer key of an
 * assessment reaches them only in their own submitted attempts. The expectations come from plain
 * SQL over the tables (whose rows are whose), never from the ability the API uses.
 */

let t: TestApp;
const LEARNERS = [
  ["student@example.com", "kmc"],
  ["employee@example.com", "himal"],
  ["learner@example.com", "provider"],
] as const;
type Email = (typeof LEARNERS)[number][0];
const tokens = new Map<Email, string>();
const userIds = new Map<Email, number>();

/** The resources whose rows belong to one learner, and the table each is kept in. */
const OWN = {
  applications: "applications",
  enrolments: "enrolments",
  "assessment-attempts": "assessment_attempts",
  "learner-skills": "learner_skills",
} as const;
type OwnResource = keyof typeof OWN;

// biome-ignore lint/suspicious/noExplicitAny: the four tables are read by name, as plain SQL would
const anyDb = () => t.app.db as unknown as Kysely<any>;

const call = (who: Email, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens.get(who) ?? ""),
    ...(payload ? { payload } : {}),
  });

/** Every row of a list, page by page (the page size is capped), with the total the API reported. */
async function everyRow(who: Email, resource: string, query = ""): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let start = 0; ; start += 100) {
    const res = await call(who, "GET", `/${resource}?_start=${start}&_end=${start + 100}${query}`);
    expect(res.statusCode, `${who} ${resource}: ${res.body}`).toBe(200);
    const page = body<Record<string, unknown>[]>(res);
    rows.push(...page);
    if (page.length < 100 || start > 10_000) {
      expect(rows.length).toBe(Number(res.headers["x-total-count"]));
      return rows;
    }
  }
}

const idsOf = async (table: string, userId: number) =>
  (await anyDb().selectFrom(table).select("id").where("user_id", "=", userId).orderBy("id").execute()).map(
    (row) => row.id as number,
  );

/** A fingerprint of the learner-owned tables: any change a refused request made would show. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(OWN)) {
    const rows = await anyDb().selectFrom(table).selectAll().orderBy("id").execute();
    parts.push(JSON.stringify(rows));
  }
  return parts.join("\n");
}

let assessmentId = 0;
const QUESTIONS = [
  { question: "Which keyword declares a constant?", options: ["var", "let", "const"], answer: "const" },
  { question: "Nepal's capital?", options: [], answer: "Kathmandu Metropolitan City" },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, site] of LEARNERS) {
    tokens.set(email, await tokenFor(t.app, email, site));
    const user = await t.app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    userIds.set(email, user.id);
  }
  // a provider assessment every learner may take, its key shown after each attempt (the other
  // review policies are in security-learning.test.ts); each learner submits one attempt
  const superToken = await tokenFor(t.app, "superadmin@example.com", "provider");
  const made = await t.app.inject({
    method: "POST",
    url: "/api/self-assessment",
    headers: bearer(superToken),
    payload: {
      title: "Own rows check",
      grading_type: "percentage",
      pass_mark: 50,
      questions: QUESTIONS,
      publish_status: true,
      review_policy: "after_each",
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  assessmentId = body<{ id: number }>(made).id;
  for (const [email] of LEARNERS) {
    const res = await call(email, "POST", `/self-assessment/${assessmentId}/attempts`, { answers: ["const", "x"] });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe.each(LEARNERS.map(([email]) => email))("%s reads only their own rows", (who) => {
  const others = () => LEARNERS.map(([email]) => email).filter((email) => email !== who);

  it("has seeded rows of every own resource, so the checks below compare something", async () => {
    for (const table of Object.values(OWN)) {
      for (const email of LEARNERS.map(([e]) => e)) {
        expect((await idsOf(table, userIds.get(email) as number)).length, `${email} ${table}`).toBeGreaterThan(0);
      }
    }
  });

  it.each(Object.keys(OWN) as OwnResource[])("lists exactly their own %s, all pages", async (resource) => {
    const own = await idsOf(OWN[resource], userIds.get(who) as number);
    const listed = await everyRow(who, resource);
    expect(listed.map((row) => row.id as number).sort((a, b) => a - b)).toEqual(own);
    for (const row of listed) expect(row.user_id).toBe(userIds.get(who));
  });

  it.each(Object.keys(OWN) as OwnResource[])(
    "reaches no other learner's %s by id, id filter, user filter or export",
    async (resource) => {
      for (const other of others()) {
        const theirs = (await idsOf(OWN[resource], userIds.get(other) as number)).slice(0, 3);
        for (const id of theirs) {
          expect((await call(who, "GET", `/${resource}/${id}`)).statusCode, `${resource}/${id}`).toBe(404);
        }
        const many = await call(who, "GET", `/${resource}?${theirs.map((id) => `id=${id}`).join("&")}`);
        expect(many.statusCode).toBe(200);
        expect(body(many)).toEqual([]);
        const filtered = await call(who, "GET", `/${resource}?user_id=${userIds.get(other)}`);
        expect(filtered.statusCode).toBe(200);
        expect(body(filtered)).toEqual([]);
      }
      // the export holds their own rows only: one line each under the header
      const exported = await call(who, "GET", `/${resource}/export`);
      if (exported.statusCode === 200) {
        const lines = exported.body.split(/\r?\n/).filter((line) => line.length > 0);
        expect(lines.length - 1).toBe((await idsOf(OWN[resource], userIds.get(who) as number)).length);
      } else {
        expect(exported.statusCode).toBe(403);
      }
    },
  );

  it("changes no other learner's row through any route, and the refused requests write nothing", async () => {
    const before = await fingerprint();
    for (const other of others()) {
      const otherId = userIds.get(other) as number;
      const [application] = await idsOf("applications", otherId);
      const enrolments = await idsOf("enrolments", otherId);
      const [attempt] = await idsOf("assessment_attempts", otherId);
      const [skill] = await idsOf("learner_skills", otherId);
      const refusals = [
        await call(who, "POST", `/applications/${application}/withdraw`),
        await call(who, "GET", `/applications/${application}/history`),
        await call(who, "POST", "/applications/bulk", { ids: [application], stage: "shortlisted" }),
        await call(who, "PATCH", `/applications/${application}`, { stage: "hired" }),
        await call(who, "DELETE", `/applications/${application}`),
        ...(await Promise.all(
          enrolments.slice(0, 3).map((id) => call(who, "PATCH", `/enrolments/${id}`, { progress: 50 })),
        )),
        await call(who, "PATCH", `/enrolments/${enrolments[0]}`, { completed: true }),
        await call(who, "POST", "/enrolments/bulk", { ids: enrolments.slice(0, 2), completed: true }),
        await call(who, "DELETE", `/enrolments/${enrolments[0]}`),
        await call(who, "PATCH", `/assessment-attempts/${attempt}`, { score: 99 }),
        await call(who, "DELETE", `/assessment-attempts/${attempt}`),
        await call(who, "PATCH", `/learner-skills/${skill}`, { name: "Forged" }),
        await call(who, "DELETE", `/learner-skills/${skill}`),
      ];
      for (const res of refusals) {
        expect([403, 404], `${res.raw.req.method} ${res.raw.req.url}: ${res.statusCode} ${res.body}`).toContain(
          res.statusCode,
        );
      }
    }
    expect(await fingerprint()).toBe(before);

    // nor may they make a row for somebody else by naming them: the body's user_id is not theirs to set
    const course = await t.app.db
      .selectFrom("courses")
      .select("id")
      .where("publish_status", "=", 1)
      .where("institution_id", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const victim = userIds.get(others()[0] as Email) as number;
    const victimRows = await idsOf("enrolments", victim);
    const forged = await call(who, "POST", `/courses/${course.id}/enrol`, { user_id: victim });
    expect([201, 400, 404, 409], forged.body).toContain(forged.statusCode);
    if (forged.statusCode === 201) expect(body<{ user_id: number }>(forged).user_id).toBe(userIds.get(who));
    expect(await idsOf("enrolments", victim)).toEqual(victimRows);
  });

  it("sees no other learner's row in any resource of their meta", async () => {
    const meta = body<{ data: { resources: { name: string; fields: { name: string }[] }[] } }>(
      await call(who, "GET", "/meta"),
    );
    const resources = meta.data.resources;
    // the learner's catalogue and their own resources are all there, so the walk covers them
    expect(resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining(["courses", "self-assessment", "users", ...Object.keys(OWN)]),
    );
    let ownRowsSeen = 0;
    for (const { name, fields: declared } of resources) {
      const names = new Set(declared.map((field) => field.name));
      const res = await call(who, "GET", `/${name}?_start=0&_end=100${name === "self-assessment" ? "&type=all" : ""}`);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      for (const row of body<Record<string, unknown>[]>(res)) {
        if (names.has("user_id") && row.user_id !== undefined) {
          expect(row.user_id, name).toBe(userIds.get(who));
          ownRowsSeen++;
        }
        // the user list shows a learner their own account only
        if (name === "users") expect(row.id).toBe(userIds.get(who));
      }
    }
    expect(ownRowsSeen).toBeGreaterThan(0);
  });

  it("gets an answer key only in their own submitted attempts, never in an assessment", async () => {
    for (const url of [`/self-assessment/${assessmentId}`, `/self-assessment?type=all&_start=0&_end=100`]) {
      const res = await call(who, "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      for (const row of [body<unknown>(res)].flat() as { questions?: Record<string, unknown>[] }[]) {
        for (const question of row.questions ?? []) expect(question).not.toHaveProperty("answer");
      }
    }
    const exported = await call(who, "GET", "/self-assessment/export");
    if (exported.statusCode === 200) expect(exported.body).not.toContain("Kathmandu Metropolitan City");

    const attempts = await everyRow(who, "assessment-attempts", `&self_assessment_id=${assessmentId}`);
    expect(attempts).toHaveLength(1);
    const mine = attempts[0] as { questions: { answer: string }[] };
    expect(mine.questions.map((question) => question.answer)).toEqual(QUESTIONS.map((question) => question.answer));
  });
});
