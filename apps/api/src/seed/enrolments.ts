import {
  COMPLETE_PROGRESS,
  ENROLMENT_COLUMN,
  ENROLMENT_RESOURCE,
  type EnrolmentItemType,
  progressOfSteps,
  RESOURCES,
  skillsFieldOf,
  stepsFieldOf,
} from "@csc/shared";
import type { Kysely } from "kysely";
import { certificateCode } from "../domain/certificates.js";
import { type GainedSkills, labelsIn, skillRows } from "../domain/learner-skills.js";
import type { Database } from "../platform/db/schema.js";
import { loadApplicants, type SeedApplicant, staffOf } from "./applications.js";
import { type AnyDb, DAY, type NewRow, type Random, random, type SeedContext } from "./catalogue.js";
import type { Owner } from "./catalogue-data.js";

/**
 * The demo learners' journeys, each row as the learner-journey commands would
 * have left it. A learner enrols in published courses, enrichment programs and career roadmaps of
 * the provider and of their own institution, after both the item and their account exist; about
 * half of what they started long enough ago is complete — marked by the item's staff for a course
 * or program, by the learner's last ticked step for a roadmap — with a certificate code and the
 * item's skills (the first gain of a skill standing, a learning event completed giving its skills
 * too). The rest is under way at some progress.
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/** Enrolments per demo learner, and the share of those started 30 days ago or more that are complete. */
const ENROLMENTS = { perLearner: { min: 2, max: 6 }, completedShare: 0.55, showcase: 5 } as const;
/** The demo learner accounts: each has a journey of its own to show, some complete, some under way. */
const SHOWCASE = ["student@example.com", "employee@example.com", "learner@example.com"];

/** A catalogue item as the seed needs it. */
interface SeedItem {
  type: EnrolmentItemType;
  id: number;
  title: string;
  owner: Owner;
  institutionId: number | null;
  /** When it was made (ms): nobody enrols before that. */
  created: number;
  skills: string[];
  steps: string[];
}

/** The published items learners may enrol in (or those with ids above `above`), oldest first per type. */
export async function loadItems(
  db: Kysely<Database>,
  ctx: SeedContext,
  above: Partial<Record<EnrolmentItemType, number>> = {},
): Promise<SeedItem[]> {
  const items: SeedItem[] = [];
  for (const type of Object.keys(ENROLMENT_COLUMN) as EnrolmentItemType[]) {
    const skillsField = skillsFieldOf(type);
    const stepsField = stepsFieldOf(type);
    const columns = [
      ...new Set([
        "id",
        "title",
        "institution_id",
        "recruiter_id",
        "created_at",
        skillsField,
        ...(stepsField ? [stepsField] : []),
      ]),
    ];
    const rows = (await (db as unknown as AnyDb)
      .selectFrom(RESOURCES[ENROLMENT_RESOURCE[type]].table)
      .select(columns)
      .where("publish_status", "=", 1)
      .where("id", ">", above[type] ?? 0)
      .orderBy("id")
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const institutionId = row.institution_id === null ? null : Number(row.institution_id);
      const owner: Owner =
        institutionId === ctx.institutions.kmc
          ? "kmc"
          : institutionId === ctx.institutions.himal
            ? "himal"
            : row.recruiter_id !== null
              ? "recruiter"
              : "provider";
      items.push({
        type,
        id: Number(row.id),
        title: String(row.title),
        owner,
        institutionId,
        created: Date.parse(String(row.created_at)),
        skills: labelsIn(row[skillsField]),
        steps: stepsField ? labelsIn(row[stepsField]) : [],
      });
    }
  }
  return items;
}

/** An enrolment and the skills its completion gave, before either has an id. */
interface PlannedEnrolment {
  row: NewRow<"enrolments">;
  gain: GainedSkills | null;
}

/** Whether a learner may enrol in an item: the provider's, or their own institution's. */
const mayEnrol = (item: SeedItem, learner: SeedApplicant) =>
  item.institutionId === null || item.institutionId === learner.institution_id;

/**
 * One learner's enrolment in one item, enrolled after `notBefore`, complete when asked and old
 * enough (a month at least before the reference), else under way at some progress.
 */
