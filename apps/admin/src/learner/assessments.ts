import { type AssessmentQuestion, type AttemptResult, attemptsLeft, isScored } from "@csc/shared";
import { http } from "../shell/providers/http";

/** A self assessment as the learner reads it: its questions without the answer key (field rules). */
export type Assessment = {
  id: number;
  title?: string;
  questions?: AssessmentQuestion[] | null;
  pass_mark?: number | null;
  duration_minutes?: number | null;
  /** Attempts a learner has at it; the API refuses one more. */
  max_attempts?: number | null;
  /** When the learner's attempts carry the right answers (after_each, after_last, never). */
  review_policy?: string | null;
} & Record<string, unknown>;

/** One attempt with what was asked, the learner's answers and the key (`GET /api/assessment-attempts/{id}`, after submitting only). */
export interface AttemptReview extends AttemptResult {
  self_assessment_id: number;
  questions: AssessmentQuestion[];
  answers: string[];
}

/**
 * An attempt being taken: one answer per question in order ("" for none yet), where the learner
 * is, and whether they see all questions on one page. Kept in local storage until submitted.
 */
export interface AttemptDraft {
  answers: string[];
  current: number;
  onePage: boolean;
}

export const newDraft = (count: number): AttemptDraft => ({
  answers: Array(count).fill(""),
  current: 0,
  onePage: false,
});

export function setAnswer(draft: AttemptDraft, index: number, answer: string): AttemptDraft {
  if (index < 0 || index >= draft.answers.length) return draft;
  const answers = [...draft.answers];
  answers[index] = answer;
  return { ...draft, answers };
}

/** Next (+1) or Previous (−1), never past the first or last question. */
export function moveTo(draft: AttemptDraft, index: number): AttemptDraft {
  const last = Math.max(draft.answers.length - 1, 0);
  return { ...draft, current: Math.min(Math.max(index, 0), last) };
}

export const answeredCount = (draft: AttemptDraft): number =>
  draft.answers.filter((answer) => answer.trim() !== "").length;

/** Where a learner's draft of one assessment is kept: per user, so that a shared computer mixes nobody's answers. */
export const draftKey = (userId: number, assessmentId: number) => `csc-assessment:${userId}:${assessmentId}`;

/**
 * The kept draft, if it still fits the assessment (as many answers as questions, strings only);
 * otherwise a fresh one.
 */
export function readDraft(storage: Pick<Storage, "getItem">, key: string, count: number): AttemptDraft {
  try {
    const kept = JSON.parse(storage.getItem(key) ?? "null") as Partial<AttemptDraft> | null;
    if (
      kept &&
      Array.isArray(kept.answers) &&
      kept.answers.length === count &&
      kept.answers.every((answer) => typeof answer === "string")
    ) {
      return moveTo(
        { answers: kept.answers, current: Number(kept.current) || 0, onePage: kept.onePage === true },
        Number(kept.current) || 0,
      );
    }
  } catch {
    // a draft that is not ours to read is replaced
  }
  return newDraft(count);
}

export function hasDraft(storage: Pick<Storage, "getItem">, key: string): boolean {
  return storage.getItem(key) !== null;
}

export function writeDraft(storage: Pick<Storage, "setItem">, key: string, draft: AttemptDraft): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or refused: the attempt goes on in memory
  }
}

/** The body's answers: one per question, in order, "" for those left out. */
export const answersBody = (draft: AttemptDraft) => ({ answers: draft.answers.map((answer) => answer.trim()) });

/** `POST /api/self-assessment/{id}/attempts`: 201 `{ message, data }` with the score. */
export async function submitAttempt(assessmentId: number, draft: AttemptDraft): Promise<AttemptResult> {
  const { data } = await http.post<{ data: AttemptResult } | AttemptResult>(
    `/api/self-assessment/${assessmentId}/attempts`,
    answersBody(draft),
  );
  return "data" in data ? data.data : data;
}

const listOf = <T>(value: unknown): T[] => {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }
  return [];
};

/** An attempt as the API sends it, with its questions and answers as lists. */
export const reviewOf = (row: Record<string, unknown>): AttemptReview =>
  ({
    ...row,
    questions: listOf<AssessmentQuestion>(row.questions),
    answers: listOf<string>(row.answers).map((answer) => (answer == null ? "" : String(answer))),
  }) as AttemptReview;

/** Attempts the learner has left at an assessment, having taken `taken`; null when it names no limit. */
export const attemptsLeftAt = (assessment: Pick<Assessment, "max_attempts">, taken: number): number | null =>
  typeof assessment.max_attempts === "number" ? attemptsLeft(assessment.max_attempts, taken) : null;

/**
 * Whether an attempt came with its answer key: the API sends the key only when the assessment's
 * review policy allows it, and without it there is nothing to mark right or wrong here.
 */
export const keyIn = (review: Pick<AttemptReview, "questions">): boolean => review.questions.some(isScored);
