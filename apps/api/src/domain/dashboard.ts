import {
  bucketIndexOf,
  type DashboardData,
  type DashboardRange,
  type DashboardStageCount,
  MAX_SKILL_TAGS,
  type PostingType,
  PROGRESSION_SERIES_KEYS,
  type ProgressionBucket,
  type ProgressionSeriesKey,
  progressionBuckets,
} from "@csc/shared";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { recruitingOf } from "./dashboard-recruiting.js";

/**
 * The dashboard's counts, computed in the database from the activity tables
 * and scoped to the reader. Every metric is a count of rows whose activity began in the range,
 * bucketed by that date: an enrolment by `enrolled_at`, an application by `applied_at`, an attempt
 * by `taken_at`, a skill by `gained_at`. The "completed" and "certificate" metrics count the rows of
 * those that are completed or certified now (an application records no completion date), so each is
 * a part of its "enrolled" or "joined" count in every bucket. The metric cards are the series'
 * totals over the range. The platform's and an institution's counts come from the daily counts the
 * database keeps by trigger (migration 20261126T0000); a learner's and a recruiter's are counted
 * from their own rows.
 */

/** Whose activity is counted. */
export type DashboardScope =
  | { kind: "platform" }
  | { kind: "institution"; institutionId: number }
  | { kind: "recruiter"; recruiterId: number }
  | { kind: "learner"; userId: number };

/** The part of a date-time column the query groups by: the bucket key itself for years and months, the day otherwise. */
const keyLength = (range: DashboardRange) =>
  range.granularity === "year" ? 4 : range.granularity === "month" ? 7 : 10;

