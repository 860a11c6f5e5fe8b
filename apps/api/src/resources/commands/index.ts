import { type CommandName, RESOURCES, type ResourceName } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { notFound } from "../../lib/errors.js";
import { bearer, errorResponses, Id, IdParams } from "../../routes/schemas.js";
import { reachOf } from "../access.js";
import { rowFor } from "../read.js";
import { ALIAS, scoped } from "../store.js";
import { applicationCommands } from "./applications.js";
import { deletedUserCommands } from "./deleted-users.js";
import { recruiterRequestCommands } from "./recruiters-request.js";
import type { CommandHandler } from "./types.js";

/** What each command of the registry does, by resource. */
const HANDLERS: Partial<Record<ResourceName, Partial<Record<CommandName, CommandHandler>>>> = {
  "recruiters-request": recruiterRequestCommands,
  "deleted-users": deletedUserCommands,
  applications: applicationCommands,
};

/**
 * The commands the registry declares (DESIGN §6), each behind its own ability: one route per
 * command, `POST /{resource}/{id}/{name}` or `POST /{resource}/{name}` with `{ ids }`. A command
 * runs in one transaction over rows the caller's ability for it reaches; a row out of reach, or
 * one the command does not apply to, makes it a 404 and changes nothing.
 */
export default async function commandRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  for (const resource of Object.values(RESOURCES)) {
    for (const command of resource.commands ?? []) {
      const handler = HANDLERS[resource.name]?.[command.name];
      if (!handler) throw new Error(`${resource.name} declares the command ${command.name} but nothing runs it`);
      const many = command.target === "many";
      const body =
        many || handler.body
          ? Type.Object(
              { ...(many ? { ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) } : {}), ...handler.body },
              { additionalProperties: false },
            )
          : undefined;

      app.post(
        many ? `/${resource.name}/${command.name}` : `/${resource.name}/:id/${command.name}`,
        {
          config: { access: { can: [[command.name, resource.name]] } },
          schema: {
            tags: [resource.name],
            security: bearer,
            ...(many ? {} : { params: IdParams }),
            ...(body ? { body } : {}),
            response: { 200: Type.Unknown(), ...errorResponses },
          },
        },
        async (request) => {
          const values = (request.body ?? {}) as Record<string, unknown>;
          handler.check?.(request, values);
          const ids = [...new Set(many ? (values.ids as number[]) : [(request.params as { id: number }).id])];
          const reach = reachOf(request.ability, command.name, resource.name, ALIAS);
          return db.transaction().execute(async (trx) => {
            let query = scoped(trx, resource, reach).select(`${ALIAS}.id`).where(`${ALIAS}.id`, "in", ids);
            if (handler.applies) query = query.where(handler.applies);
            if ((await query.execute()).length !== ids.length) throw notFound(request.t("notFound"));
            const answer = await handler.run(trx, ids, request, values);
            return "row" in answer ? rowFor(resource, request.auth.role, answer.row) : answer;
          });
        },
      );
    }
  }
}
