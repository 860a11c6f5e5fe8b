import { parseCreatedBy, type ResourceDefinition, roleKind } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { notFound } from "../../platform/errors.js";
import { bearer, errorResponses, IdParams } from "../../routes/schemas.js";
import { reachedRow } from "./reads.js";

/**
 * "Created by" stores the creator's id and entity (`12_college`); staff reading a row
 * want the person. This answers who made one row the caller may read, so a name is never handed
 * out for a row out of their reach, nor to learners (the author of a course is staff business).
 */

export const hasCreator = (resource: ResourceDefinition) => resource.fields.some((f) => f.name === "created_by");

const Creator = Type.Object({
  data: Type.Object({ id: Type.Integer(), full_name: Type.String(), entity: Type.String() }),
});

export const creatorSchema = (resource: ResourceDefinition) => ({
  tags: [resource.name],
  security: bearer,
  params: IdParams,
  response: { 200: Creator, ...errorResponses },
});

/** `GET /{res}/{id}/creator` → `{ data: { id, full_name, entity } }`; 404 when the row or its creator is unknown. */
export const creatorHandler =
  (resource: ResourceDefinition) => async (request: FastifyRequest<{ Params: IdParams }>) => {
    if (roleKind(request.auth.role) === "learner") throw notFound(request.t("notFound"));
    const row = await reachedRow(request, resource, "read");
    const creator = parseCreatedBy(typeof row.created_by === "string" ? row.created_by : null);
    if (!creator) throw notFound(request.t("notFound"));
    // a deleted account still made the row: its name stays the answer
    const person = await request.server.db
      .selectFrom("users")
      .select(["id", "full_name"])
      .where("id", "=", creator.id)
      .executeTakeFirst();
    if (!person) throw notFound(request.t("notFound"));
    return { data: { id: person.id, full_name: person.full_name, entity: creator.entity } };
  };
