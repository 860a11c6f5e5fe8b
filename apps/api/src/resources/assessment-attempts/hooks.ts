import { type AssessmentQuestion, answersShown, roleKind, withoutKey } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { ResourceHooks } from "../../engine/types.js";
import { attemptsTaken } from "../self-assessment/commands.js";

/**
 * The answer key in a learner's own attempts follows the assessment's review policy, as it stands
 * now: after each attempt, once they have used the last one allowed, or never. Otherwise an
 * attempt sent blank would buy the key to the next. Staff who read attempts always see the key.
 */
async function reviewedRows(request: FastifyRequest, rows: Record<string, unknown>[]) {
  if (roleKind(request.auth.role) !== "learner" || rows.length === 0) return rows;
  const { db } = request.server;
  const ids = [...new Set(rows.map((row) => Number(row.self_assessment_id)))];
  const assessments = await db
    .selectFrom("self_assessments")
    .select(["id", "max_attempts", "review_policy"])
    .where("id", "in", ids)
    .execute();
  const shown = new Map<number, boolean>();
  for (const assessment of assessments) {
    // a learner reads their own attempts only (the ability's `own` reach), so theirs are what count
    shown.set(assessment.id, answersShown(assessment, await attemptsTaken(db, request.auth.id, assessment.id)));
  }
  return rows.map((row) => {
    // an assessment deleted since says nothing: its key stays hidden
    if (shown.get(Number(row.self_assessment_id)) === true || !Array.isArray(row.questions)) return row;
    return { ...row, questions: withoutKey(row.questions as AssessmentQuestion[]) };
  });
}

export const assessmentAttemptHooks: ResourceHooks = { readRows: reviewedRows };
