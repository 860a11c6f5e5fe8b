import {
  type AssessmentQuestion,
  AttemptSubmitted,
  answersFor,
  answersProblem,
  attemptsLeft,
  passMarkOf,
  scoreAttempt,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { CommandHandler, Transaction } from "../../engine/command-types.js";
import { badRequest, conflict } from "../../platform/errors.js";
import { nowIso } from "../../platform/time.js";

/** As many answers as an assessment may have questions (the codec's longest list). */
const MAX_ANSWERS = 50;

/**
 * The learner's answers: questions have no ids of their own, so a list in the order of the
 * assessment's questions — the option chosen, or the text written; "" or null (or a list that
 * stops early) leaves a question unanswered, which counts as wrong.
 */
const ANSWERS = Type.Array(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]), {
  maxItems: MAX_ANSWERS,
  description:
    "One answer per question, in the order of the assessment's questions: the chosen option, or the text written; " +
    '"" or null for none. Unanswered questions count as wrong.',
});

/** An assessment's questions as stored (JSON text of `{ question, options, answer }`). */
function questionsOf(stored: string): AssessmentQuestion[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as AssessmentQuestion[]) : [];
  } catch {
    return [];
  }
}

/** The 400 naming `answers` when they do not fit the questions. */
function checkAnswers(request: FastifyRequest, questions: AssessmentQuestion[], given: (string | null)[]) {
  const problem = answersProblem(questions, given);
  if (!problem) return;
  const message =
    problem.kind === "tooMany"
      ? request.t("attempts.tooManyAnswers", { count: questions.length })
      : request.t("attempts.notAnOption", { n: problem.question });
  throw badRequest(request.t("invalidInput"), { answers: message });
}

async function assessmentOf(trx: Transaction, id: number) {
  return trx
    .selectFrom("self_assessments")
    .select(["questions", "grading_type", "pass_mark", "max_attempts"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The attempts a learner has made at one assessment. */
export async function attemptsTaken(db: Transaction, userId: number, assessmentId: number): Promise<number> {
  const row = await db
    .selectFrom("assessment_attempts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("self_assessment_id", "=", assessmentId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A learner takes a self-assessment they may read (the router found it in the reach of their
 * `attempts` right), as many times as its staff allow: the attempt is scored now and
 * kept, every one of them, with the answers and a copy of the questions and their key as they are
 * now — the learner sees that key in their own attempts when the assessment's review policy says
 * so (hooks/assessment-attempts.ts), never in the assessment.
 */
const attempts: CommandHandler = {
  answer: { message: AttemptSubmitted },
  body: { answers: ANSWERS },
  run: async (trx, [assessmentId], request, body) => {
    // only learners hold `attempts` (a byApplicant command, registry/types.ts), on assessments they may read
    if (assessmentId === undefined) throw new Error("an attempt is at one assessment");
    // a write first holds the assessment's row, so that attempts sent at once are counted one after another
    await trx
      .updateTable("self_assessments")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", assessmentId)
      .execute();
    const assessment = await assessmentOf(trx, assessmentId);
    if (attemptsLeft(assessment.max_attempts, await attemptsTaken(trx, request.auth.id, assessmentId)) === 0) {
      throw conflict(request.t("attempts.noneLeft", { count: assessment.max_attempts }));
    }
    const questions = questionsOf(assessment.questions);
    const given = body.answers as (string | null)[];
    checkAnswers(request, questions, given);
    const answers = answersFor(questions, given);
    const result = scoreAttempt(questions, answers, passMarkOf(assessment));
    const takenAt = nowIso();
    const { id } = await trx
      .insertInto("assessment_attempts")
      .values({
        user_id: request.auth.id,
        institution_id: request.auth.institution?.id ?? null,
        self_assessment_id: assessmentId,
        answers: JSON.stringify(answers),
        questions: JSON.stringify(questions),
        score: result.score,
        max_score: result.max_score,
        percentage: result.percentage,
        passed: result.passed === null ? null : result.passed ? 1 : 0,
        taken_at: takenAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      created: true,
      message: request.t("attempts.submitted", { score: result.score, max: result.max_score }),
      data: { id, ...result, taken_at: takenAt },
    };
  },
};

/** The commands of a self-assessment. */
export const assessmentCommands: Record<"attempts", CommandHandler> = { attempts };
