import { AssessmentScores, DataOf, RESOURCES, type ScoredAttempt } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { reachFor } from "../engine/handlers/reads.js";
import { ALIAS, scoped } from "../engine/store.js";
import { bearer, errorResponses, Id } from "./schemas.js";

interface Attempt {
  id: number;
  self_assessment_id: number;
  score: number;
  max_score: number;
  percentage: number;
  taken_at: string;
}

const scoreOf = ({ id, score, max_score, percentage, taken_at }: Attempt): ScoredAttempt => ({
  id,
  score,
  max_score,
  percentage,
  taken_at,
});

/**
 * `GET /assessment-attempts/scores?user_id=`: one learner's results, assessment by assessment, as
 * staff judge them — how many attempts, the first (what the learner knew) and the best (what they
 * reached, the earliest of equals). Counted over every attempt in the reader's reach, not a page
 * of them; exactly whoever reads the attempts reads this, and nobody else's learners show.
 */
export default async function attemptScoreRoutes(app: FastifyInstance) {
  const resource = RESOURCES["assessment-attempts"];
  app.get<{ Querystring: { user_id: number } }>(
    "/assessment-attempts/scores",
    {
      config: { access: { can: [["read", resource.name]] } },
      schema: {
        tags: [resource.name],
        security: bearer,
        querystring: Type.Object({ user_id: Id }, { additionalProperties: false }),
        response: { 200: DataOf(Type.Array(AssessmentScores)), ...errorResponses },
      },
    },
    async (request) => {
      const rows = (await scoped(app.db, resource, reachFor(request, resource, "read"))
        .select(
          ["id", "self_assessment_id", "score", "max_score", "percentage", "taken_at"].map((c) => `${ALIAS}.${c}`),
        )
        .where(`${ALIAS}.user_id`, "=", request.query.user_id)
        .orderBy(`${ALIAS}.taken_at`)
        .orderBy(`${ALIAS}.id`)
        .execute()) as Attempt[];
      const byAssessment = new Map<number, { attempts: number; first: Attempt; best: Attempt }>();
      for (const row of rows) {
        const seen = byAssessment.get(row.self_assessment_id);
        if (!seen) byAssessment.set(row.self_assessment_id, { attempts: 1, first: row, best: row });
        else {
          seen.attempts += 1;
          if (row.percentage > seen.best.percentage) seen.best = row;
        }
      }
      const data = [...byAssessment.entries()].map(([selfAssessmentId, { attempts, first, best }]) => ({
        self_assessment_id: selfAssessmentId,
        attempts,
        first: scoreOf(first),
        best: scoreOf(best),
      }));
      // the assessments last begun first, as the attempts list shows the newest first
      data.sort(
        (a, b) => b.first.taken_at.localeCompare(a.first.taken_at) || b.self_assessment_id - a.self_assessment_id,
      );
      return { data };
    },
  );
}
