import type { ResourceAction, ResourceDefinition } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { forbidden, notFound } from "../../platform/errors.js";
import type { IdParams } from "../../routes/schemas.js";
import { type Reach, reachOf } from "../access.js";
import { ALIAS, findRow } from "../store.js";

/**
 * The rows of a resource the caller may act on with `verb`, as SQL; a 403 when the ability gives
 * them none at all (a row out of reach is then a 404, never a 403).
 */
export function reachFor(request: FastifyRequest, resource: ResourceDefinition, verb: ResourceAction): Reach {
  if (!request.ability.can(verb, resource.name)) throw forbidden(request.t("forbidden"));
  return reachOf(request.ability, verb, resource.name, ALIAS);
}

/** The row the path names, as stored, when the caller may act on it with `verb`; a 404 for any other. */
export async function reachedRow(
  request: FastifyRequest<{ Params: IdParams }>,
  resource: ResourceDefinition,
  verb: ResourceAction,
): Promise<Record<string, unknown>> {
  const row = await findRow(request.server.db, resource, reachFor(request, resource, verb), request.params.id);
  if (!row) throw notFound(request.t("notFound"));
  return row;
}
