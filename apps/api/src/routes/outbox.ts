import { MailQueueCounts, OutboxMail, ROLES } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { pageLimit } from "../platform/db/page.js";
import { bearer, errorResponses, integerParam } from "./schemas.js";

/**
 * What mail the product sent — who, what subject, when, whether it went out — for the provider's
 * administrators (newest first, simple-rest list), and how the queue of mail still to leave stands
 * (its rows are the `mail-queue` resource). Bodies are stored with their secret links redacted
 * (platform/mailer.ts), so nobody reads another account's reset or invitation link here.
 */
const OUTBOX_READERS = [ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN] as const;

export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/mail-outbox",
    {
      config: { access: { roles: OUTBOX_READERS } },
      schema: {
        tags: ["mail"],
        security: bearer,
        querystring: Type.Object(
          {
            _start: Type.Optional(integerParam(0)),
            _end: Type.Optional(integerParam(0)),
            to_address: Type.Optional(Type.String({ maxLength: 254 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(OutboxMail), ...errorResponses },
      },
    },
    async (request, reply) => {
      const start = request.query._start ?? 0;
      const end = Math.max(start, Math.min(request.query._end ?? start + 25, start + 100));
      let query = app.db.selectFrom("mail_outbox");
      if (request.query.to_address) query = query.where("to_address", "=", request.query.to_address.toLowerCase());
      const [rows, total] = await Promise.all([
        query
          .select(["id", "to_address", "subject", "text_body", "status", "created_at"])
          .orderBy("id", "desc")
          .offset(start)
          .limit(pageLimit(end - start))
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return reply.header("X-Total-Count", String(total.count)).send(rows);
    },
  );

  app.get(
    "/mail-queue/counts",
    {
      config: { access: { roles: OUTBOX_READERS } },
      schema: { tags: ["mail"], security: bearer, response: { 200: MailQueueCounts, ...errorResponses } },
    },
    async () => {
      const since = new Date(Date.now() - 24 * 3_600_000).toISOString();
      const [states, sent] = await Promise.all([
        app.db
          .selectFrom("mail_queue")
          .select((eb) => [
            "state",
            eb.fn.countAll<number>().as("count"),
            eb.fn.sum<number>(eb.case().when("attempts", ">", 0).then(1).else(0).end()).as("tried"),
          ])
          .groupBy("state")
          .execute(),
        app.db
          .selectFrom("mail_outbox")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("status", "in", ["sent", "logged"])
          .where("created_at", ">=", since)
          .executeTakeFirstOrThrow(),
      ]);
      const of = (state: string) => states.find((row) => row.state === state);
      const tried = Number(of("waiting")?.tried ?? 0);
      return {
        data: {
          waiting: Number(of("waiting")?.count ?? 0) - tried,
          retrying: tried,
          failed: Number(of("failed")?.count ?? 0),
          sent_last_24h: Number(sent.count),
        },
      };
    },
  );
}
