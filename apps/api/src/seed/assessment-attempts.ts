import type { GradingType } from "@csc/shared";
import { type AssessmentQuestion, passMarkOf, questionKindOf, scoreAttempt } from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { loadApplicants, type SeedApplicant } from "./applications.js";
import { DAY, type NewRow, type Random, random, type SeedContext } from "./catalogue.js";

/**
 * The demo learners' self-assessment attempts over the years, each as the
 * `attempts` command would have stored it: the answers, the questions with their key as they are,
 * the score by the shared rule. A learner takes assessments they may read (published, the
 * provider's or their own institution's), after their account and the assessment exist, and some
 * take one again later. The demo learner accounts keep some assessments untaken, so that both of
 * their tabs show rows. Pure planning over the rows read, so the same database gives the same rows.
 */

/** An assessment as the seed needs it: who may take it, since when, its questions and pass mark. */
interface SeedAssessment {
  id: number;
  institutionId: number | null;
  published: boolean;
  /** When it was made (ms): nobody takes it before. */
  opens: number;
  questions: AssessmentQuestion[];
  passMark: number | null;
}

/** Every self-assessment (or those above `aboveId`), by id. */
export async function loadAssessments(db: Kysely<Database>, aboveId = 0): Promise<SeedAssessment[]> {
  const rows = await db
    .selectFrom("self_assessments")
    .select(["id", "institution_id", "publish_status", "created_at", "questions", "grading_type", "pass_mark"])
    .where("id", ">", aboveId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    institutionId: row.institution_id,
    published: Number(row.publish_status) === 1,
    opens: Date.parse(row.created_at),
    questions: JSON.parse(row.questions) as AssessmentQuestion[],
    passMark: passMarkOf({ grading_type: row.grading_type as GradingType | null, pass_mark: row.pass_mark }),
  }));
}

/** Whether the learner may take it: published, and the provider's or their own institution's. */
const mayTake = (assessment: SeedAssessment, learner: SeedApplicant) =>
  assessment.published && (assessment.institutionId === null || assessment.institutionId === learner.institution_id);

/** The demo learner accounts: a few attempts each, over several years, and some left to take. */
const DEMO_LEARNERS = ["student@example.com", "employee@example.com", "learner@example.com"];
/** Attempts of each other learner: none to a few. */
const ATTEMPTS_PER_LEARNER = { min: 0, max: 3 };
/** Share of attempts taken again later (a second try). */
const RETAKE_SHARE = 0.25;

/** One learner's answer to one question: right with the chance given, else a wrong option (or a blank). */
function answerOf(r: Random, question: AssessmentQuestion, right: number): string {
  const key = question.answer ?? "";
  if (r.chance(right)) return questionKindOf(question) === "choice" ? key : key.toLowerCase();
  const wrong = (question.options ?? []).filter((option) => option !== key);
  return wrong.length > 0 && r.chance(0.9) ? r.pick(wrong) : "";
}

/** An attempt as the `attempts` command stores it, taken at `at` (ms) by a learner who knows `right` of it. */
function planAttempt(
  r: Random,
  assessment: SeedAssessment,
  learner: SeedApplicant,
  at: number,
  right: number,
): NewRow<"assessment_attempts"> {
  const answers = assessment.questions.map((question) => answerOf(r, question, right));
  const result = scoreAttempt(assessment.questions, answers, assessment.passMark);
  return {
    user_id: learner.id,
    institution_id: learner.institution_id,
    self_assessment_id: assessment.id,
    answers: JSON.stringify(answers),
    questions: JSON.stringify(assessment.questions),
    score: result.score,
    max_score: result.max_score,
    percentage: result.percentage,
    passed: result.passed === null ? null : result.passed ? 1 : 0,
    taken_at: new Date(Math.floor(at / 1000) * 1000).toISOString(),
  };
}

/**
 * A learner's attempts at the assessments given, each at a time between `notBefore` (and the
 * assessment's making) and the reference date, some taken again later and better.
 */
