import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../src/domain/accounts.js";
import { reachOf } from "../src/engine/access.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { applicationRow, type PostingRef } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The role policy of a resource with no menu entry: applications are read by
 * provider staff, by whoever manages the posting (its institution's staff, its recruiter), by the
 * staff of the applicant's own institution (read only), and by the applicant; nobody else.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Posting = { table: "learning_events" | "job_opportunities" | "scholarships"; id: number };

/** A posting owned by an institution, a recruiter or the provider (both null), first of its kind. */
async function postingOf(
  table: Posting["table"],
  owner: { institution_id?: number | null; recruiter_id?: number | null },
): Promise<Posting> {
  // biome-ignore lint/suspicious/noExplicitAny: the catalogue tables are read through the registry elsewhere
  const db = t.app.db as unknown as Kysely<any>;
  let query = db.selectFrom(table).select("id");
  query = query.where("institution_id", owner.institution_id == null ? "is" : "=", owner.institution_id ?? null);
  query = query.where("recruiter_id", owner.recruiter_id == null ? "is" : "=", owner.recruiter_id ?? null);
  const row = (await query.executeTakeFirstOrThrow()) as { id: number };
  return { table, id: row.id };
}

const POSTING_FIELD = {
  learning_events: ["learning-event", "learning_event_id"],
  job_opportunities: ["job-opportunity", "job_opportunity_id"],
  scholarships: ["scholarship", "scholarship_id"],
} as const;

async function apply(posting: Posting, applicant: { id: number | null; email: string; institution_id: number | null }) {
  const [, field] = POSTING_FIELD[posting.table];
  const row = await t.app.db
    .insertInto("applications")
    .values(
      applicationRow({ [field]: posting.id } as PostingRef, {
        user_id: applicant.id,
        full_name: applicant.email,
        email: applicant.email,
        institution_id: applicant.institution_id,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const sorted = (...values: (number | undefined)[]) => values.map(Number).sort((a, b) => a - b);

describe("applications: a resource whose rights come from its role policy", () => {
  const ids: Record<string, number> = {};
  const expected = new Map<string, number[]>();

  beforeAll(async () => {
    const db = t.app.db;
    // the demo's own applicants (seed/applications.ts, tested in seed-applications.test.ts) make way
    // for the few here, so that each account's list is exactly the rows its policy reaches
    await db.deleteFrom("applications").execute();
    const institution = async (sub: string) =>
      (await db.selectFrom("institutions").select("id").where("subdomain", "=", sub).executeTakeFirstOrThrow()).id;
    const kmc = await institution("kmc");
    const himal = await institution("himal");
    const everest = (
      await db.selectFrom("recruiters").select("id").where("name", "=", "Everest Recruiters").executeTakeFirstOrThrow()
    ).id;
    const person = async (email: string) =>
      db
        .selectFrom("users")
        .select(["id", "email", "institution_id"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
    const student = await person("student@example.com");
    const employee = await person("employee@example.com");
    const learner = await person("learner@example.com");
    const guest = { id: null, email: "guest.applicant@example.com", institution_id: null };

    const kmcEvent = await postingOf("learning_events", { institution_id: kmc });
    const himalJob = await postingOf("job_opportunities", { institution_id: himal });
    const everestJob = await postingOf("job_opportunities", { recruiter_id: everest });
    const providerScholarship = await postingOf("scholarships", {});

    ids.studentToKmc = await apply(kmcEvent, student);
    ids.employeeToKmc = await apply(kmcEvent, employee);
    ids.studentToHimal = await apply(himalJob, student);
    ids.learnerToEverest = await apply(everestJob, learner);
    ids.guestToEverest = await apply(everestJob, guest);
    ids.employeeToProvider = await apply(providerScholarship, employee);
    ids.guestToHimal = await apply(himalJob, guest);

    const all = Object.values(ids);
    const kmcSees = [ids.studentToKmc, ids.employeeToKmc, ids.studentToHimal];
    const himalSees = [ids.studentToHimal, ids.guestToHimal, ids.employeeToKmc, ids.employeeToProvider];
    for (const account of DEMO_ACCOUNTS) {
      const sees =
        account.email.startsWith("superadmin") || account.email.startsWith("skilllab.")
          ? all
          : account.email.startsWith("college.")
            ? kmcSees
            : account.email.startsWith("company.")
              ? himalSees
              : account.email.startsWith("recruiter.")
                ? [ids.learnerToEverest, ids.guestToEverest]
                : account.email === "student@example.com"
                  ? [ids.studentToKmc, ids.studentToHimal]
                  : account.email === "employee@example.com"
                    ? [ids.employeeToKmc, ids.employeeToProvider]
                    : [ids.learnerToEverest];
      expected.set(
        account.email,
        [...new Set(sees)].sort((a, b) => a - b),
      );
    }
  });

  it.each(DEMO_ACCOUNTS)("lists for $email exactly the applications its policy reaches", async (account) => {
    const token = await tokenFor(t.app, account.email, account.site);
    const headers = { host: hostOf(account.site), ...bearer(token) };
    const res = await t.app.inject({ url: "/api/applications?_start=0&_end=100", headers });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<{ id: number }[]>().map((row) => row.id);
    expect(listed.sort((a, b) => a - b)).toEqual(expected.get(account.email));
    expect(Number(res.headers["x-total-count"])).toBe(listed.length);
    // by id, the same: another tenant's application is a 404
    for (const id of Object.values(ids)) {
      const one = await t.app.inject({ url: `/api/applications/${id}`, headers });
      expect(one.statusCode, `${account.email} /applications/${id}`).toBe(
        expected.get(account.email)?.includes(id) ? 200 : 404,
      );
    }
  });

  it("lets staff manage only applications to their own postings, and a learner act only on their own", async () => {
    const reachable = async (email: string, action: "update" | "read" | "withdraw") => {
      const row = await t.app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      const user = await findSessionUser(t.app.db, row.id);
      if (!user) throw new Error(email);
      const { defineAbilityFor } = await import("@csc/shared");
      const reach = reachOf(defineAbilityFor(user), action, "applications", "r");
      if (reach.kind === "none") return [];
      let query = t.app.db.selectFrom("applications as r").select("r.id");
      // biome-ignore lint/suspicious/noExplicitAny: the reach is written for any table
      if (reach.kind === "some") query = query.where(reach.where as any);
      return (await query.execute()).map((r) => r.id).sort((a, b) => a - b);
    };
    // the college's editor manages the applicants to the college's event, not its students' applications elsewhere
    expect(await reachable("college.editor@example.com", "update")).toEqual(
      sorted(ids.studentToKmc, ids.employeeToKmc),
    );
    expect(await reachable("college.viewer@example.com", "update")).toEqual([]);
    expect(await reachable("recruiter.editor@example.com", "update")).toEqual(
      sorted(ids.learnerToEverest, ids.guestToEverest),
    );
    // a learner holds a right beyond reading (withdrawing), on their own rows only
    expect(await reachable("student@example.com", "withdraw")).toEqual(sorted(ids.studentToKmc, ids.studentToHimal));
    expect(await reachable("learner@example.com", "withdraw")).toEqual([ids.learnerToEverest]);
    expect(await reachable("student@example.com", "update")).toEqual([]);
    expect(await reachable("college.editor@example.com", "withdraw")).toEqual([]);
  });

  it("lets the applicant withdraw an undecided application, once, and nobody else", async () => {
    const student = await tokenFor(t.app, "student@example.com", "kmc");
    const headers = { host: hostOf("kmc"), ...bearer(student) };
    const withdraw = (id: number | undefined, as = headers) =>
      t.app.inject({ method: "POST", url: `/api/applications/${id}/withdraw`, headers: as });

    // someone else's application is out of reach: 404, and it stays as it was
    expect((await withdraw(ids.employeeToKmc)).statusCode).toBe(404);
    // staff may read it but the command is the applicant's alone
    const editor = await tokenFor(t.app, "college.editor@example.com", "kmc");
    expect((await withdraw(ids.studentToKmc, { host: hostOf("kmc"), ...bearer(editor) })).statusCode).toBe(403);

    const done = await withdraw(ids.studentToKmc);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ id: number; withdrawn_at: string | null }>()).toMatchObject({ id: ids.studentToKmc });
    expect(done.json<{ withdrawn_at: string | null }>().withdrawn_at).toMatch(/^\d{4}-/);
    const again = await withdraw(ids.studentToKmc);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/decision/);

    // once staff have moved it on, it is no longer the applicant's to withdraw
    await t.app.db
      .updateTable("applications")
      .set({ stage: "shortlisted" })
      .where("id", "=", Number(ids.studentToHimal))
      .execute();
    expect((await withdraw(ids.studentToHimal)).statusCode).toBe(409);
    const untouched = await t.app.db
      .selectFrom("applications")
      .select(["withdrawn_at"])
      .where("id", "in", [Number(ids.studentToHimal), Number(ids.employeeToKmc)])
      .execute();
    expect(untouched.every((row) => row.withdrawn_at === null)).toBe(true);
  });

  it("offers no generic create, edit or delete: the pipeline's commands write applications", async () => {
    const token = await tokenFor(t.app, "superadmin@example.com", "provider");
    const post = await t.app.inject({ method: "POST", url: "/api/applications", headers: bearer(token), payload: {} });
    expect(post.statusCode).toBe(404);
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/applications/${ids.studentToKmc}`,
      headers: bearer(token),
      payload: { stage: "hired" },
    });
    expect(patch.statusCode).toBe(404);
  });
});
