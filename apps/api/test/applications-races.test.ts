import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The pipeline's rules under concurrency: an applicant withdraws only an undecided application,
 * and staff never move a withdrawn one, even when the withdrawal and the staff's change run at
 * the same time (on PostgreSQL, on connections of their own under READ COMMITTED).
 */

let t: TestApp;
type Headers = Record<string, string>;
let staff: Headers;
let learner: Headers;
let learnerId = 0;
let kmc = 0;
const postgres = process.env.TEST_DB === "postgres";

beforeAll(async () => {
  t = await createTestApp();
  staff = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, "college.editor@example.com", "kmc")) };
  learner = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, "student@example.com", "kmc")) };
  learnerId = (
    await t.app.db.selectFrom("users").select("id").where("email", "=", "student@example.com").executeTakeFirstOrThrow()
  ).id;
  kmc = (
    await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", "kmc").executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The learner's undecided applications, one to each of `count` new events of the college. */
async function applications(count: number) {
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const now = new Date().toISOString();
    const event = await t.app.db
      .insertInto("learning_events")
      .values({
        title: `Race event ${++serial}`,
        event_type: "training",
        start_at: daysFromNow(-1),
        end_at: daysFromNow(30),
        registration_deadline: null,
        publish_status: 1,
        grading_type: null,
        institution_id: kmc,
        recruiter_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await t.app.db
      .insertInto("applications")
      .values(
        applicationRow(
          { learning_event_id: event.id },
          { user_id: learnerId, full_name: "Student", email: "student@example.com" },
        ),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    made.push(row.id);
  }
  return made;
}

const bulk = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/applications/bulk", headers: staff, payload });
const withdraw = (id: number) =>
  t.app.inject({ method: "POST", url: `/api/applications/${id}/withdraw`, headers: learner });

/** Each application's stage, withdrawal and history (oldest first), and the mails and changes written for them. */
async function state(ids: number[]) {
  const rows = await t.app.db
    .selectFrom("applications")
    .select(["id", "stage", "withdrawn_at", "updated_at"])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  const history = await t.app.db
    .selectFrom("application_history")
    .select(["application_id", "field", "from_value", "to_value"])
    .where("application_id", "in", ids)
    .orderBy("id")
    .execute();
  const { mails } = await t.app.db
    .selectFrom("mail_queue")
    .select((eb) => eb.fn.countAll().as("mails"))
    .executeTakeFirstOrThrow();
  const { changes } = await t.app.db
    .selectFrom("application_changes")
    .select((eb) => eb.fn.countAll().as("changes"))
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row) => ({ ...row, history: history.filter((entry) => entry.application_id === row.id) })),
    mails: Number(mails),
    changes: Number(changes),
  };
}

/** The rules every application must keep: its stage agrees with its history, and it was either moved or withdrawn. */
function expectConsistent(rows: Awaited<ReturnType<typeof state>>["rows"]) {
  for (const row of rows) {
    // the history written here (past the applying row the fixture leaves out)
    const fields = row.history.map((entry) => entry.field);
    if (row.withdrawn_at !== null) {
      // never withdrawn after a decision, never moved after a withdrawal
      expect(row.stage, `application ${row.id}`).toBe("new_candidate");
      expect(fields, `application ${row.id}`).toEqual(["withdrawn_at"]);
    } else if (row.stage === "shortlisted") {
      expect(fields, `application ${row.id}`).toEqual(["stage"]);
      expect(row.history[0], `application ${row.id}`).toMatchObject({ from_value: "new_candidate" });
    } else {
      expect(row, `application ${row.id}`).toMatchObject({ stage: "new_candidate", history: [] });
    }
  }
}

