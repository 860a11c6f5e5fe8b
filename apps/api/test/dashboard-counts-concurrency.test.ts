import { PassThrough } from "node:stream";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countExisting, withCountsPaused } from "../src/platform/db/migrations/20261126T0000_dashboard_counts.js";
import { retryOnConflict } from "../src/platform/db/retry.js";
import type { Database } from "../src/platform/db/schema.js";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The dashboards' counts under concurrent writes (migrations 20261126T0000 and 20261127T0900):
 * bulk moves of one posting's applicants in opposite directions at the same time all succeed —
 * on PostgreSQL without a single deadlock, since each statement adds to the counts in their keys'
 * order — and every count stays what counting the rows again makes it. A command's transaction
 * that does meet a deadlock or serialization failure runs again (`retryOnConflict`).
 */

let t: TestApp;
let staff: Record<string, string>;
let kmc = 0;
/** The server's log: a command run again after a conflict says so there. */
let log = "";
const postgres = process.env.TEST_DB === "postgres";

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    log += chunk.toString("utf8");
  });
  t = await createTestApp({ LOG_LEVEL: "warn" }, { logger: true, logStream: stream });
  staff = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, "college.editor@example.com", "kmc")) };
  kmc = (
    await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", "kmc").executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const ROLLED_BACK = new Error("rolled back");

/**
 * The counts as stored, leaving out those at 0 (a count that went back to 0 keeps its row; a
 * recount makes none) unless `zeros`.
 */
async function storedCounts(db: Kysely<Database>, zeros = false) {
  const counts = await db
    .selectFrom("dashboard_counts")
    .select(["scope_id", "day", "metric", "n"])
    .$if(!zeros, (query) => query.where("n", "!=", 0))
    .orderBy("scope_id")
    .orderBy("day")
    .orderBy("metric")
    .execute();
  const stages = await db
    .selectFrom("dashboard_stage_counts")
    .select(["posting_type", "posting_id", "stage", "n"])
    .$if(!zeros, (query) => query.where("n", "!=", 0))
    .orderBy("posting_type")
    .orderBy("posting_id")
    .orderBy("stage")
    .execute();
  return { counts, stages };
}

/** The counts made again from the rows, as `countExisting` makes them, in a transaction then rolled back. */
async function recountedCounts() {
  let recounted: Awaited<ReturnType<typeof storedCounts>> | undefined;
  await t.app.db
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("dashboard_counts").execute();
      await trx.deleteFrom("dashboard_stage_counts").execute();
      await countExisting(trx);
      recounted = await storedCounts(trx);
      throw ROLLED_BACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLED_BACK) throw error;
    });
  return recounted;
}

async function expectCountsAsRecounted(when: string) {
  const stored = await storedCounts(t.app.db);
  expect(stored, when).toEqual(await recountedCounts());
  return stored;
}

