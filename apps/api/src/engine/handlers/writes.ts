import { subject } from "@casl/ability";
import type { ResourceDefinition } from "@csc/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest, conflict, forbidden } from "../../platform/errors.js";
import { publish } from "../../platform/live.js";
import { nowIso } from "../../platform/time.js";
import type { IdParams } from "../../routes/schemas.js";
import { hooksOf } from "../hooks.js";
import { rowFor } from "../read.js";
import { deleteRow, hideRow, insertRow, updateRow } from "../repository.js";
import { findRow } from "../store.js";
import type { FieldErrors, Values } from "../types.js";
import { createDefaults, integrityErrors, valuesFromBody } from "../write.js";
import { reachedRow } from "./reads.js";

/** The writes of the simple-rest contract: create, update, delete. */

type CreateRequest = FastifyRequest<{ Body: unknown }>;
type UpdateRequest = FastifyRequest<{ Params: IdParams; Body: unknown }>;
type DeleteRequest = FastifyRequest<{ Params: IdParams; Querystring: { reason?: string } }>;

function refuseInvalid(request: FastifyRequest, errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw badRequest(request.t("invalidInput"), errors);
}

/** The ability must allow the row as it will be written, and its data must hold together. */
async function checkWrite(
  request: FastifyRequest,
  resource: ResourceDefinition,
  verb: "create" | "update",
  row: Values,
  changed: Values,
  existingId: number | null,
) {
  const { auth, t } = request;
  const errors = await integrityErrors(request.server.db, resource, row, changed, auth, t, existingId);
  // a unique value someone else has is a conflict, not bad input
  if (Object.values(errors).includes(t("field.taken"))) throw conflict(t("invalidInput"), errors);
  refuseInvalid(request, errors);
  if (!request.ability.can(verb, subject(resource.name, { ...row }) as never)) throw forbidden(t("forbidden"));
}

/** A row as the caller reads it, fresh from the database after a write. */
async function answerRow(request: FastifyRequest, resource: ResourceDefinition, id: number) {
  return rowFor(resource, request.auth.role, (await findRow(request.server.db, resource, { kind: "all" }, id)) ?? {});
}

/** `POST /{res}`: a new row from the body, the tenant and stamps from the caller; 201 with the row. */
export const createHandler = (resource: ResourceDefinition) => async (request: CreateRequest, reply: FastifyReply) => {
  const { auth, t } = request;
  if (!request.ability.can("create", resource.name)) throw forbidden(t("forbidden"));
  const { values, errors } = valuesFromBody(resource, request.body, auth, t, "create");
  refuseInvalid(request, errors);
  const row: Values = { ...values, ...createDefaults(resource, auth, nowIso()) };
  await checkWrite(request, resource, "create", row, row, null);
  const hooks = hooksOf(resource);
  const prepared = (await hooks.prepareInsert?.(request, row)) ?? row;
  // the row and what its hook does (an invitation's link and mail) are kept together or not at all
  const id = await request.server.db.transaction().execute(async (trx) => {
    const id = await insertRow(trx, resource, prepared);
    await hooks.afterInsert?.(trx, request, id);
    await publish(trx, [{ resource: resource.name, type: "created", ids: [id] }]);
    return id;
  });
  if (hooks.afterInsert) request.server.mailQueue.wake();
  request.server.live.wake();
  reply.status(201);
  return answerRow(request, resource, id);
};

/** `PATCH /{res}/{id}`: the body's fields over a row the caller may update. */
export const updateHandler = (resource: ResourceDefinition) => async (request: UpdateRequest) => {
  const current = await reachedRow(request, resource, "update");
  const { auth, t } = request;
  const { id } = request.params;
  const body = valuesFromBody(resource, request.body, auth, t, "update");
  const values = hooksOf(resource).beforeUpdate?.(request, resource, current, body.values) ?? body.values;
  refuseInvalid(request, body.errors);
  await checkWrite(request, resource, "update", { ...current, ...values }, values, id);
  if (Object.keys(values).length > 0) {
    await request.server.db.transaction().execute(async (trx) => {
      await updateRow(trx, resource, id, values);
      await publish(trx, [{ resource: resource.name, type: "updated", ids: [id] }]);
    });
    request.server.live.wake();
  }
  return answerRow(request, resource, id);
};

/** `DELETE /{res}/{id}`: hides or deletes a row the caller may delete; answers it as it was. */
export const deleteHandler = (resource: ResourceDefinition) => async (request: DeleteRequest) => {
  const current = await reachedRow(request, resource, "delete");
  const { auth, t } = request;
  const { db } = request.server;
  const { id } = request.params;
  hooksOf(resource).beforeDelete?.(request, resource, current);
  const deleted = { resource: resource.name, type: "deleted", ids: [id] } as const;
  if (resource.softDelete === "hide") {
    await db.transaction().execute(async (trx) => {
      await hideRow(trx, resource, id, { by: auth.id, reason: request.query.reason?.trim() || null });
      await publish(trx, [deleted]);
    });
  } else {
    try {
      await db.transaction().execute(async (trx) => {
        await deleteRow(trx, resource, id);
        await publish(trx, [deleted]);
      });
    } catch {
      // rows of other tables still point at it
      throw conflict(t("inUse"));
    }
  }
  request.server.live.wake();
  return rowFor(resource, auth.role, current);
};
