import { type Static, Type } from "typebox";

/** One attempt's score as staff compare them. */
export const ScoredAttempt = Type.Object({
  id: Type.Integer(),
  score: Type.Integer(),
  max_score: Type.Integer(),
  percentage: Type.Integer(),
  taken_at: Type.String(),
});
export type ScoredAttempt = Static<typeof ScoredAttempt>;

/**
 * `GET /assessment-attempts/scores?user_id=`: one learner's results, assessment by assessment —
 * how many attempts, the first and the best (the earliest of equals).
 */
export const AssessmentScores = Type.Object({
  self_assessment_id: Type.Integer(),
  attempts: Type.Integer(),
  first: ScoredAttempt,
  best: ScoredAttempt,
});
export type AssessmentScores = Static<typeof AssessmentScores>;
