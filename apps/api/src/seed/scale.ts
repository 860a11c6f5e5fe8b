import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { withCountsPaused } from "../platform/db/migrations/20261126T0000_dashboard_counts.js";
import type { Database, TableName } from "../platform/db/schema.js";
import { hashPassword } from "../platform/password.js";
import { seedScaleAttempts } from "./assessment-attempts.js";
import {
  assessmentRow,
  courseRow,
  eventRow,
  externalProgramRow,
  insertRows,
  jobRow,
  type LearnerKind,
  learnerRow,
  loadContext,
  type NewRow,
  type Random,
  random,
  roadmapRow,
  type SeedContext,
  scholarshipRow,
} from "./catalogue.js";
import type { City, Timing } from "./catalogue-data.js";
import * as data from "./catalogue-data.js";
import { seedScaleEnrolments } from "./enrolments.js";
import { seedScaleApplications } from "./scale-applications.js";

/**
 * `npm run seed -- --scale N`: N more learners for benchmarks, split between the demo
 * college (students) and company (employees), and catalogue rows in proportion. Runs on a seeded
 * demo database, in one transaction, 500 rows per statement, with one password hash for everyone.
 * Then about ten applications per added learner to the added postings, with their histories
 * (scale-applications.ts), about two self-assessment attempts per added learner
 * (assessment-attempts.ts) and about three enrolments, some complete with certificates and skills
 * (enrolments.ts). The rows depend only on the database they are added to, so a run is
 * repeatable.
 */

const SCALE_BATCH = 500;

/** Share of the learners that are kmc students; the rest are himal employees. */
const STUDENT_SHARE = 0.6;

/** Catalogue rows per learner, per table. */
const PER_LEARNER = {
  courses: 1 / 20,
  job_opportunities: 1 / 20,
  learning_events: 1 / 40,
  scholarships: 1 / 200,
  external_programs: 1 / 200,
  career_roadmaps: 1 / 500,
  self_assessments: 1 / 500,
} as const;

type ScaleTable = keyof typeof PER_LEARNER;

/** Rows added: learners by kind, per catalogue table, and applications with their history. */
type ScaleCounts = { students: number; employees: number } & Record<ScaleTable, number> & {
    applications: number;
    application_history: number;
    assessment_attempts: number;
    enrolments: number;
    learner_skills: number;
  };

/** The highest id of a table (0 when empty): rows above it are the ones this run adds. */
async function maxId(db: Kysely<Database>, table: "learning_events" | "job_opportunities" | "scholarships") {
  const { max } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirstOrThrow();
  return Number(max ?? 0);
}

interface ScaleOptions {
  /** Anchors every date; by default the demo college's creation time, i.e. when the demo was seeded. */
  reference?: Date | string | number;
}

type Builder<Table extends ScaleTable> = (ctx: SeedContext, r: Random, index: number) => NewRow<Table>;

const cohort = (index: number, length: number) => Math.floor(index / length) + 2;

function template<T>(items: readonly T[], index: number): T {
  return items[index % items.length] as T;
}

const CITY_KEYS: readonly City[] = Object.keys(data.CITIES);
const TIMINGS: readonly Timing[] = ["past", "past", "past", "past", "past", "past", "upcoming", "upcoming", "ongoing"];

const BUILDERS: { [Table in ScaleTable]: Builder<Table> } = {
  courses: (ctx, r, i) => {
    const t = template(data.COURSES, i);
    return courseRow(ctx, r, { ...t, title: `${t.title} — Cohort ${cohort(i, data.COURSES.length)}` }, i);
  },
  job_opportunities: (ctx, r, i) => jobRow(ctx, r, template(data.JOBS, i), i, r.pick(CITY_KEYS)),
  learning_events: (ctx, r, i) => {
    const t = template(data.EVENTS, i);
    const timing = r.pick(TIMINGS);
    return eventRow(ctx, r, { ...t, timing, title: `${t.title} #${cohort(i, data.EVENTS.length)}` }, i);
  },
  scholarships: (ctx, r, i) => {
    const t = template(data.SCHOLARSHIPS, i);
    return scholarshipRow(ctx, r, { ...t, title: `${t.title} (Round ${cohort(i, data.SCHOLARSHIPS.length)})` }, i);
  },
  external_programs: (ctx, r, i) => {
    const t = template(data.EXTERNAL_PROGRAMS, i);
    return externalProgramRow(
      ctx,
      r,
      { ...t, title: `${t.title} (Intake ${cohort(i, data.EXTERNAL_PROGRAMS.length)})` },
      i,
    );
  },
  career_roadmaps: (ctx, r, i) => {
    const t = template(data.ROADMAPS, i);
    return roadmapRow(ctx, r, { ...t, title: `${t.title} (Track ${cohort(i, data.ROADMAPS.length)})` }, i);
  },
  self_assessments: (ctx, r, i) => {
    const t = template(data.ASSESSMENTS, i);
    return assessmentRow(ctx, r, { ...t, title: `${t.title} (Set ${cohort(i, data.ASSESSMENTS.length)})` }, i);
  },
};

