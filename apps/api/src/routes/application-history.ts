import { HistoryAnswer, isLearnerRole, RESOURCES } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import { reachedRow } from "../engine/handlers/reads.js";
import { historyValue, readableByApplicant } from "../resources/applications/history.js";
import { bearer, errorResponses, IdParams } from "./schemas.js";

/**
 * `GET /applications/{id}/history`: every change of the application, oldest first,
 * with who made it. Exactly whoever may read the application may read its history: the engine's
 * read reach finds the row, so one out of reach is a 404 here as it is on `GET /applications/{id}`.
 */
export default async function applicationHistoryRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams }>(
    "/applications/:id/history",
    {
      config: { access: { can: [["read", "applications"]] } },
      schema: {
        tags: ["applications"],
        security: bearer,
        params: IdParams,
        response: { 200: HistoryAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const application = await reachedRow(request, RESOURCES.applications, "read");
      // the applicant reads what was decided for them: no staff note, and no change that was undone
      const applicant = isLearnerRole(request.auth.role) || application.user_id === request.auth.id;
      let query = app.db
        .selectFrom("application_history as h")
        .leftJoin("users as u", "u.id", "h.by_user_id")
        .select(["h.field", "h.from_value", "h.to_value", "h.note", "h.at", "h.by_user_id", "h.internal", "h.undone"])
        .select("u.full_name")
        .where("h.application_id", "=", request.params.id);
      if (applicant) query = query.where(readableByApplicant);
      const rows = await query.orderBy("h.id", "asc").execute();
      return rows.map((row) => ({
        field: row.field,
        from: historyValue(row.field, row.from_value),
        to: historyValue(row.field, row.to_value),
        note: row.note,
        by: row.by_user_id === null ? null : { id: row.by_user_id, full_name: row.full_name ?? "" },
        at: row.at,
        internal: row.internal === 1,
        undone: row.undone === 1,
      }));
    },
  );
}
