import { type Kysely, PostgresAdapter, sql } from "kysely";
// the counted tables and their metrics, and the row triggers `down` puts back, as that migration made them
import { ACTIVITIES, type Activity, change, postingOf } from "./20261126T0000_dashboard_counts.js";

/**
 * Frozen once landed. The dashboards' counts (20261126T0000) kept on PostgreSQL by one trigger
 * per statement instead of one per row. A row trigger added -1 and +1 to the counts row by row, in
 * the order the statement met the rows: two bulk moves on one posting, one from stage X to Y and
 * the other from Y to X (or over applicants of different days), locked the same count rows in
 * opposite orders and deadlocked (40P01). A stage move even took the locks of the day's counts to
 * add -1 and +1 to them. Now each statement sums what all its rows take away (its old rows) and
 * add (its new rows) per count, leaves out every count whose sum is 0, and adds the rest in the
 * order of the count's key: statements only ever wait for each other in that order.
 *
 * PostgreSQL (15) allows transition tables (`REFERENCING OLD TABLE … NEW TABLE …`) only on a
 * trigger of one event and without a column list (`UPDATE OF …`): so three triggers per table,
 * `dashboard_counts_<table>_insert`, `_delete` and `_update` (SQLite's names), and the update one
 * fires on every update — one that changes no counted column sums to 0 everywhere and writes
 * nothing. `withCountsPaused` finds the triggers by that prefix.
 *
 * SQLite keeps its row triggers: it has one writer at a time, so nothing there can wait in a cycle.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

/** The transition tables' names inside the trigger functions. */
const OLD_ROWS = "old_rows";
const NEW_ROWS = "new_rows";

type Event = "insert" | "delete" | "update";
const EVENTS: Event[] = ["insert", "delete", "update"];

/** The rows a statement changed, each with `sign`: -1 for a row as it was, +1 for a row as it is. */
const changedRows = (event: Event) =>
  [
    ...(event === "insert" ? [] : [`SELECT -1 AS sign, o.* FROM ${OLD_ROWS} o`]),
    ...(event === "delete" ? [] : [`SELECT 1 AS sign, n.* FROM ${NEW_ROWS} n`]),
  ].join(" UNION ALL ");

/**
 * Adds the statement's net change to each count, in one statement: the platform's (scope 0) and
 * the row's institution's, per day and metric. A count whose changes cancel out (a row moved
 * between stages, an update of a column nothing counts) is left alone, so its row is not locked;
 * the others are written in key order, so that two statements never lock two counts in opposite orders.
 */
const countChange = (activity: Activity, event: Event) => `
  INSERT INTO dashboard_counts (scope_id, day, metric, n)
  SELECT s.scope_id, substr(r.${activity.at}, 1, 10), m.metric, sum(r.sign)
  FROM (${changedRows(event)}) r
  CROSS JOIN LATERAL (SELECT 0 AS scope_id UNION ALL SELECT r.institution_id WHERE r.institution_id IS NOT NULL) s
  CROSS JOIN LATERAL (${activity.metrics
    .map(([metric, condition]) => `SELECT ${metric} AS metric WHERE ${condition}`)
    .join(" UNION ALL ")}) m
  GROUP BY 1, 2, 3
  HAVING sum(r.sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (scope_id, day, metric) DO UPDATE SET n = dashboard_counts.n + excluded.n`;

/** The same for each posting's open applicants at each stage, in the order of (posting type, posting, stage). */
const stageChange = (event: Event) => `
  INSERT INTO dashboard_stage_counts (posting_type, posting_id, stage, n)
  SELECT r.posting_type, ${postingOf("r")}, r.stage, sum(r.sign)
  FROM (${changedRows(event)}) r
  WHERE r.withdrawn_at IS NULL AND ${postingOf("r")} IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(r.sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (posting_type, posting_id, stage) DO UPDATE SET n = dashboard_stage_counts.n + excluded.n`;

const referencing = (event: Event) =>
  ({
    insert: `NEW TABLE AS ${NEW_ROWS}`,
    delete: `OLD TABLE AS ${OLD_ROWS}`,
    update: `OLD TABLE AS ${OLD_ROWS} NEW TABLE AS ${NEW_ROWS}`,
  })[event];

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  // Kysely runs a PostgreSQL migration in a transaction: no write goes uncounted between the two forms
  for (const activity of ACTIVITIES) {
    const name = `dashboard_counts_${activity.table}`;
    await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${activity.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
    for (const event of EVENTS) {
      // a function of its own per event: each names only the transition tables its event has
      const changes = [countChange(activity, event), ...(activity.also ? [stageChange(event)] : [])];
      await sql
        .raw(`CREATE FUNCTION ${name}_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${changes.join(";\n  ")};
  RETURN NULL;
END $$`)
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${name}_${event} AFTER ${event.toUpperCase()} ON ${activity.table} REFERENCING ${referencing(event)} FOR EACH STATEMENT EXECUTE FUNCTION ${name}_${event}()`,
        )
        .execute(db);
    }
  }
}

/** Puts 20261126T0000's row triggers back, as that migration made them. */
export async function down(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  for (const activity of ACTIVITIES) {
    const name = `dashboard_counts_${activity.table}`;
    for (const event of EVENTS) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}_${event} ON ${activity.table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${name}_${event}()`).execute(db);
    }
    await sql
      .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN ${change(activity, "OLD", -1, true)}; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN ${change(activity, "NEW", 1, true)}; END IF;
  RETURN NULL;
END $$`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${name} AFTER INSERT OR DELETE OR UPDATE OF ${activity.watched.join(", ")} ON ${activity.table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
      )
      .execute(db);
  }
}
