import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { badRequest, forbidden, notFound } from "../lib/errors.js";
import { nowIso } from "../lib/time.js";
import { bearer, errorResponses, Id, IdParams, MessageResponse } from "../routes/schemas.js";
import { reachOf } from "./access.js";

const Ids = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 100 }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/**
 * What is not create/update/delete: approving or rejecting recruiter company requests (one or
 * many, a reason for rejections) and restoring deleted users. Each acts only on rows the caller's
 * ability reaches.
 */
export default async function resourceActions(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  const requestIds = async (request: FastifyRequest, ids: number[]) => {
    const ability = request.ability;
    if (!ability.can("delete", "recruiters-request")) throw forbidden(request.t("forbidden"));
    const reach = reachOf(ability, "delete", "recruiters-request", "r");
    if (reach.kind === "none") throw forbidden(request.t("forbidden"));
    let query = db
      .selectFrom("recruiters as r")
      .select("r.id")
      .where("r.status", "=", "pending")
      .where("r.id", "in", ids);
    // biome-ignore lint/suspicious/noExplicitAny: the reach is written for any table
    if (reach.kind === "some") query = query.where(reach.where as any);
    const found = (await query.execute()).map((row) => row.id);
    if (found.length !== new Set(ids).size) throw notFound(request.t("notFound"));
    return found;
  };

  app.post(
    "/recruiters-request/approve",
    {
      config: { access: { can: [["delete", "recruiters-request"]] } },
      schema: {
        tags: ["recruiters-request"],
        security: bearer,
        body: Ids,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const ids = await requestIds(request, request.body.ids);
      await db
        .updateTable("recruiters")
        .set({ status: "approved", reject_reason: null, updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return { message: request.t("recruitersApproved", { count: ids.length }), data: { ids } };
    },
  );

  app.post(
    "/recruiters-request/reject",
    {
      config: { access: { can: [["delete", "recruiters-request"]] } },
      schema: {
        tags: ["recruiters-request"],
        security: bearer,
        body: Ids,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const reason = request.body.reason?.trim();
      if (!reason) throw badRequest(request.t("invalidInput"), { reason: request.t("validation:required") });
      const ids = await requestIds(request, request.body.ids);
      await db
        .updateTable("recruiters")
        .set({ status: "rejected", reject_reason: reason, updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return { message: request.t("recruitersRejected", { count: ids.length }), data: { ids } };
    },
  );

  app.post(
    "/deleted-users/:id/restore",
    {
      config: { access: { can: [["delete", "users"]] } },
      schema: {
        tags: ["deleted-users"],
        security: bearer,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const ability = request.ability;
      // restoring is for those who may delete accounts: provider admins (spec §6 activity logs)
      if (!ability.can("read", "deleted-users") || !ability.can("delete", "users"))
        throw forbidden(request.t("forbidden"));
      const restored = await db
        .updateTable("users")
        .set({ deleted_at: null, deleted_by: null, delete_reason: null, updated_at: nowIso() })
        .where("id", "=", request.params.id)
        .where("deleted_at", "is not", null)
        .returning("id")
        .executeTakeFirst();
      if (!restored) throw notFound(request.t("notFound"));
      return { message: request.t("userRestored") };
    },
  );
}