function planEnrolment(
  r: Random,
  ctx: SeedContext,
  staff: Record<Owner, number[]>,
  item: SeedItem,
  learner: SeedApplicant,
  options: { complete: boolean; notBefore: number },
): PlannedEnrolment {
  const from = Math.min(Math.max(item.created, options.notBefore), ctx.ref - HOUR);
  const enrolled = second(from + r.next() * Math.max(0, ctx.ref - HOUR - from));
  const complete = options.complete && enrolled < ctx.ref - 30 * DAY;
  const completedAt = complete
    ? second(Math.min(enrolled + r.int(14, 240) * DAY + r.int(0, 86_399) * 1000, ctx.ref - HOUR))
    : null;
  let progress = COMPLETE_PROGRESS;
  let steps = [...item.steps];
  if (!complete) {
    // under way: some steps ticked in order, or some progress recorded by the item's staff
    const ticked = item.steps.length > 0 ? r.int(0, item.steps.length - 1) : 0;
    steps = steps.slice(0, ticked);
    progress = progressOfSteps(ticked, item.steps.length) ?? r.int(0, 19) * 5;
  }
  const completedBy = complete
    ? item.type === "career-roadmap"
      ? learner.id
      : (r.pick(staff[item.owner]) ?? null)
    : null;
  const last = completedAt ?? Math.min(enrolled + r.int(0, 60) * DAY, ctx.ref);
  return {
    row: {
      user_id: learner.id,
      item_type: item.type,
      item_id: item.id,
      course_id: null,
      enrichment_program_id: null,
      career_roadmap_id: null,
      [ENROLMENT_COLUMN[item.type]]: item.id,
      institution_id: learner.institution_id,
      enrolled_at: iso(enrolled),
      progress,
      completed_at: completedAt === null ? null : iso(completedAt),
      certificate_code: complete ? certificateCode((bound) => r.int(0, bound - 1)) : null,
      completed_by: completedBy,
      steps_done: JSON.stringify(steps),
      created_at: iso(enrolled),
      updated_at: iso(last),
    },
    gain:
      completedAt === null
        ? null
        : {
            userId: learner.id,
            institutionId: learner.institution_id,
            names: item.skills,
            at: iso(completedAt),
            source: { type: item.type, id: item.id, title: item.title },
          },
  };
}

/**
 * The demo learners' enrolments: a few each, over what they may enrol in, and five for each demo
 * learner account (made when the demo is seeded: their journey starts with the item). Pure: the
 * same items and learners give the same plan.
 */
export function planDemoEnrolments(
  ctx: SeedContext,
  items: readonly SeedItem[],
  learners: readonly SeedApplicant[],
): PlannedEnrolment[] {
  const r = random("enrolments");
  const staff = staffOf(ctx);
  const planned: PlannedEnrolment[] = [];
  for (const learner of learners) {
    const showcase = SHOWCASE.includes(learner.email);
    const eligible = items.filter((item) => mayEnrol(item, learner));
    const count = showcase ? ENROLMENTS.showcase : r.int(ENROLMENTS.perLearner.min, ENROLMENTS.perLearner.max);
    for (const [index, item] of r.sample(eligible, count).entries()) {
      // a demo account shows both: its first two complete, the rest under way
      const complete = showcase ? index < 2 : r.chance(ENROLMENTS.completedShare);
      const notBefore = showcase ? item.created : learner.created;
      planned.push(planEnrolment(r, ctx, staff, item, learner, { complete, notBefore }));
    }
  }
  return planned;
}

/** Enrolments one statement writes (16 columns: far within SQLite's and PostgreSQL's parameter limits). */
const ENROLMENT_BATCH = 500;
const SKILL_BATCH = 1_000;

/**
 * Inserts planned enrolments and the skills their completions gave (each learner's first gain of a
 * skill standing), in batches, in the caller's transaction. Returns the rows written per table.
 */
async function insertEnrolments(
  db: Kysely<Database>,
  planned: readonly PlannedEnrolment[],
  batch = ENROLMENT_BATCH,
  otherGains: readonly GainedSkills[] = [],
): Promise<{ enrolments: number; learner_skills: number }> {
  for (let at = 0; at < planned.length; at += batch) {
    await db
      .insertInto("enrolments")
      .values(planned.slice(at, at + batch).map((item) => item.row))
      .execute();
  }
  const skills = skillRows([...planned.flatMap((item) => (item.gain ? [item.gain] : [])), ...otherGains]);
  for (let at = 0; at < skills.length; at += SKILL_BATCH) {
    await db
      .insertInto("learner_skills")
      .values(skills.slice(at, at + SKILL_BATCH))
      .execute();
  }
  return { enrolments: planned.length, learner_skills: skills.length };
}

