import type { GradingType, ReviewPolicy } from "./enums.js";

/**
 * Scoring a self-assessment attempt (`assessment-attempts`): one rule for the API,
 * which scores and stores each attempt, and the admin, which shows it.
 *
 * A question is what the registry's `questions` field holds: `{ question, options, answer }`.
 * Its kind follows from its options — with options it is a choice (one option is right: the
 * answer key is a single option, so there is no multiple-choice kind); without, a short text
 * answer. Questions have no ids of their own, so a learner's answers are a list in the order of
 * the questions, "" for one left unanswered.
 */

export interface AssessmentQuestion {
  question: string;
  options?: readonly string[] | null;
  /** The answer key: the right option, or the expected short text; a question without one is not scored. */
  answer?: string | null;
}

type QuestionKind = "choice" | "short-text";

export const questionKindOf = (question: AssessmentQuestion): QuestionKind =>
  (question.options ?? []).length > 0 ? "choice" : "short-text";

/** A short text answer as it is compared: trimmed, inner whitespace collapsed, case ignored. */
export const normalizeShortText = (text: string): string =>
  text.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");

/** Whether a question has an answer key, and so counts for a point. */
export const isScored = (question: AssessmentQuestion): boolean =>
  typeof question.answer === "string" && question.answer.trim() !== "";

/** Whether the learner's answer is right: exactly the right option, or the expected text up to case and spacing. */
export function isCorrect(question: AssessmentQuestion, given: string): boolean {
  if (!isScored(question) || given === "") return false;
  const key = question.answer as string;
  return questionKindOf(question) === "choice" ? given === key : normalizeShortText(given) === normalizeShortText(key);
}

/** The pass mark an attempt is judged by: none for an assessment that is not graded. */
export const passMarkOf = (assessment: { grading_type: GradingType | null; pass_mark: number | null }) =>
  assessment.grading_type === "no_grades" ? null : assessment.pass_mark;

export interface AttemptScore {
  /** One point per scored question answered right. */
  score: number;
  /** The number of scored questions. */
  max_score: number;
  /** The score as a whole percentage of the maximum (0 when nothing is scored). */
  percentage: number;
  /** Whether the score reaches the pass mark, by the exact ratio (not the rounded percentage); null without a pass mark. */
  passed: boolean | null;
}

/** The learner's answers, one per question in order: missing ones are "" (unanswered, so wrong). */
export const answersFor = (questions: readonly AssessmentQuestion[], given: readonly (string | null | undefined)[]) =>
  questions.map((_question, index) => given[index] ?? "");

/** An attempt's score over the questions as they were when it was taken. */
export function scoreAttempt(
  questions: readonly AssessmentQuestion[],
  answers: readonly (string | null | undefined)[],
  passMark: number | null,
): AttemptScore {
  const scored = questions.flatMap((question, index) => (isScored(question) ? [{ question, index }] : []));
  const score = scored.filter(({ question, index }) => isCorrect(question, answers[index] ?? "")).length;
  const max = scored.length;
  return {
    score,
    max_score: max,
    percentage: max === 0 ? 0 : Math.round((score * 100) / max),
    passed: passMark === null ? null : score * 100 >= passMark * max,
  };
}

/**
 * Why a learner's answers cannot be taken for these questions, or null when they can: more
 * answers than questions, or a choice answered with something that is not one of its options.
 */
export function answersProblem(
  questions: readonly AssessmentQuestion[],
  answers: readonly (string | null | undefined)[],
): { kind: "tooMany" } | { kind: "notAnOption"; question: number } | null {
  if (answers.length > questions.length) return { kind: "tooMany" };
  const index = questions.findIndex((question, at) => {
    const given = answers[at] ?? "";
    return questionKindOf(question) === "choice" && given !== "" && !(question.options ?? []).includes(given);
  });
  return index === -1 ? null : { kind: "notAnOption", question: index + 1 };
}

// a new assessment's attempts and when its key shows, declared by the assessments' module
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_REVIEW_POLICY, MAX_ATTEMPTS_RANGE } from "./resources/self-assessment.js";

/** The attempts a learner has left, having taken `taken` (never below none). */
export const attemptsLeft = (maxAttempts: number, taken: number): number => Math.max(0, maxAttempts - taken);

/**
 * Whether a learner who has taken `taken` attempts sees the right answers in them: after each
 * attempt, once none are left, or never (an unknown policy shows nothing).
 */
export function answersShown(
  assessment: { review_policy: ReviewPolicy | string | null; max_attempts: number },
  taken: number,
): boolean {
  if (assessment.review_policy === "after_each") return true;
  return assessment.review_policy === "after_last" && attemptsLeft(assessment.max_attempts, taken) === 0;
}

/** An attempt's questions without their key: what a learner sees while the right answers are not shown. */
export const withoutKey = (questions: readonly AssessmentQuestion[]): AssessmentQuestion[] =>
  questions.map(({ answer: _answer, ...question }) => question);
