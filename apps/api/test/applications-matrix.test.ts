import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { applicationRow, type PostingRef } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The access matrix for applicants: every demo account, every way to reach an application
 * (list, id, posting filter, search, export, history, bulk), against applications to postings of
 * each owner. The expectations are written out by hand and the issue ("recruiters
 * see only applicants to their own postings; institution staff see applicants to their own postings
 * and, read-only, their own learners' applications anywhere; provider staff see all"), never
 * derived from the ability the API itself uses.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every applicant of this file carries this word, so the seed's own applicants never enter a comparison. */
const MARK = "matrixapplicant";
const stamp = () => new Date().toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

type Owner = { institution_id: number | null; recruiter_id: number | null };
type Table = "learning_events" | "job_opportunities" | "scholarships";
const POSTING = {
  learning_events: { type: "learning-event", column: "learning_event_id", path: "learning-events" },
  job_opportunities: { type: "job-opportunity", column: "job_opportunity_id", path: "job-opportunities" },
  scholarships: { type: "scholarship", column: "scholarship_id", path: "scholarship" },
} as const;

async function posting(table: Table, owner: Owner) {
  // biome-ignore lint/suspicious/noExplicitAny: three catalogue tables with different required columns
  const db = t.app.db as unknown as Kysely<any>;
  const common = { publish_status: 1, ...owner, created_at: stamp(), updated_at: stamp() };
  const values =
    table === "learning_events"
      ? { title: `${MARK} event`, event_type: "training", start_at: inDays(-1), end_at: inDays(12), ...common }
      : table === "job_opportunities"
        ? { title: `${MARK} job`, job_type: "internship", deadline: inDays(30).slice(0, 10), ...common }
        : { title: `${MARK} scholarship`, deadline: inDays(30).slice(0, 10), ...common };
  const row = (await db.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow()) as { id: number };
  return { table, id: row.id };
}

/** An application as the pipeline writes it, by a learner with an account or by a guest (user null). */
async function application(
  target: { table: Table; id: number },
  applicant: { user_id: number | null; institution_id: number | null },
  key: string,
) {
  const { column } = POSTING[target.table];
  const row = await t.app.db
    .insertInto("applications")
    .values(
      applicationRow({ [column]: target.id } as PostingRef, {
        ...applicant,
        full_name: `${MARK} ${key}`,
        email: `${MARK}.${key.toLowerCase()}@example.com`,
        contact_number: "9800000000",
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Who = (typeof DEMO_ACCOUNTS)[number];
const kindOf = (email: string) => email.split(/[.@]/)[0] ?? "";
const isViewer = (email: string) => email.includes(".viewer@");
const isLearner = (email: string) => ["student", "employee", "learner"].includes(kindOf(email));

describe("applicants: no role sees or changes one outside its scope", () => {
  /** Application ids by a name saying whose posting and whose application it is. */
  const ids: Record<string, number> = {};
  const postings: Record<string, { table: Table; id: number }> = {};
  /** What each account reads, and what each account may change (bulk), by name. */
  const reads = new Map<string, number[]>();
  const manages = new Map<string, number[]>();
  const headersOf = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    const db = t.app.db;
    const institution = async (sub: string) =>
      (await db.selectFrom("institutions").select("id").where("subdomain", "=", sub).executeTakeFirstOrThrow()).id;
    const kmc = await institution("kmc");
    const himal = await institution("himal");
    const everest = (
      await db.selectFrom("recruiters").select("id").where("name", "=", "Everest Recruiters").executeTakeFirstOrThrow()
    ).id;
    const person = async (email: string) => {
      const row = await db
        .selectFrom("users")
        .select(["id", "institution_id"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return { user_id: row.id, institution_id: row.institution_id };
    };
    const student = await person("student@example.com");
    const employee = await person("employee@example.com");
    const learner = await person("learner@example.com");
    const guest = { user_id: null, institution_id: null };

    postings.kmcEvent = await posting("learning_events", { institution_id: kmc, recruiter_id: null });
    postings.himalJob = await posting("job_opportunities", { institution_id: himal, recruiter_id: null });
    postings.everestJob = await posting("job_opportunities", { institution_id: null, recruiter_id: everest });
    postings.everestEvent = await posting("learning_events", { institution_id: null, recruiter_id: everest });
    postings.providerScholarship = await posting("scholarships", { institution_id: null, recruiter_id: null });

    ids.kmcEventStudent = await application(postings.kmcEvent, student, "kmcEventStudent");
    ids.kmcEventGuest = await application(postings.kmcEvent, guest, "kmcEventGuest");
    ids.himalJobStudent = await application(postings.himalJob, student, "himalJobStudent");
    ids.himalJobEmployee = await application(postings.himalJob, employee, "himalJobEmployee");
    ids.everestJobStudent = await application(postings.everestJob, student, "everestJobStudent");
    ids.everestJobLearner = await application(postings.everestJob, learner, "everestJobLearner");
    ids.everestEventGuest = await application(postings.everestEvent, guest, "everestEventGuest");
    ids.providerScholarshipEmployee = await application(
      postings.providerScholarship,
      employee,
      "providerScholarshipEmployee",
    );
    ids.providerScholarshipLearner = await application(
      postings.providerScholarship,
      learner,
      "providerScholarshipLearner",
    );

    const all = Object.values(ids);
    const kmcPostings = [ids.kmcEventStudent, ids.kmcEventGuest];
    const himalPostings = [ids.himalJobStudent, ids.himalJobEmployee];
    const everestPostings = [ids.everestJobStudent, ids.everestJobLearner, ids.everestEventGuest];
    const own = {
      student: [ids.kmcEventStudent, ids.himalJobStudent, ids.everestJobStudent],
      employee: [ids.himalJobEmployee, ids.providerScholarshipEmployee],
      learner: [ids.everestJobLearner, ids.providerScholarshipLearner],
    };
    for (const account of DEMO_ACCOUNTS) {
      const kind = kindOf(account.email);
      const read =
        kind === "superadmin" || kind === "skilllab"
          ? all
          : kind === "college"
            ? [...kmcPostings, ...own.student]
            : kind === "company"
              ? [...himalPostings, ...own.employee]
              : kind === "recruiter"
                ? everestPostings
                : own[kind as keyof typeof own];
      const manage =
        isViewer(account.email) || isLearner(account.email)
          ? []
          : kind === "superadmin" || kind === "skilllab"
            ? all
            : kind === "college"
              ? kmcPostings
              : kind === "company"
                ? himalPostings
                : everestPostings;
      reads.set(
        account.email,
        [...new Set(read)].sort((a, b) => a - b),
      );
      manages.set(
        account.email,
        [...manage].sort((a, b) => a - b),
      );
      headersOf.set(account.email, {
        host: hostOf(account.site),
        ...bearer(await tokenFor(t.app, account.email, account.site)),
      });
    }
  });

  const listed = async (who: Who, query: string) => {
    const res = await t.app.inject({
      url: `/api/applications?${query}&_start=0&_end=100`,
      headers: headersOf.get(who.email),
    });
    expect(res.statusCode, `${who.email} ?${query}: ${res.body}`).toBe(200);
    const mine = new Set(Object.values(ids));
    return res
      .json<{ id: number }[]>()
      .map((row) => row.id)
      .filter((id) => mine.has(id))
      .sort((a, b) => a - b);
  };

  it.each(DEMO_ACCOUNTS)("$email finds exactly its applicants by search, by ids and by posting", async (who) => {
    const expected = reads.get(who.email) ?? [];
    expect(await listed(who, `q=${MARK}`)).toEqual(expected);
    expect(
      await listed(
        who,
        Object.values(ids)
          .map((id) => `id=${id}`)
          .join("&"),
      ),
    ).toEqual(expected);
    for (const [name, target] of Object.entries(postings)) {
      const ofPosting = (await listed(who, `${POSTING[target.table].column}=${target.id}`)).filter((id) =>
        expected.includes(id),
      );
      const inScope = expected.filter((id) =>
        Object.entries(ids).some(([key, value]) => value === id && key.startsWith(name)),
      );
      expect(ofPosting, `${who.email}: applicants of ${name}`).toEqual(inScope);
    }
  });

  it.each(DEMO_ACCOUNTS)("$email reads the history of exactly the applications it may read", async (who) => {
    const expected = reads.get(who.email) ?? [];
    for (const [name, id] of Object.entries(ids)) {
      const res = await t.app.inject({ url: `/api/applications/${id}/history`, headers: headersOf.get(who.email) });
      expect(res.statusCode, `${who.email} history of ${name}`).toBe(expected.includes(id) ? 200 : 404);
      const one = await t.app.inject({ url: `/api/applications/${id}`, headers: headersOf.get(who.email) });
      expect(one.statusCode, `${who.email} ${name}`).toBe(expected.includes(id) ? 200 : 404);
    }
  });

  it.each(DEMO_ACCOUNTS)("$email exports only the applicants it manages, or nothing at all", async (who) => {
    const res = await t.app.inject({ url: `/api/applications/export?q=${MARK}`, headers: headersOf.get(who.email) });
    const expected = manages.get(who.email) ?? [];
    if (expected.length === 0) {
      // viewers and learners read but never export (export is an editor's right)
      expect(res.statusCode, `${who.email}: ${res.body}`).toBe(403);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const emails = res.body.match(new RegExp(`${MARK}\\.\\w+@example\\.com`, "g")) ?? [];
    const expectedEmails = Object.entries(ids)
      .filter(([, id]) => expected.includes(id))
      .map(([key]) => `${MARK}.${key.toLowerCase()}@example.com`);
    expect([...new Set(emails)].sort()).toEqual(expectedEmails.sort());
  });

  it.each(DEMO_ACCOUNTS)(
    "$email changes in bulk only the applicants it manages, and one out of reach changes none",
    async (who) => {
      const expected = manages.get(who.email) ?? [];
      const headers = headersOf.get(who.email);
      const stagesBefore = async () =>
        (
          await t.app.db
            .selectFrom("applications")
            .select(["id", "attendance", "updated_at"])
            .where("id", "in", Object.values(ids))
            .orderBy("id")
            .execute()
        ).map((row) => JSON.stringify(row));
      const before = await stagesBefore();
      const outside = Object.values(ids).find((id) => !expected.includes(id));
      const payload = (list: number[]) => ({ ids: list, attendance: 2, note: `by ${who.email}` });

      if (expected.length === 0) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/applications/bulk",
          headers,
          payload: payload(Object.values(ids)),
        });
        expect(res.statusCode, `${who.email}: ${res.body}`).toBe(403);
        expect(await stagesBefore()).toEqual(before);
        return;
      }
      if (outside !== undefined) {
        const mixed = await t.app.inject({
          method: "POST",
          url: "/api/applications/bulk",
          headers,
          payload: payload([...expected, outside]),
        });
        expect(mixed.statusCode, `${who.email}: ${mixed.body}`).toBe(404);
        expect(await stagesBefore()).toEqual(before);
      }
      const res = await t.app.inject({
        method: "POST",
        url: "/api/applications/bulk",
        headers,
        payload: payload(expected),
      });
      expect(res.statusCode, `${who.email}: ${res.body}`).toBe(200);
      expect(res.json<{ data: { updated: number } }>().data.updated).toBe(expected.length);
      // put them back, so each account starts from the same rows
      await t.app.db.updateTable("applications").set({ attendance: 3 }).where("id", "in", expected).execute();
    },
  );
});