/** The day after an ISO day: the range's upper bound, exclusive, compared with ISO date-times as text. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

type Row = Record<string, unknown>;

export async function dashboardOf(
  db: Kysely<Database>,
  scope: DashboardScope,
  range: DashboardRange,
  stagesScope: Extract<DashboardScope, { kind: "institution" | "recruiter" }> | null,
): Promise<DashboardData> {
  const buckets = progressionBuckets(range.from, range.to, range.granularity);
  const length = keyLength(range);
  const upTo = dayAfter(range.to);
  const index = bucketLookup(buckets, length);
  const series = Object.fromEntries(
    PROGRESSION_SERIES_KEYS.map((key) => [key, new Array<number>(buckets.length).fill(0)]),
  ) as Record<ProgressionSeriesKey, number[]>;
  const add = (key: ProgressionSeriesKey, at: unknown, count: unknown) => {
    const bucket = index(String(at));
    const values = series[key];
    if (bucket >= 0) values[bucket] = (values[bucket] ?? 0) + Number(count ?? 0);
  };
  const period = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(length)})`;

  const gained = buckets.map(() => new Map<string, number>());
  const addSkill = (at: unknown, name: string, count: unknown) => {
    add("skillsGained", at, count);
    const bucket = index(String(at));
    if (bucket < 0) return;
    const names = gained[bucket] as Map<string, number>;
    names.set(name, (names.get(name) ?? 0) + Number(count));
  };

  const stages = stagesScope ? stagesOf(db, stagesScope) : Promise.resolve(undefined);
  // a recruiter counts postings and hires, not learners' own learning
  const recruiting = scope.kind === "recruiter" ? recruitingOf(db, scope.recruiterId) : Promise.resolve(undefined);
  if (scope.kind === "platform" || scope.kind === "institution") {
    // the daily counts the database keeps (migration 20261126T0000), summed by category
    const rows = await db
      .selectFrom("dashboard_counts")
      .select([
        sql<string>`substr(day, 1, ${sql.lit(length)})`.as("at"),
        "metric",
        (eb) => eb.fn.sum<number>("n").as("total"),
      ])
      .where("scope_id", "=", scope.kind === "platform" ? 0 : scope.institutionId)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .groupBy([sql`1`, "metric"])
      .execute();
    for (const row of rows) {
      if (row.metric.startsWith(SKILL_PREFIX)) addSkill(row.at, row.metric.slice(SKILL_PREFIX.length), row.total);
      else if (SERIES.has(row.metric)) add(row.metric as ProgressionSeriesKey, row.at, row.total);
    }
  } else {
    await countRows(db, scope, range.from, upTo, period, add, addSkill);
  }

  // the skills of each category, the most often gained first, for the chart's tooltip
  const tags = gained.map((names) =>
    [...names]
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .slice(0, MAX_SKILL_TAGS)
      .map(([name]) => name),
  );

  const stageCounts = await stages;
  const recruitingCounts = await recruiting;
  const metrics = Object.fromEntries(
    PROGRESSION_SERIES_KEYS.map((key) => [key, series[key].reduce((sum, value) => sum + value, 0)]),
  ) as Record<ProgressionSeriesKey, number>;
  return {
    metrics,
    progression: {
      categories: buckets.map((bucket) => bucket.key),
      series: PROGRESSION_SERIES_KEYS.map((key) =>
        key === "skillsGained" ? { name: key, data: series[key], tags } : { name: key, data: series[key] },
      ),
    },
    range,
    ...(stageCounts ? { stages: stageCounts } : {}),
    ...(recruitingCounts ? { recruiting: recruitingCounts } : {}),
  };
}

const SKILL_PREFIX = "skill:";
const SERIES = new Set<string>(PROGRESSION_SERIES_KEYS);

/** A learner's or a recruiter's dashboard: their own rows, counted where they are. */
async function countRows(
  db: Kysely<Database>,
  scope: RowScope,
  from: string,
  upTo: string,
  period: (column: string) => RawBuilder<string>,
  add: (key: ProgressionSeriesKey, at: unknown, count: unknown) => void,
  addSkill: (at: unknown, name: string, count: unknown) => void,
) {
  const flag = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const [enrolments, applications, attempts, skills] = await Promise.all([
    scope.kind === "recruiter"
      ? Promise.resolve([] as Row[])
      : db
          .selectFrom("enrolments as e")
          .where(scopeOf(scope, "e"))
          .select([
            period("e.enrolled_at").as("at"),
            "e.item_type",
            (eb) => eb.fn.countAll<number>().as("total"),
            flag(sql`e.completed_at is not null`).as("completed"),
            flag(sql`e.certificate_code is not null`).as("certified"),
          ])
          .where("e.enrolled_at", ">=", from)
          .where("e.enrolled_at", "<", upTo)
          .groupBy([sql`1`, "e.item_type"])
          .execute(),
    db
      .selectFrom("applications as a")
      .where(scopeOf(scope, "a"))
      .select([
        period("a.applied_at").as("at"),
        "a.posting_type",
        flag(sql`a.withdrawn_at is null`).as("open"),
        flag(sql`a.completion_status = 'complete'`).as("completed"),
        flag(sql`a.certificate_code is not null`).as("certified"),
      ])
      .where("a.posting_type", "in", ["learning-event", "job-opportunity"])
      .where("a.applied_at", ">=", from)
      .where("a.applied_at", "<", upTo)
      .groupBy([sql`1`, "a.posting_type"])
      .execute(),
    scope.kind === "recruiter"
      ? Promise.resolve([] as Row[])
      : db
          .selectFrom("assessment_attempts as t")
          .where(scopeOf(scope, "t"))
          .select([period("t.taken_at").as("at"), (eb) => eb.fn.countAll<number>().as("total")])
          .where("t.taken_at", ">=", from)
          .where("t.taken_at", "<", upTo)
          .groupBy(sql`1`)
          .execute(),
    db
      .selectFrom("learner_skills as s")
      .where(scopeOf(scope, "s"))
      .select([period("s.gained_at").as("at"), "s.name", (eb) => eb.fn.countAll<number>().as("total")])
      .where("s.gained_at", ">=", from)
      .where("s.gained_at", "<", upTo)
      .groupBy([sql`1`, "s.name"])
      .execute(),
  ]);
  for (const row of enrolments) {
    if (row.item_type === "course") {
      add("courseEnrolled", row.at, row.total);
      add("courseCompleted", row.at, row.completed);
    } else if (row.item_type === "enrichment-program") add("externalProgramsEnrolled", row.at, row.total);
    add("certificateObtained", row.at, row.certified);
  }
  for (const row of applications) {
    if (row.posting_type === "job-opportunity") add("internshipJobsApplied", row.at, row.open);
    else {
      add("trainingJoined", row.at, row.open);
      add("trainingCompleted", row.at, row.completed);
      add("certificateObtained", row.at, row.certified);
    }
  }
  for (const row of attempts) add("assessmentTaken", row.at, row.total);
  for (const row of skills) addSkill(row.at, String(row.name), row.total);
}

