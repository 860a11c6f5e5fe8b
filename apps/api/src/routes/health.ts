import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { Type } from "typebox";
import { HttpError } from "../platform/errors.js";
import { ErrorResponse } from "./schemas.js";

/**
 * Whether this process can serve: it answers and its database does. A load balancer sends
 * requests only to processes whose answer is 200 (scripts/cluster.mjs checks it every second), so
 * it stays open in maintenance mode, where every process serves the maintenance page alike.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        response: { 200: Type.Object({ status: Type.Literal("ok") }), 503: ErrorResponse },
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.warn({ err: error }, "health check: the database does not answer");
        throw new HttpError(503, request.t("busy"));
      }
      return { status: "ok" as const };
    },
  );
}