function planLearnerAttempts(
  r: Random,
  ctx: SeedContext,
  learner: SeedApplicant,
  assessments: readonly SeedAssessment[],
  notBefore: number,
): NewRow<"assessment_attempts">[] {
  const rows: NewRow<"assessment_attempts">[] = [];
  for (const assessment of assessments) {
    const from = Math.max(notBefore, assessment.opens);
    if (from >= ctx.ref) continue;
    const first = from + r.next() * (ctx.ref - from);
    const right = 0.35 + r.next() * 0.55;
    rows.push(planAttempt(r, assessment, learner, first, right));
    if (r.chance(RETAKE_SHARE) && ctx.ref - first > 2 * DAY) {
      const again = first + DAY + r.next() * (ctx.ref - first - DAY);
      rows.push(planAttempt(r, assessment, learner, again, Math.min(1, right + 0.2)));
    }
  }
  return rows;
}

/**
 * The demo's attempts: each learner takes a few of the assessments they may take; the demo learner
 * accounts, made when the demo is seeded, take theirs from when each assessment was made and
 * leave at least one untaken. Oldest first.
 */
export function planDemoAttempts(
  ctx: SeedContext,
  assessments: readonly SeedAssessment[],
  learners: readonly SeedApplicant[],
): NewRow<"assessment_attempts">[] {
  const r = random("assessment-attempts");
  const rows: NewRow<"assessment_attempts">[] = [];
  for (const learner of learners) {
    const open = assessments.filter((assessment) => mayTake(assessment, learner));
    if (DEMO_LEARNERS.includes(learner.email)) {
      // every one but the newest, over the years since each was made
      const taken = [...open].sort((a, b) => a.opens - b.opens).slice(0, Math.max(0, open.length - 1));
      rows.push(...planLearnerAttempts(r, ctx, learner, taken, 0));
      continue;
    }
    const count = r.int(ATTEMPTS_PER_LEARNER.min, ATTEMPTS_PER_LEARNER.max);
    rows.push(...planLearnerAttempts(r, ctx, learner, r.sample(open, count), learner.created));
  }
  return rows.sort((a, b) => a.taken_at.localeCompare(b.taken_at));
}

/** Inserts attempts `batch` rows at a time (11 columns: far within both databases' parameter limits). */
async function insertAttempts(db: Kysely<Database>, rows: readonly NewRow<"assessment_attempts">[], batch = 500) {
  for (let start = 0; start < rows.length; start += batch) {
    await db
      .insertInto("assessment_attempts")
      .values(rows.slice(start, start + batch))
      .execute();
  }
  return rows.length;
}

/** Seeds the demo's attempts over the assessments and learners already in the database. */
export async function seedAttempts(db: Kysely<Database>, ctx: SeedContext) {
  const planned = planDemoAttempts(ctx, await loadAssessments(db), await loadApplicants(db));
  return insertAttempts(db, planned);
}

/** Attempts per learner a scale run adds, on average. */
const SCALE_ATTEMPTS_PER_LEARNER = 2;
/** Learners planned and written at a time: their attempts are held in memory until then. */
const LEARNERS_PER_ROUND = 1_000;

/**
 * The attempts of `npm run seed -- --scale N`: about two per added learner (ids above
 * `learnersAbove`), at any assessment they may take, after their account was made. Returns the
 * rows written.
 */
export async function seedScaleAttempts(
  db: Kysely<Database>,
  ctx: SeedContext,
  r: Random,
  options: { learnersAbove: number; batch: number },
): Promise<number> {
  const assessments = await loadAssessments(db);
  const learners = await loadApplicants(db, options.learnersAbove);
  let written = 0;
  for (let start = 0; start < learners.length; start += LEARNERS_PER_ROUND) {
    const planned = learners.slice(start, start + LEARNERS_PER_ROUND).flatMap((learner) => {
      const open = assessments.filter((assessment) => mayTake(assessment, learner));
      const count = r.int(SCALE_ATTEMPTS_PER_LEARNER - 1, SCALE_ATTEMPTS_PER_LEARNER + 1);
      return planLearnerAttempts(r, ctx, learner, r.sample(open, count), learner.created);
    });
    written += await insertAttempts(db, planned, options.batch);
  }
  return written;
}
