import { type Kysely, PostgresAdapter, sql } from "kysely";

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

/** A table the dashboards count, as 20261126T0000 counts it (its metrics copied here: that file is frozen). */
interface Activity {
  table: string;
  /** The date column a row is counted on. */
  at: string;
  /** The columns whose change can change the row's part (the old row trigger's `UPDATE OF`). */
  watched: string[];
  /** `[metric expression, condition]` over the row `r`: each holds once for the row when its condition does. */
  metrics: [string, string][];
  /** Whether the row also counts in its posting's applicants at its stage (`dashboard_stage_counts`). */
  stages?: boolean;
}

const ACTIVITIES: Activity[] = [
  {
    table: "enrolments",
    at: "enrolled_at",
    watched: ["item_type", "enrolled_at", "completed_at", "certificate_code", "institution_id"],
    metrics: [
      ["'courseEnrolled'", "r.item_type = 'course'"],
      ["'courseCompleted'", "r.item_type = 'course' AND r.completed_at IS NOT NULL"],
      ["'externalProgramsEnrolled'", "r.item_type = 'enrichment-program'"],
      ["'certificateObtained'", "r.certificate_code IS NOT NULL"],
    ],
  },
  {
    table: "applications",
    at: "applied_at",
    watched: [
      "posting_type",
      "applied_at",
      "withdrawn_at",
      "completion_status",
      "certificate_code",
      "institution_id",
      "stage",
      "learning_event_id",
      "job_opportunity_id",
      "scholarship_id",
    ],
    metrics: [
      ["'internshipJobsApplied'", "r.posting_type = 'job-opportunity' AND r.withdrawn_at IS NULL"],
      ["'trainingJoined'", "r.posting_type = 'learning-event' AND r.withdrawn_at IS NULL"],
      ["'trainingCompleted'", "r.posting_type = 'learning-event' AND r.completion_status = 'complete'"],
      ["'certificateObtained'", "r.posting_type = 'learning-event' AND r.certificate_code IS NOT NULL"],
    ],
    stages: true,
  },
  {
    table: "assessment_attempts",
    at: "taken_at",
    watched: ["taken_at", "institution_id"],
    metrics: [["'assessmentTaken'", "1 = 1"]],
  },
  {
    table: "learner_skills",
    at: "gained_at",
    watched: ["name", "gained_at", "institution_id"],
    metrics: [["'skill:' || r.name", "1 = 1"]],
  },
];

/** The posting an application is to, from its own columns: no lookup, so a cascade's deletes find it too. */
const postingOf = (row: string) =>
  `coalesce(${row}.learning_event_id, ${row}.job_opportunity_id, ${row}.scholarship_id)`;

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
      const changes = [countChange(activity, event), ...(activity.stages ? [stageChange(event)] : [])];
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

/** 20261126T0000's row trigger: adds `sign` to each count the row `OLD` or `NEW` takes part in. */
const rowChange = (activity: Activity, row: "OLD" | "NEW", sign: 1 | -1) => {
  const metrics = activity.metrics
    .map(
      ([metric, condition]) =>
        `SELECT ${metric.replaceAll("r.", `${row}.`)} AS metric WHERE ${condition.replaceAll("r.", `${row}.`)}`,
    )
    .join(" UNION ALL ");
  const counts = `
  INSERT INTO dashboard_counts (scope_id, day, metric, n)
  SELECT s.scope_id, substr(${row}.${activity.at}, 1, 10), m.metric, ${sign}
  FROM (SELECT 0 AS scope_id UNION ALL SELECT ${row}.institution_id AS scope_id WHERE ${row}.institution_id IS NOT NULL) s
  CROSS JOIN (${metrics}) m
  WHERE true
  ON CONFLICT (scope_id, day, metric) DO UPDATE SET n = dashboard_counts.n + excluded.n`;
  const stages = `
  INSERT INTO dashboard_stage_counts (posting_type, posting_id, stage, n)
  SELECT ${row}.posting_type, ${postingOf(row)}, ${row}.stage, ${sign}
  WHERE ${row}.withdrawn_at IS NULL AND ${postingOf(row)} IS NOT NULL
  ON CONFLICT (posting_type, posting_id, stage) DO UPDATE SET n = dashboard_stage_counts.n + excluded.n`;
  return activity.stages ? `${counts};${stages}` : counts;
};

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
  IF TG_OP IN ('UPDATE', 'DELETE') THEN ${rowChange(activity, "OLD", -1)}; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN ${rowChange(activity, "NEW", 1)}; END IF;
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