describe("retryOnConflict", () => {
  const failing = (codes: (string | undefined)[]) => {
    let runs = 0;
    const work = async () => {
      const code = codes[runs++];
      if (code === undefined) return "done";
      throw Object.assign(new Error(`failed with ${code}`), { code });
    };
    return { work, runs: () => runs };
  };

  it("runs the work again after a deadlock (40P01) or a serialization failure (40001)", async () => {
    const deadlock = failing(["40P01", undefined]);
    expect(await retryOnConflict(deadlock.work, { pauseMs: 1 })).toBe("done");
    expect(deadlock.runs()).toBe(2);
    const serialization = failing(["40001", "40P01", undefined]);
    const retried: number[] = [];
    expect(
      await retryOnConflict(serialization.work, { pauseMs: 1, onRetry: (_, attempt) => retried.push(attempt) }),
    ).toBe("done");
    expect(serialization.runs()).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it("gives up after its tries, with the last conflict", async () => {
    const always = failing(["40P01", "40001", "40P01", "40P01"]);
    await expect(retryOnConflict(always.work, { pauseMs: 1 })).rejects.toMatchObject({ code: "40P01" });
    expect(always.runs()).toBe(3);
    const twice = failing(["40001", "40001", undefined]);
    await expect(retryOnConflict(twice.work, { tries: 2, pauseMs: 1 })).rejects.toMatchObject({ code: "40001" });
    expect(twice.runs()).toBe(2);
  });

  it("never runs the work again after any other error", async () => {
    for (const code of ["23505", "40003", "55P03", "57014", "SQLITE_BUSY"]) {
      const other = failing([code, undefined]);
      await expect(retryOnConflict(other.work, { pauseMs: 1 })).rejects.toMatchObject({ code });
      expect(other.runs(), code).toBe(1);
    }
    let runs = 0;
    const plain = async () => {
      runs++;
      throw new Error("not a database error");
    };
    await expect(retryOnConflict(plain, { pauseMs: 1 })).rejects.toThrow("not a database error");
    expect(runs).toBe(1);
  });
});

/**
 * An event of the college with two groups of ten applicants from it, the first in the first
 * stage and the second shortlisted, each over five days: the first group's rows in the order of
 * the days, the second's the other way round, so that moving the two groups in opposite
 * directions meets the days' counts in opposite orders as well as the stages'.
 */
async function eventWithTwoGroups() {
  const now = new Date().toISOString();
  const event = await t.app.db
    .insertInto("learning_events")
    .values({
      title: "Counted event",
      event_type: "training",
      start_at: daysAgo(1),
      end_at: daysAgo(-30),
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
  const group = async (stage: "new_candidate" | "shortlisted", dayOf: (i: number) => number) => {
    const rows = await t.app.db
      .insertInto("applications")
      .values(
        Array.from({ length: 10 }, (_, i) =>
          applicationRow(
            { learning_event_id: event.id },
            {
              full_name: `Counted ${stage} ${i}`,
              email: `counted.${stage}.${i}@example.com`,
              institution_id: kmc,
              applied_at: daysAgo(dayOf(i)),
              stage,
            },
          ),
        ),
      )
      .returning("id")
      .execute();
    return rows.map((row) => row.id);
  };
  const first = await group("new_candidate", (i) => 10 + Math.floor(i / 2));
  const second = await group("shortlisted", (i) => 14 - Math.floor(i / 2));
  return { event: event.id, first, second };
}

/** The event's open applicants at each stage, as counted. */
const stagesOf = async (event: number) =>
  (await storedCounts(t.app.db)).stages.filter(
    (row) => row.posting_type === "learning-event" && row.posting_id === event,
  );

const retries = () => log.split("command transaction run again").length - 1;

const move = (ids: number[], stage: string) =>
  t.app.inject({ method: "POST", url: "/api/applications/bulk", headers: staff, payload: { ids, stage } });

describe("bulk moves in opposite directions at the same time", () => {
  it("all succeed, and leave every count as a recount makes it", async () => {
    const { event, first, second } = await eventWithTwoGroups();
    const retriedBefore = retries();
    for (let round = 0; round < 20; round++) {
      const [there, back] = round % 2 === 0 ? ["shortlisted", "new_candidate"] : ["new_candidate", "shortlisted"];
      const answers = await Promise.all([move(first, there), move(second, back)]);
      for (const answer of answers) {
        expect(answer.statusCode, `round ${round}: ${answer.body}`).toBe(200);
        expect(answer.json<{ data: { updated: number } }>().data.updated, `round ${round}`).toBe(10);
      }
    }
    await expectCountsAsRecounted("after the moves");
    // both groups went back and forth ten times: each is where it began
    expect(await stagesOf(event)).toEqual([
      { posting_type: "learning-event", posting_id: event, stage: "new_candidate", n: 10 },
      { posting_type: "learning-event", posting_id: event, stage: "shortlisted", n: 10 },
    ]);
    // not one was run again: no deadlock at all, each statement took its counts' locks in key order
    expect(retries()).toBe(retriedBefore);
  });

  it.runIf(postgres)(
    "never deadlock on the counts, even when one waits for the other between its statements",
    async () => {
      // Each group moved in two statements, the newer days then the older for the first group, the
      // older then the newer for the second, and the second group's first statement made to wait
      // on the first group's transaction. 20261126T0000's row triggers deadlock here: the second
      // statement locks the older days' counts before it waits for the stages' counts, and the
      // first group's next statement then needs those days. Now a stage move leaves the days'
      // counts alone and the stages' counts are taken in one order: the second just waits its turn.
      const { event, first, second } = await eventWithTwoGroups();
      const halves = (ids: number[]) => [ids.slice(0, 5), ids.slice(5)] as const;
      const [firstNewer, firstOlder] = halves(first);
      const [secondOlder, secondNewer] = halves(second);
      const lockWaits = async () =>
        (
          await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.app.db)
        ).rows[0]?.n ?? 0;
      const waitForLockWait = async () => {
        for (let i = 0; i < 500 && (await lockWaits()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
      };
      let firstMoved: () => void = () => {};
      const firstStatementDone = new Promise<void>((resolve) => {
        firstMoved = resolve;
      });
      const stage = (ids: number[], to: "new_candidate" | "shortlisted") => (trx: Kysely<Database>) =>
        trx.updateTable("applications").set({ stage: to }).where("id", "in", ids).execute();
      const results = await Promise.allSettled([
        t.app.db.transaction().execute(async (trx) => {
          await stage(firstNewer, "shortlisted")(trx);
          firstMoved();
          await waitForLockWait();
          await stage(firstOlder, "shortlisted")(trx);
        }),
        firstStatementDone.then(() =>
          t.app.db.transaction().execute(async (trx) => {
            await stage(secondOlder, "new_candidate")(trx);
            await stage(secondNewer, "new_candidate")(trx);
          }),
        ),
      ]);
      expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "committed"))).toEqual([
        "committed",
        "committed",
      ]);
      await expectCountsAsRecounted("after the interleaved moves");
      expect(await stagesOf(event)).toEqual([
        { posting_type: "learning-event", posting_id: event, stage: "new_candidate", n: 10 },
        { posting_type: "learning-event", posting_id: event, stage: "shortlisted", n: 10 },
      ]);
    },
  );
});

describe.runIf(postgres)("a command whose transaction meets a conflict", () => {
  // A statement trigger the test puts on applications fails the command's update the first
  // `failures` times with `code`: a sequence counts the runs, since it keeps counting through a rollback.
  beforeAll(async () => {
    await sql`CREATE TABLE conflict_probe (code text NOT NULL, failures integer NOT NULL)`.execute(t.app.db);
    await sql`CREATE SEQUENCE conflict_probe_runs`.execute(t.app.db);
    await sql
      .raw(`CREATE FUNCTION conflict_probe() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE probe conflict_probe;
BEGIN
  SELECT * INTO probe FROM conflict_probe;
  IF FOUND AND nextval('conflict_probe_runs') <= probe.failures THEN
    RAISE EXCEPTION 'conflict probe' USING ERRCODE = probe.code;
  END IF;
  RETURN NULL;
END $$`)
      .execute(t.app.db);
    await sql`CREATE TRIGGER conflict_probe AFTER UPDATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION conflict_probe()`.execute(
      t.app.db,
    );
  });
  afterAll(async () => {
    await sql`DROP TRIGGER IF EXISTS conflict_probe ON applications`.execute(t.app.db);
    await sql`DROP FUNCTION IF EXISTS conflict_probe()`.execute(t.app.db);
    await sql`DROP SEQUENCE IF EXISTS conflict_probe_runs`.execute(t.app.db);
    await sql`DROP TABLE IF EXISTS conflict_probe`.execute(t.app.db);
  });

  /** Moves the applicants with the probe failing `failures` times with `code`; the answer and how many runs it took. */
  const moveAgainst = async (ids: number[], stage: string, code: string, failures: number) => {
    await sql`DELETE FROM conflict_probe`.execute(t.app.db);
    await sql`INSERT INTO conflict_probe (code, failures) VALUES (${code}, ${failures})`.execute(t.app.db);
    await sql`ALTER SEQUENCE conflict_probe_runs RESTART`.execute(t.app.db);
    const answer = await move(ids, stage);
    await sql`DELETE FROM conflict_probe`.execute(t.app.db);
    const { runs } = (
      await sql<{ runs: number }>`
        SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS runs FROM conflict_probe_runs`.execute(t.app.db)
    ).rows[0] ?? { runs: -1 };
    return { status: answer.statusCode, runs };
  };

  it("runs again, whole, after a deadlock or a serialization failure, and then succeeds", async () => {
    const { event, first } = await eventWithTwoGroups();
    const before = retries();
    expect(await moveAgainst(first, "shortlisted", "40P01", 1)).toEqual({ status: 200, runs: 2 });
    expect(await moveAgainst(first, "new_candidate", "40001", 2)).toEqual({ status: 200, runs: 3 });
    expect(retries() - before).toBe(3);
    // each change landed once: its history once per applicant, the counts as a recount makes them
    const history = await t.app.db
      .selectFrom("application_history")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("application_id", "in", first)
      .where("field", "=", "stage")
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(20);
    await expectCountsAsRecounted("after the runs again");
    expect(await stagesOf(event)).toEqual([
      { posting_type: "learning-event", posting_id: event, stage: "new_candidate", n: 10 },
      { posting_type: "learning-event", posting_id: event, stage: "shortlisted", n: 10 },
    ]);
  });

  it("gives up after three runs with busy (503, retry in a moment), and never runs again after another error", async () => {
    const { first } = await eventWithTwoGroups();
    expect(await moveAgainst(first, "shortlisted", "40P01", 5)).toEqual({ status: 503, runs: 3 });
    // a check violation: the work's own error, the same every time
    expect(await moveAgainst(first, "shortlisted", "23514", 5)).toEqual({ status: 500, runs: 1 });
    const moved = await t.app.db
      .selectFrom("applications")
      .select("id")
      .where("id", "in", first)
      .where("stage", "!=", "new_candidate")
      .execute();
    expect(moved).toEqual([]);
  });
});

describe("writes of each counted table", () => {
  it("keep every count as a recount makes it: inserts, updates (counted columns or not) and deletes of many rows", async () => {
    const users = (await t.app.db.selectFrom("users").select("id").orderBy("id").limit(6).execute()).map((u) => u.id);
    const courses = (await t.app.db.selectFrom("courses").select("id").orderBy("id").limit(3).execute()).map(
      (c) => c.id,
    );
    const programs = (await t.app.db.selectFrom("external_programs").select("id").orderBy("id").limit(2).execute()).map(
      (p) => p.id,
    );
    const assessment = await t.app.db
      .selectFrom("self_assessments")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(users.length * courses.length * programs.length).toBeGreaterThan(0);
    const enrolled = new Set(
      (await t.app.db.selectFrom("enrolments").select(["user_id", "item_type", "item_id"]).execute()).map(
        (row) => `${row.user_id} ${row.item_type} ${row.item_id}`,
      ),
    );
    const now = new Date().toISOString();
    const items = [
      ...courses.map((id) => ({
        item_type: "course" as const,
        item_id: id,
        course_id: id,
        enrichment_program_id: null,
      })),
      ...programs.map((id) => ({
        item_type: "enrichment-program" as const,
        item_id: id,
        course_id: null,
        enrichment_program_id: id,
      })),
    ];
    const enrolments = users
      .flatMap((user_id) => items.map((item) => ({ user_id, ...item })))
      .filter((row) => !enrolled.has(`${row.user_id} ${row.item_type} ${row.item_id}`))
      .map((row, i) => ({
        ...row,
        career_roadmap_id: null,
        institution_id: i % 3 === 0 ? null : kmc,
        enrolled_at: daysAgo(20 + (i % 4)),
        completed_at: i % 2 === 0 ? now : null,
        certificate_code: i % 4 === 0 ? `COUNTED-${i}` : null,
        completed_by: null,
        created_at: now,
        updated_at: now,
      }));
    expect(enrolments.length).toBeGreaterThan(4);

    const ourIds = (await t.app.db.insertInto("enrolments").values(enrolments).returning("id").execute()).map(
      (row) => row.id,
    );
    await expectCountsAsRecounted("enrolments inserted");
    // a statement that changes no counted column changes no count, not even one of 0
    const before = await storedCounts(t.app.db, true);
    await t.app.db.updateTable("enrolments").set({ progress: 55, updated_at: now }).where("id", "in", ourIds).execute();
    expect(await storedCounts(t.app.db, true)).toEqual(before);
    // every counted column at once, different for different rows: days, completion, certificates, institution
    await t.app.db
      .updateTable("enrolments")
      .set((eb) => ({
        enrolled_at: sql<string>`CASE WHEN ${eb.ref("id")} % 2 = 0 THEN ${daysAgo(25)} ELSE enrolled_at END`,
        completed_at: sql<string | null>`CASE WHEN completed_at IS NULL THEN ${now} ELSE NULL END`,
        certificate_code: sql<string | null>`'RE-' || certificate_code`,
        institution_id: sql<number | null>`CASE WHEN institution_id IS NULL THEN CAST(${kmc} AS integer) ELSE NULL END`,
      }))
      .where("id", "in", ourIds)
      .execute();
    await expectCountsAsRecounted("enrolments updated");
    await t.app.db
      .deleteFrom("enrolments")
      .where("id", "in", ourIds.slice(0, ourIds.length / 2))
      .execute();
    await expectCountsAsRecounted("enrolments deleted");

    const attempts = await t.app.db
      .insertInto("assessment_attempts")
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          user_id: users[i % users.length] as number,
          institution_id: i % 2 === 0 ? kmc : null,
          self_assessment_id: assessment.id,
          answers: "[]",
          questions: "[]",
          score: i,
          max_score: 10,
          percentage: i * 10,
          passed: null,
          taken_at: daysAgo(30 + (i % 3)),
        })),
      )
      .returning("id")
      .execute();
    await expectCountsAsRecounted("attempts inserted");
    const attemptIds = attempts.map((row) => row.id);
    const unchanged = await storedCounts(t.app.db, true);
    await t.app.db.updateTable("assessment_attempts").set({ score: 9 }).where("id", "in", attemptIds).execute();
    expect(await storedCounts(t.app.db, true)).toEqual(unchanged);
    await t.app.db
      .updateTable("assessment_attempts")
      .set((eb) => ({
        taken_at: sql<string>`CASE WHEN ${eb.ref("id")} % 2 = 0 THEN ${daysAgo(33)} ELSE taken_at END`,
        institution_id: sql<number | null>`CASE WHEN institution_id IS NULL THEN CAST(${kmc} AS integer) ELSE NULL END`,
      }))
      .where("id", "in", attemptIds)
      .execute();
    await expectCountsAsRecounted("attempts updated");
    await t.app.db.deleteFrom("assessment_attempts").where("id", "in", attemptIds.slice(0, 3)).execute();
    await expectCountsAsRecounted("attempts deleted");

    const skills = (
      await t.app.db
        .insertInto("learner_skills")
        .values(
          Array.from({ length: 8 }, (_, i) => ({
            user_id: users[i % users.length] as number,
            institution_id: i % 3 === 0 ? null : kmc,
            name: `Counted skill ${i % 3}`,
            name_key: `counted skill ${i}`,
            gained_at: daysAgo(40 + (i % 2)),
            source_type: "course" as const,
            source_id: null,
            source_title: null,
            created_at: now,
          })),
        )
        .returning("id")
        .execute()
    ).map((row) => row.id);
    await expectCountsAsRecounted("skills inserted");
    const same = await storedCounts(t.app.db, true);
    await t.app.db.updateTable("learner_skills").set({ source_title: "Again" }).where("id", "in", skills).execute();
    expect(await storedCounts(t.app.db, true)).toEqual(same);
    // renamed (two skills' counts swap rows), moved a day, and out of or into the college
    await t.app.db
      .updateTable("learner_skills")
      .set((eb) => ({
        name: sql<string>`CASE WHEN name = 'Counted skill 0' THEN 'Counted skill 1' ELSE 'Counted skill 0' END`,
        gained_at: sql<string>`CASE WHEN ${eb.ref("id")} % 2 = 0 THEN ${daysAgo(42)} ELSE gained_at END`,
        institution_id: sql<number | null>`CASE WHEN institution_id IS NULL THEN CAST(${kmc} AS integer) ELSE NULL END`,
      }))
      .where("id", "in", skills)
      .execute();
    await expectCountsAsRecounted("skills updated");
    await t.app.db.deleteFrom("learner_skills").where("id", "in", skills.slice(2)).execute();
    await expectCountsAsRecounted("skills deleted");
  });

  it("keeps the applications' counts and stages too: withdrawals, stage moves, new postings, deletes", async () => {
    const events = (await t.app.db.selectFrom("learning_events").select("id").orderBy("id").limit(2).execute()).map(
      (row) => row.id,
    );
    const job = await t.app.db.selectFrom("job_opportunities").select("id").orderBy("id").executeTakeFirstOrThrow();
    const [one, two] = events as [number, number];
    const rows = await t.app.db
      .insertInto("applications")
      .values([
        ...Array.from({ length: 6 }, (_, i) =>
          applicationRow(
            { learning_event_id: i % 2 === 0 ? one : two },
            { email: `stage.${i}@example.com`, institution_id: i % 3 === 0 ? null : kmc, applied_at: daysAgo(50 + i) },
          ),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          applicationRow(
            { job_opportunity_id: job.id },
            { email: `job.${i}@example.com`, institution_id: kmc, applied_at: daysAgo(50 + i) },
          ),
        ),
      ])
      .returning(["id", "posting_type"])
      .execute();
    await expectCountsAsRecounted("applications inserted");
    const ids = rows.map((row) => row.id);
    const eventIds = rows.filter((row) => row.posting_type === "learning-event").map((row) => row.id);
    await t.app.db.updateTable("applications").set({ attendance: 1 }).where("id", "in", ids).execute();
    await expectCountsAsRecounted("attendance marked");
    await t.app.db
      .updateTable("applications")
      .set((eb) => ({
        stage: sql<"shortlisted">`CASE WHEN ${eb.ref("id")} % 2 = 0 THEN 'shortlisted' ELSE stage END`,
        completion_status: sql<"complete">`'complete'`,
        certificate_code: sql<string>`'STAGE-' || ${eb.ref("id")}`,
        learning_event_id: sql<number>`CASE WHEN learning_event_id = ${one} THEN CAST(${two} AS integer) ELSE CAST(${one} AS integer) END`,
      }))
      .where("id", "in", eventIds)
      .execute();
    await expectCountsAsRecounted("moved, completed and certified");
    await t.app.db
      .updateTable("applications")
      .set({ withdrawn_at: new Date().toISOString() })
      .where(
        "id",
        "in",
        ids.filter((_, i) => i % 3 === 1),
      )
      .execute();
    await expectCountsAsRecounted("some withdrawn");
    await t.app.db.deleteFrom("applications").where("id", "in", ids).execute();
    await expectCountsAsRecounted("deleted");
  });
});

