import { type CommandName, RESOURCES, type ResourceName } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { retryOnConflict } from "../platform/db/retry.js";
import { notFound } from "../platform/errors.js";
import { publish } from "../platform/live.js";
import { queueMails } from "../platform/mail-queue.js";
import { COMMANDS } from "../resources/index.js";
import { bearer, errorResponses, Id, IdParams } from "../routes/schemas.js";
import { reachOf } from "./access.js";
import { rowFor } from "./read.js";
import { rowSchema } from "./schema.js";
import { ALIAS, reachesAll } from "./store.js";

/** Rows one command may name: a pipeline change moves up to 1,000 applicants in one go. */
const MAX_IDS = 1_000;

/**
 * The commands the registry declares, each behind its own ability: one route per
 * command, `POST /{resource}/{id}/{name}` or `POST /{resource}/{name}` with `{ ids }`. A command
 * runs in one transaction over rows the caller's ability for it reaches; a row out of reach, or
 * one the command does not apply to, makes it a 404 and changes nothing.
 */
export default async function commandRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  for (const resource of Object.values(RESOURCES)) {
    for (const command of resource.commands ?? []) {
      const handler = COMMANDS[resource.name]?.[command.name];
      if (!handler) throw new Error(`${resource.name} declares the command ${command.name} but nothing runs it`);
      const many = command.target === "many";
      const body =
        many || handler.body
          ? Type.Object(
              { ...(many ? { ids: Type.Array(Id, { minItems: 1, maxItems: MAX_IDS }) } : {}), ...handler.body },
              { additionalProperties: false },
            )
          : undefined;

      const answer = "row" in handler.answer ? rowSchema(RESOURCES[handler.answer.row]) : handler.answer.message;
      const options = {
        config: { access: { can: [[command.name, resource.name]] as [CommandName, ResourceName][] } },
        schema: {
          tags: [resource.name],
          security: bearer,
          ...(many ? {} : { params: IdParams }),
          ...(body ? { body } : {}),
          response: { 200: answer, 201: answer, ...errorResponses },
        },
      };
      const run = async (request: FastifyRequest, reply: FastifyReply) => {
        const values = (request.body ?? {}) as Record<string, unknown>;
        handler.check?.(request, values);
        const ids = [...new Set(many ? (values.ids as number[]) : [(request.params as { id: number }).id])];
        const reach = reachOf(request.ability, command.name, resource.name, ALIAS);
        // a deadlock or serialization failure on PostgreSQL rolls the whole transaction back: it runs
        // again from the start (the handlers only write in it; their mail is queued in it too)
        const { mails: _queued, ...answer } = await retryOnConflict(
          () =>
            db.transaction().execute(async (trx) => {
              if (!(await reachesAll(trx, resource, reach, ids, handler.applies))) {
                throw notFound(request.t("notFound"));
              }
              const answer = await handler.run(trx, ids, request, values);
              // the command's mail is queued with its change: kept together or not at all
              await queueMails(trx, answer.mails ?? []);
              // and so is what the live connections are told: the rows it acted on, and a row it made
              const made =
                "row" in answer && answer.created ? { resource: answer.of ?? resource.name, id: answer.row.id } : null;
              await publish(trx, [
                ...(handler.leavesRows ? [] : [{ resource: resource.name, type: "updated" as const, ids }]),
                ...(made && typeof made.id === "number"
                  ? [{ resource: made.resource, type: "created" as const, ids: [made.id] }]
                  : []),
              ]);
              return answer;
            }),
          {
            onRetry: (error, attempt) =>
              request.log.warn({ code: (error as { code?: string }).code, attempt }, "command transaction run again"),
          },
        );
        // whatever the command queued (here or in its own work) goes now, after the commit
        request.server.mailQueue.wake();
        request.server.live.wake();
        if (!("row" in answer)) {
          const { created, ...message } = answer;
          if (created) reply.code(201);
          return message;
        }
        if (answer.created) reply.code(201);
        return rowFor(RESOURCES[answer.of ?? resource.name], request.auth.role, answer.row);
      };
      // a command that is the row's one way of changing is served as its update (`PATCH /enrolments/{id}`)
      if (command.asUpdate) app.patch(`/${resource.name}/:id`, options, run);
      else app.post(many ? `/${resource.name}/${command.name}` : `/${resource.name}/:id/${command.name}`, options, run);
    }
  }
}
