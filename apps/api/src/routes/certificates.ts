import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { notFound } from "../lib/errors.js";
import { errorResponses } from "./schemas.js";

/** What verifying a certificate tells anyone who holds its code: whose it is, for what, since when. Nothing else. */
const Certificate = Type.Object({
  code: Type.String(),
  holder: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  item_type: Type.String(),
  completed_at: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Certificate verification (DESIGN §5a: a certificate "anyone can verify"): `GET
 * /public/certificates/{code}`, without signing in, for the codes of completed enrolments and of
 * learning-event applications marked complete. The answer names the holder by their full name and
 * nothing more about them: no e-mail, no ids. A code revoked (completion taken back) is unknown.
 */
export default async function certificateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    "/public/certificates/:code",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }),
        response: { 200: Type.Object({ data: Certificate }), ...errorResponses },
      },
    },
    async (request) => {
      // codes are written in capitals; a reader may type them in any case
      const code = request.params.code.trim().toUpperCase();
      const enrolment = await db
        .selectFrom("enrolments as e")
        .innerJoin("users as u", "u.id", "e.user_id")
        .leftJoin("courses as c", "c.id", "e.course_id")
        .leftJoin("external_programs as p", "p.id", "e.enrichment_program_id")
        .leftJoin("career_roadmaps as m", "m.id", "e.career_roadmap_id")
        .select((eb) => [
          "e.certificate_code as code",
          "u.full_name as holder",
          eb.fn.coalesce("c.title", "p.title", "m.title").as("title"),
          "e.item_type",
          "e.completed_at",
        ])
        .where("e.certificate_code", "=", code)
        .where("e.completed_at", "is not", null)
        .executeTakeFirst();
      if (enrolment?.code) return { data: { ...enrolment, code: enrolment.code } };

      const application = await db
        .selectFrom("applications as a")
        .innerJoin("learning_events as le", "le.id", "a.learning_event_id")
        .select(["a.id", "a.certificate_code as code", "a.full_name as holder", "le.title", "a.updated_at"])
        .where("a.certificate_code", "=", code)
        .where("a.completion_status", "=", "complete")
        .executeTakeFirst();
      if (!application?.code) throw notFound(request.t("notFound"));
      // completed when the completion was last recorded (its history row), else when the row last changed
      const completion = await db
        .selectFrom("application_history")
        .select("at")
        .where("application_id", "=", application.id)
        .where("field", "=", "completion_status")
        .where("to_value", "=", "complete")
        .orderBy("at", "desc")
        .executeTakeFirst();
      return {
        data: {
          code: application.code,
          holder: application.holder,
          title: application.title,
          item_type: "learning-event",
          completed_at: completion?.at ?? application.updated_at,
        },
      };
    },
  );
}