/**
 * The skills learners (ids above `aboveId`) gained by completing learning events, as the
 * pipeline's completion gives them: the event's skills, when the completion was recorded.
 */
async function eventGains(db: Kysely<Database>, aboveId = 0): Promise<GainedSkills[]> {
  const rows = await db
    .selectFrom("applications as a")
    .innerJoin("learning_events as e", "e.id", "a.learning_event_id")
    .select(["a.user_id", "a.institution_id", "a.updated_at", "e.id", "e.title", "e.skills"])
    .where("a.completion_status", "=", "complete")
    .where("a.user_id", ">", aboveId)
    .orderBy("a.id")
    .execute();
  return rows.flatMap((row) =>
    row.user_id === null
      ? []
      : [
          {
            userId: row.user_id,
            institutionId: row.institution_id,
            names: labelsIn(row.skills),
            at: row.updated_at,
            source: { type: "learning-event" as const, id: row.id, title: row.title },
          },
        ],
  );
}

/** Seeds the demo's enrolments over the items and learners already in the database (after their applications). */
export async function seedEnrolments(db: Kysely<Database>, ctx: SeedContext) {
  const items = await loadItems(db, ctx);
  const learners = await loadApplicants(db);
  return insertEnrolments(db, planDemoEnrolments(ctx, items, learners), ENROLMENT_BATCH, await eventGains(db));
}

/** Enrolments per learner a scale run adds, on average. */
const ENROLMENTS_PER_SCALED_LEARNER = 3;
/** Learners planned and written at a time: their enrolments are held in memory until then. */
const LEARNERS_PER_ROUND = 1_000;

/**
 * The enrolments of `npm run seed -- --scale N`: about three per added learner (ids
 * above `learnersAbove`), over every published item they may enrol in, the demo's and the run's
 * own alike, as the demo seed plans them. Returns the rows written.
 */
export async function seedScaleEnrolments(
  db: Kysely<Database>,
  ctx: SeedContext,
  r: Random,
  options: { learnersAbove: number; batch: number },
): Promise<{ enrolments: number; learner_skills: number }> {
  const written = { enrolments: 0, learner_skills: 0 };
  const items = await loadItems(db, ctx);
  const learners = await loadApplicants(db, options.learnersAbove);
  if (items.length === 0 || learners.length === 0) return written;
  const staff = staffOf(ctx);
  // the events the added learners completed (their applications come first) give skills too
  const byLearner = new Map<number, GainedSkills[]>();
  for (const gain of await eventGains(db, options.learnersAbove)) {
    byLearner.set(gain.userId, [...(byLearner.get(gain.userId) ?? []), gain]);
  }
  const pools = new Map<number | null, SeedItem[]>();
  const poolOf = (learner: SeedApplicant) => {
    let pool = pools.get(learner.institution_id);
    if (!pool) {
      pool = items.filter((item) => mayEnrol(item, learner));
      pools.set(learner.institution_id, pool);
    }
    return pool;
  };
  for (let start = 0; start < learners.length; start += LEARNERS_PER_ROUND) {
    const planned: PlannedEnrolment[] = [];
    const round = learners.slice(start, start + LEARNERS_PER_ROUND);
    for (const learner of round) {
      const pool = poolOf(learner);
      const wanted = Math.min(pool.length, r.int(ENROLMENTS_PER_SCALED_LEARNER - 1, ENROLMENTS_PER_SCALED_LEARNER + 1));
      const chosen = new Set<SeedItem>();
      for (let tries = 0; chosen.size < wanted && tries < wanted * 4; tries++) {
        const item = pool[Math.floor(pool.length * r.next())];
        if (item) chosen.add(item);
      }
      for (const item of chosen) {
        const complete = r.chance(ENROLMENTS.completedShare);
        planned.push(planEnrolment(r, ctx, staff, item, learner, { complete, notBefore: learner.created }));
      }
    }
    const gains = round.flatMap((learner) => byLearner.get(learner.id) ?? []);
    const counts = await insertEnrolments(db, planned, options.batch, gains);
    written.enrolments += counts.enrolments;
    written.learner_skills += counts.learner_skills;
  }
  return written;
}
