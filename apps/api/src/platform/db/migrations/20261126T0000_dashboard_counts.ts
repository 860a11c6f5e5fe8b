import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Frozen once landed. The dashboards' daily counts: for the platform (scope 0) and for
 * each institution (scope = its id), how many rows of each metric began on each day, and how many
 * learners gained each skill (`skill:<name>`). The database keeps them itself: a trigger on each
 * activity table takes a row's part away when it is deleted or changed and adds it when it is
 * inserted or changed, in the same statement as the write, so nothing that writes activity can
 * forget them. The platform's and an institution's dashboards read these few thousand rows instead
 * of counting a million applications (3.4 s uncached for the largest institution at `--scale
 * 100000`). A learner's and a recruiter's dashboards still count their own rows. Beside them, each
 * posting's open applicants at each stage, for the pipeline of an institution's or a recruiter's
 * postings (0.6 s counted from the applications for the largest institution).
 *
 * What each row counts: enrolments by `enrolled_at` (course, course completed,
 * enrichment program, certificate), applications to learning events and job opportunities by
 * `applied_at` (applied or joined when not withdrawn, training completed, event certificate),
 * attempts by `taken_at`, skills by `gained_at`. Existing rows are counted once, here.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not today's types
type Db = Kysely<any>;

export interface Activity {
  table: string;
  /** The date column a row is counted on. */
  at: string;
  /** The columns whose change can change the row's part. */
  watched: string[];
  /** `[metric expression, condition]` over the row `r`: each holds once for the row when its condition does. */
  metrics: [string, string][];
  /** Another count the same row keeps, as a statement adding `sign` for the row. */
  also?: (row: string, sign: 1 | -1, postgres: boolean) => string;
}

/** The posting an application is to, from its own columns: no lookup, so a cascade's deletes find it too. */
export const postingOf = (row: string) =>
  `coalesce(${row}.learning_event_id, ${row}.job_opportunity_id, ${row}.scholarship_id)`;

/** An open (not withdrawn) application's part in its posting's count of applicants at its stage. */
const stageChange = (row: string, sign: 1 | -1, postgres: boolean) => `
  INSERT INTO dashboard_stage_counts (posting_type, posting_id, stage, n)
  SELECT ${row}.posting_type, ${postingOf(row)}, ${row}.stage, ${sign}
  WHERE ${row}.withdrawn_at IS NULL AND ${postingOf(row)} IS NOT NULL
  ON CONFLICT (posting_type, posting_id, stage) DO UPDATE SET n = ${postgres ? "dashboard_stage_counts.n" : "n"} + excluded.n`;