/** Builds and inserts `count` rows, `SCALE_BATCH` at a time, without holding them all in memory. */
async function insertGenerated<Table extends TableName>(
  db: Kysely<Database>,
  table: Table,
  count: number,
  row: (index: number) => NewRow<Table>,
): Promise<void> {
  for (let start = 0; start < count; start += SCALE_BATCH) {
    const batch: NewRow<Table>[] = [];
    for (let i = start; i < Math.min(count, start + SCALE_BATCH); i++) batch.push(row(i));
    await insertRows(db, table, batch, SCALE_BATCH);
  }
}

/** Adds one catalogue table's share of rows; each table draws from its own PRNG, so tables do not shift each other. */
async function insertCatalogueShare<Table extends ScaleTable>(
  db: Kysely<Database>,
  ctx: SeedContext,
  label: string,
  learners: number,
  table: Table,
): Promise<number> {
  const count = Math.floor(learners * PER_LEARNER[table]);
  const r = random(`${label}:${table}`);
  const build: Builder<Table> = BUILDERS[table];
  await insertGenerated(db, table, count, (i) => build(ctx, r, i));
  return count;
}

/**
 * Adds `learners` learners (60% kmc students, 40% himal employees), catalogue rows in
 * proportion (N/20 courses and job opportunities, N/40 learning events, fewer of the rest) and
 * about 10 applications per learner to the added postings, each with its history.
 * Returns the rows added per table. Inside a transaction it uses it; otherwise it opens one.
 */
export async function seedScale(
  db: Kysely<Database>,
  learners: number,
  passwordHashCost: number,
  options: ScaleOptions = {},
): Promise<ScaleCounts> {
  if (!Number.isSafeInteger(learners) || learners < 0) {
    throw new RangeError(`--scale needs a whole number of learners, got ${learners}`);
  }
  const run = async (trx: Kysely<Database>): Promise<ScaleCounts> => {
    const kmc = await trx
      .selectFrom("institutions")
      .select("created_at")
      .where("subdomain", "=", "kmc")
      .executeTakeFirst();
    if (!kmc) throw new Error("seedScale needs the demo data: seed with SEED_DEMO=true first.");
    const ctx = await loadContext(trx, options.reference ?? kmc.created_at);

    // E-mails carry a number above every existing user id, so a second run adds more rather than clashing.
    const { max } = await trx
      .selectFrom("users")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    const base = Number(max ?? 0);
    const r = random(`scale:${base}:${learners}`);
    const hash = await hashPassword(randomBytes(32).toString("base64url"), passwordHashCost);
    const students = Math.round(learners * STUDENT_SHARE);
    const kind = (i: number): LearnerKind => (i < students ? "kmc" : "himal");
    await insertGenerated(trx, "users", learners, (i) => learnerRow(ctx, r, kind(i), base + i + 1, hash));

    const postingsAbove = {
      learning_events: await maxId(trx, "learning_events"),
      job_opportunities: await maxId(trx, "job_opportunities"),
      scholarships: await maxId(trx, "scholarships"),
    };
    const counts = { students, employees: learners - students } as ScaleCounts;
    for (const table of Object.keys(PER_LEARNER) as ScaleTable[]) {
      counts[table] = await insertCatalogueShare(trx, ctx, `scale:${base}`, learners, table);
    }
    const applied = await seedScaleApplications(trx, ctx, random(`scale:${base}:applications`), {
      learnersAbove: base,
      postingsAbove,
      batch: SCALE_BATCH,
    });
    const assessmentAttempts = await seedScaleAttempts(trx, ctx, random(`scale:${base}:assessment-attempts`), {
      learnersAbove: base,
      batch: SCALE_BATCH,
    });
    // about three enrolments per added learner, some complete with their certificates and skills (enrolments.ts)
    const enrolled = await seedScaleEnrolments(trx, ctx, random(`scale:${base}:enrolments`), {
      learnersAbove: base,
      batch: SCALE_BATCH,
    });
    return { ...counts, ...applied, assessment_attempts: assessmentAttempts, ...enrolled };
  };
  // the dashboards' counts are made once from the loaded rows rather than row by row (migration 20261126T0000)
  const counted = (trx: Kysely<Database>) => withCountsPaused(trx, () => run(trx));
  return db.isTransaction ? counted(db) : db.transaction().execute(counted);
}