describe("a withdrawal and a staff move at the same time", () => {
  it("end in one of the two, never both: the loser is refused and leaves the winner's rows and history intact", async () => {
    for (let round = 0; round < 6; round++) {
      const ids = await applications(20);
      const [move, ...withdrawals] = await Promise.all([
        bulk({ ids, stage: "shortlisted", note: `Round ${round}` }),
        ...ids.map((id) => withdraw(id)),
      ]);
      const { rows } = await state(ids);
      expectConsistent(rows);
      const withdrawn = rows.filter((row) => row.withdrawn_at !== null).map((row) => row.id);
      if (move?.statusCode === 200) {
        // the move won: every withdrawal came too late
        expect(withdrawn).toEqual([]);
        expect(rows.every((row) => row.stage === "shortlisted")).toBe(true);
        expect(withdrawals.map((res) => res.statusCode)).toEqual(ids.map(() => 409));
      } else {
        // a withdrawal came first: the move is refused whole, and each withdrawal lands
        expect(move?.statusCode, move?.body).toBe(409);
        expect(move?.json<{ message: string }>().message).toMatch(/withdrawn/);
        expect(withdrawn).toEqual(ids);
        expect(withdrawals.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
      }
    }
  });

  it.runIf(postgres)("refuse a withdrawal whose application staff moved between its check and its update", async () => {
    const ids = await applications(5);
    let pending: ReturnType<typeof withdraw>[] = [];
    await t.app.db.transaction().execute(async (trx) => {
      // the staff's move holds the rows: each withdrawal reads them undecided, then waits for the lock
      await trx.selectFrom("applications").select("id").where("id", "in", ids).forUpdate().execute();
      pending = ids.map((id) => withdraw(id));
      await waitForLockWaits(ids.length);
      const at = new Date().toISOString();
      await trx
        .updateTable("applications")
        .set({ stage: "shortlisted", updated_at: at })
        .where("id", "in", ids)
        .execute();
      for (const id of ids) {
        await trx
          .insertInto("application_history")
          .values({
            application_id: id,
            field: "stage",
            from_value: "new_candidate",
            to_value: "shortlisted",
            by_user_id: null,
            at,
            note: null,
            change_id: null,
          })
          .execute();
      }
    });
    // committed: the withdrawals go on, and find the rows moved
    const messages = (await Promise.all(pending)).map(
      (res) => `${res.statusCode} ${res.json<{ message: string }>().message}`,
    );
    const decided = await applications(1);
    await bulk({ ids: decided, stage: "shortlisted" });
    const refused = await withdraw(decided[0] as number);
    expect(refused.statusCode).toBe(409);
    // refused just as a withdrawal of an application staff had already moved
    expect(messages).toEqual(ids.map(() => `409 ${refused.json<{ message: string }>().message}`));
    const { rows } = await state(ids);
    expectConsistent(rows);
    expect(rows.every((row) => row.stage === "shortlisted" && row.withdrawn_at === null)).toBe(true);
  });
});

describe("a staff move of an application withdrawn before it", () => {
  it("is refused whole, and nothing changes", async () => {
    const ids = await applications(4);
    const gone = ids[2] as number;
    expect((await withdraw(gone)).statusCode).toBe(200);
    const before = await state(ids);
    const move = await bulk({ ids, stage: "shortlisted", note: "Welcome" });
    expect(move.statusCode, move.body).toBe(409);
    expect(move.json<{ message: string }>().message).toMatch(/withdrawn/);
    expect(await state(ids)).toEqual(before);
  });

  it.runIf(postgres)("is refused whole when the withdrawal commits while the move waits for the row", async () => {
    const ids = await applications(4);
    const gone = ids[2] as number;
    const before = await state(ids);
    let pending: ReturnType<typeof bulk> | undefined;
    await t.app.db.transaction().execute(async (trx) => {
      // the applicant's withdrawal holds one row: the move reads it undecided, then waits for the lock
      await trx.selectFrom("applications").select("id").where("id", "=", gone).forUpdate().execute();
      pending = bulk({ ids, stage: "shortlisted", note: "Welcome" });
      await waitForLockWaits(1);
      const at = new Date().toISOString();
      await trx.updateTable("applications").set({ withdrawn_at: at, updated_at: at }).where("id", "=", gone).execute();
    });
    // committed: the move goes on, and finds the row withdrawn
    const move = await pending;
    expect(move?.statusCode, move?.body).toBe(409);
    expect(move?.json<{ message: string }>().message).toMatch(/withdrawn/);
    const after = await state(ids);
    // only the withdrawal landed: no move, no history, no change to undo, no mail
    expect(after.mails).toBe(before.mails);
    expect(after.changes).toBe(before.changes);
    expect(after.rows.map(({ id, stage, history }) => ({ id, stage, history }))).toEqual(
      before.rows.map(({ id, stage, history }) => ({ id, stage, history })),
    );
    expect(after.rows.find((row) => row.id === gone)?.withdrawn_at).not.toBeNull();
  });
});

/** Until `count` statements of this test's database wait for a row lock (PostgreSQL). */
async function waitForLockWaits(count: number) {
  await expect
    .poll(
      async () => {
        const { rows } = await sql<{ waiting: string | number }>`
          select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.app.db);
        return Number(rows[0]?.waiting);
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(count);
}