export const ACTIVITIES: Activity[] = [
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
    also: stageChange,
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

/** The row's metrics, as a `SELECT` of `metric` naming `r` for the row (NEW, OLD, or a table's alias). */
const metricsOf = (activity: Activity, row: string) =>
  activity.metrics
    .map(
      ([metric, condition]) =>
        `SELECT ${metric.replaceAll("r.", `${row}.`)} AS metric WHERE ${condition.replaceAll("r.", `${row}.`)}`,
    )
    .join(" UNION ALL ");

/** Adds `sign` (1 or -1) to each count the row takes part in: the platform's and its institution's (and any other it keeps). */
export const change = (activity: Activity, row: string, sign: 1 | -1, postgres: boolean) =>
  [metricChange(activity, row, sign, postgres), ...(activity.also ? [activity.also(row, sign, postgres)] : [])].join(
    ";",
  );

const metricChange = (activity: Activity, row: string, sign: 1 | -1, postgres: boolean) => `
  INSERT INTO dashboard_counts (scope_id, day, metric, n)
  SELECT s.scope_id, substr(${row}.${activity.at}, 1, 10), m.metric, ${sign}
  FROM (SELECT 0 AS scope_id UNION ALL SELECT ${row}.institution_id AS scope_id WHERE ${row}.institution_id IS NOT NULL) s
  CROSS JOIN (${metricsOf(activity, row)}) m
  WHERE true
  ON CONFLICT (scope_id, day, metric) DO UPDATE SET n = ${postgres ? "dashboard_counts.n" : "n"} + excluded.n`;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("dashboard_counts")
    .addColumn("scope_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("dashboard_counts_pk", ["scope_id", "day", "metric"])
    .execute();
  await db.schema
    .createTable("dashboard_stage_counts")
    .addColumn("posting_type", "text", (c) => c.notNull())
    .addColumn("posting_id", "integer", (c) => c.notNull())
    .addColumn("stage", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("dashboard_stage_counts_pk", ["posting_type", "posting_id", "stage"])
    .execute();

  for (const activity of ACTIVITIES) {
    const name = `dashboard_counts_${activity.table}`;
    if (postgres) {
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
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${activity.table} BEGIN ${change(activity, "NEW", 1, false)}; END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${activity.table} BEGIN ${change(activity, "OLD", -1, false)}; END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${activity.watched.join(", ")} ON ${activity.table} BEGIN ${change(activity, "OLD", -1, false)}; ${change(activity, "NEW", 1, false)}; END`,
        )
        .execute(db);
    }
  }
  await countExisting(db);
}

/**
 * Counts the rows already there, into empty count tables: once when the counts begin, and again
 * after a bulk load that paused the triggers (`withCountsPaused`).
 */
export async function countExisting(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const activity of ACTIVITIES) {
    // per metric, the platform's and each institution's
    for (const [metric, condition] of activity.metrics) {
      for (const [scope, where] of [
        ["0", "true"],
        ["r.institution_id", "r.institution_id IS NOT NULL"],
      ]) {
        await sql
          .raw(`INSERT INTO dashboard_counts (scope_id, day, metric, n)
            SELECT ${scope}, substr(r.${activity.at}, 1, 10), ${metric}, count(*)
            FROM ${activity.table} r
            WHERE ${condition} AND ${where}
            GROUP BY 1, 2, 3
            ON CONFLICT (scope_id, day, metric) DO UPDATE SET n = ${postgres ? "dashboard_counts.n" : "n"} + excluded.n`)
          .execute(db);
      }
    }
  }
  await sql
    .raw(`INSERT INTO dashboard_stage_counts (posting_type, posting_id, stage, n)
      SELECT r.posting_type, ${postingOf("r")}, r.stage, count(*)
      FROM applications r
      WHERE r.withdrawn_at IS NULL AND ${postingOf("r")} IS NOT NULL
      GROUP BY 1, 2, 3`)
    .execute(db);
}

/**
 * A bulk load (the `--scale` seed) with the counting triggers paused on PostgreSQL, then every
 * count made again from the rows: PostgreSQL keeps each change of a row in one transaction as a
 * new version, and a million applications adding one by one to the same day's count made chains
 * that took the load from minutes to over half an hour. SQLite changes the row in place: its
 * triggers run as they are.
 */
export async function withCountsPaused<T>(db: Db, load: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return load();
  const triggers = async (action: "DISABLE" | "ENABLE") => {
    for (const activity of ACTIVITIES) {
      // by their names' prefix: this migration's row trigger, or the statement triggers of 20261127T0900
      const { rows } = await sql<{ name: string }>`
        SELECT tgname AS name FROM pg_trigger
        WHERE tgrelid = ${activity.table}::regclass AND NOT tgisinternal AND starts_with(tgname, 'dashboard_counts_')
        ORDER BY tgname`.execute(db);
      for (const { name } of rows) {
        await sql.raw(`ALTER TABLE ${activity.table} ${action} TRIGGER ${name}`).execute(db);
      }
    }
  };
  await triggers("DISABLE");
  const loaded = await load();
  await triggers("ENABLE");
  await sql.raw("DELETE FROM dashboard_counts").execute(db);
  await sql.raw("DELETE FROM dashboard_stage_counts").execute(db);
  await countExisting(db);
  return loaded;
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const activity of ACTIVITIES) {
    const name = `dashboard_counts_${activity.table}`;
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${activity.table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
    } else {
      for (const event of ["insert", "delete", "update"])
        await sql.raw(`DROP TRIGGER IF EXISTS ${name}_${event}`).execute(db);
    }
  }
  await db.schema.dropTable("dashboard_stage_counts").ifExists().execute();
  await db.schema.dropTable("dashboard_counts").ifExists().execute();
}
