import { ChangeUndone, RESOURCES } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { reachOf } from "../engine/access.js";
import { ALIAS, reachesAll } from "../engine/store.js";
import { forbidden, notFound } from "../platform/errors.js";
import { changeRows, undoChange } from "../resources/applications/changes.js";
import { bearer, errorResponses, Id } from "./schemas.js";

const ChangeParams = Type.Object({ change_id: Id });

/**
 * `POST /applications/changes/{change_id}/undo`: whoever may change every
 * applicant the change set touched (the `bulk` reach of the applications) puts it back before
 * its deadline. A change set that touched an applicant out of their reach is a 404, as an
 * unknown one is.
 */
export default async function applicationChangeRoutes(app: FastifyInstance) {
  app.post<{ Params: { change_id: number } }>(
    "/applications/changes/:change_id/undo",
    {
      config: { access: { can: [["bulk", "applications"]] } },
      schema: {
        tags: ["applications"],
        security: bearer,
        params: ChangeParams,
        response: {
          200: ChangeUndone,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!request.ability.can("bulk", "applications")) throw forbidden(request.t("forbidden"));
      const reach = reachOf(request.ability, "bulk", "applications", ALIAS);
      const changeId = request.params.change_id;
      const restored = await app.db.transaction().execute(async (trx) => {
        const ids = [...new Set((await changeRows(trx, changeId)).map((row) => row.application_id))];
        if (ids.length === 0) throw notFound(request.t("notFound"));
        if (!(await reachesAll(trx, RESOURCES.applications, reach, ids))) throw notFound(request.t("notFound"));
        return undoChange(trx, request, changeId);
      });
      app.live.wake();
      return { message: request.t("undo.done", { count: restored }), data: { restored } };
    },
  );
}