/** The bucket of a grouped key: a year or month key is its bucket's; a day is looked up. */
function bucketLookup(buckets: readonly ProgressionBucket[], length: number) {
  if (length === 10) return (day: string) => bucketIndexOf(buckets, day);
  const byKey = new Map(buckets.map((bucket, position) => [bucket.key, position]));
  return (key: string) => byKey.get(key) ?? -1;
}

/** Whose rows a dashboard counts where they are (the platform's and an institution's come from the kept counts). */
type RowScope = Extract<DashboardScope, { kind: "learner" | "recruiter" }>;

/**
 * The scope as a condition on an activity table's row: the learner's own rows, or for a recruiter
 * the applications to their company's postings and the skills their learning events gave.
 */
function scopeOf(scope: RowScope, alias: "e" | "a" | "t" | "s") {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (scope.kind === "learner") return sql<boolean>`${column("user_id")} = ${scope.userId}`;
  return alias === "a"
    ? sql<boolean>`(${column("learning_event_id")} in (select id from learning_events where recruiter_id = ${scope.recruiterId}) or ${column("job_opportunity_id")} in (select id from job_opportunities where recruiter_id = ${scope.recruiterId}))`
    : sql<boolean>`(${column("source_type")} = 'learning-event' and ${column("source_id")} in (select id from learning_events where recruiter_id = ${scope.recruiterId}))`;
}

const POSTING_TABLES = [
  ["learning-event", "learning_events"],
  ["job-opportunity", "job_opportunities"],
  ["scholarship", "scholarships"],
] as const;

/**
 * The pipeline of the postings the scope owns, as it stands (whenever they applied): open
 * applicants by stage to a recruiter company's postings or an institution's own, from the counts
 * the database keeps per posting (migration 20261126T0000).
 */
async function stagesOf(
  db: Kysely<Database>,
  scope: Extract<DashboardScope, { kind: "institution" | "recruiter" }>,
): Promise<DashboardStageCount[]> {
  const [column, value] =
    scope.kind === "recruiter"
      ? (["recruiter_id", scope.recruiterId] as const)
      : (["institution_id", scope.institutionId] as const);
  const rows = await db
    .selectFrom("dashboard_stage_counts as c")
    .select(["c.posting_type", "c.stage", (eb) => eb.fn.sum<number>("c.n").as("count")])
    .where((eb) =>
      eb.or(
        POSTING_TABLES.map(([type, table]) =>
          eb.and([
            eb("c.posting_type", "=", type),
            eb("c.posting_id", "in", eb.selectFrom(table).select("id").where(column, "=", value)),
          ]),
        ),
      ),
    )
    .groupBy(["c.posting_type", "c.stage"])
    .having((eb) => eb.fn.sum("c.n"), ">", 0)
    .orderBy("c.posting_type")
    .orderBy("c.stage")
    .execute();
  return rows.map((row) => ({
    posting_type: row.posting_type as PostingType,
    stage: row.stage,
    count: Number(row.count),
  }));
}
