import { RESOURCES, type ResourceAction, type ResourceDefinition } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import type { RouteAccess } from "../platform/plugins/session.js";
import { creatorHandler, creatorSchema, hasCreator } from "./handlers/creator.js";
import { exportHandler, listHandler, oneHandler, optionsHandler } from "./handlers/reads.js";
import { createHandler, deleteHandler, updateHandler } from "./handlers/writes.js";
import { routeSchemas } from "./schema.js";

/** Who may reach a route of the resource: whoever's ability allows any of these verbs on it. */
const may = (resource: ResourceDefinition, ...verbs: ResourceAction[]): { access: RouteAccess } => ({
  access: { can: verbs.map((verb) => [verb, resource.name] as const) },
});

/** The generic engine: the simple-rest contract for every resource of the registry. */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const resource of Object.values(RESOURCES)) {
    const path = `/${resource.name}`;
    const schema = routeSchemas(resource);
    const offers = (verb: ResourceAction) => resource.actions.includes(verb);
    // a resource without exports answers 404 to everyone signed in
    const exportAccess = offers("export") ? may(resource, "export") : { access: "signed-in" as const };

    app.get(path, { config: may(resource, "read"), schema: schema.list }, listHandler(resource));
    app.get(`${path}/export`, { config: exportAccess, schema: schema.export }, exportHandler(resource));
    if (schema.options) {
      const config = may(resource, "read", "create", "update");
      app.get(`${path}/options/:field`, { config, schema: schema.options }, optionsHandler(resource));
    }
    app.get(`${path}/:id`, { config: may(resource, "read"), schema: schema.one }, oneHandler(resource));
    if (hasCreator(resource)) {
      const config = may(resource, "read");
      app.get(`${path}/:id/creator`, { config, schema: creatorSchema(resource) }, creatorHandler(resource));
    }
    if (offers("create")) {
      app.post(path, { config: may(resource, "create"), schema: schema.create }, createHandler(resource));
    }
    if (offers("update")) {
      app.patch(`${path}/:id`, { config: may(resource, "update"), schema: schema.update }, updateHandler(resource));
    }
    if (offers("delete")) {
      app.delete(`${path}/:id`, { config: may(resource, "delete"), schema: schema.delete }, deleteHandler(resource));
    }
  }
}
