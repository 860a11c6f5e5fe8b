import { PROVIDER_ROLES } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { forbidden } from "../lib/errors.js";
import { bearer, errorResponses } from "./schemas.js";

/** The embedded default's mail, readable by provider staff (newest first, simple-rest list). */
export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/mail-outbox",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["mail"],
        security: bearer,
        querystring: Type.Object(
          {
            _start: Type.Optional(Type.Integer({ minimum: 0 })),
            _end: Type.Optional(Type.Integer({ minimum: 0 })),
            to_address: Type.Optional(Type.String({ maxLength: 254 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(Type.Unknown()), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!PROVIDER_ROLES.includes(request.auth.role)) throw forbidden(request.t("forbidden"));
      const start = request.query._start ?? 0;
      const end = Math.min(request.query._end ?? start + 25, start + 100);
      let query = app.db.selectFrom("mail_outbox");
      if (request.query.to_address) query = query.where("to_address", "=", request.query.to_address.toLowerCase());
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy("id", "desc")
          .offset(start)
          .limit(end - start)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return reply.header("X-Total-Count", String(total.count)).send(rows);
    },
  );
}