describe.runIf(postgres)("the counting triggers on PostgreSQL", () => {
  const triggers = async () =>
    (
      await sql<{ table: string; name: string; row: boolean; enabled: string }>`
        SELECT c.relname AS "table", t.tgname AS name, (t.tgtype & 1) = 1 AS "row", t.tgenabled AS enabled
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND starts_with(t.tgname, 'dashboard_counts_')
        ORDER BY 1, 2`.execute(t.app.db)
    ).rows;

  it("are three a table, one for each event, each once a statement", async () => {
    const expected = ["applications", "assessment_attempts", "enrolments", "learner_skills"].flatMap((table) =>
      ["delete", "insert", "update"].map((event) => ({
        table,
        name: `dashboard_counts_${table}_${event}`,
        row: false,
        enabled: "O",
      })),
    );
    expect(await triggers()).toEqual(expected);
  });

  it("are paused by withCountsPaused for a bulk load, which then counts everything again", async () => {
    const user = await t.app.db.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow();
    const assessment = await t.app.db
      .selectFrom("self_assessments")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    let during: Awaited<ReturnType<typeof triggers>> = [];
    await t.app.db.transaction().execute((trx) =>
      withCountsPaused(trx, async () => {
        during = (
          await sql<{ enabled: string }>`
          SELECT t.tgname AS name, t.tgenabled AS enabled FROM pg_trigger t
          WHERE NOT t.tgisinternal AND starts_with(t.tgname, 'dashboard_counts_')`.execute(trx)
        ).rows as typeof during;
        await trx
          .insertInto("assessment_attempts")
          .values({
            user_id: user.id,
            institution_id: kmc,
            self_assessment_id: assessment.id,
            answers: "[]",
            questions: "[]",
            score: 1,
            max_score: 1,
            percentage: 100,
            passed: null,
            taken_at: daysAgo(60),
          })
          .execute();
      }),
    );
    expect(during).toHaveLength(12);
    expect(during.every((trigger) => trigger.enabled === "D")).toBe(true);
    expect((await triggers()).every((trigger) => trigger.enabled === "O")).toBe(true);
    await expectCountsAsRecounted("after a paused load");
    expect(
      await t.app.db
        .selectFrom("dashboard_counts")
        .select("n")
        .where("scope_id", "=", kmc)
        .where("day", "=", daysAgo(60).slice(0, 10))
        .where("metric", "=", "assessmentTaken")
        .executeTakeFirst(),
    ).toEqual({ n: 1 });
  });
});
