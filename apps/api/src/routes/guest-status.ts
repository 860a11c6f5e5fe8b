import { DataOf, GuestStatus } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { guestApplicationOf } from "../domain/guest-status.js";
import { notFound, throttled } from "../platform/errors.js";
import { spendAllowance, type ThrottleRule } from "../platform/throttle.js";
import { historyValue, readableByApplicant } from "../resources/applications/history.js";
import { errorResponses } from "./schemas.js";

/** Status pages one address may open in a window: enough for a person, too few to try tokens. */
const GUEST_STATUS_RULE: ThrottleRule = { limit: 30, windowMs: 60_000 };

/** History entries a status page shows: far more than an application ever gathers. */
const GUEST_HISTORY_LIMIT = 200;

/**
 * `GET /public/applications/{token}`: a guest applicant's private, read-only page of
 * their application's stage and timeline, opened by the token their mails carry. An unknown token
 * is a 404 like any other; every address is throttled whether its tokens are good or not.
 */
export default async function guestStatusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    "/public/applications/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: DataOf(GuestStatus), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { t } = request;
      const seconds = await spendAllowance(db, `guest-status:ip:${request.ip}`, GUEST_STATUS_RULE);
      if (seconds > 0) throw throttled(t("publicApply.throttled", { seconds }), seconds);
      const id = await guestApplicationOf(db, request.params.token);
      if (id === null) throw notFound(t("notFound"));
      const application = await db
        .selectFrom("applications as a")
        .leftJoin("learning_events as e", "e.id", "a.learning_event_id")
        .leftJoin("job_opportunities as j", "j.id", "a.job_opportunity_id")
        .leftJoin("scholarships as s", "s.id", "a.scholarship_id")
        .select((eb) => [
          "a.full_name",
          "a.applied_at",
          "a.stage",
          "a.withdrawn_at",
          "a.posting_type",
          eb.fn.coalesce("e.title", "j.title", "s.title").as("title"),
        ])
        .where("a.id", "=", id)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("application_history as h")
        .select(["h.field", "h.from_value", "h.to_value", "h.note", "h.at"])
        .where("h.application_id", "=", id)
        .where(readableByApplicant)
        .orderBy("h.id", "asc")
        .limit(GUEST_HISTORY_LIMIT)
        .execute();
      reply.header("Cache-Control", "no-store");
      return {
        data: {
          posting: { title: application.title ?? "", type: application.posting_type },
          full_name: application.full_name,
          applied_at: application.applied_at,
          stage: application.stage,
          withdrawn_at: application.withdrawn_at,
          history: rows.map((row) => ({
            field: row.field,
            from: historyValue(row.field, row.from_value),
            to: historyValue(row.field, row.to_value),
            note: row.note,
            at: row.at,
          })),
        },
      };
    },
  );
}
