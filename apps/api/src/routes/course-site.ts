import { createHmac, timingSafeEqual } from "node:crypto";
import { COMPLETE_PROGRESS, CourseSiteEnrolment, DataOf } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { badRequest, conflict, type HttpError, notFound, unauthorized } from "../platform/errors.js";
import { nowIso } from "../platform/time.js";
import { complete } from "../resources/enrolments/commands.js";
import { Email, ErrorResponse, errorResponses, Id } from "./schemas.js";

/** How far a signature's timestamp may be from now, either way (s): an older request is not replayed. */
const SIGNATURE_WINDOW_SECONDS = 300;

/** A callback says little: more than this is not the course site's. */
const BODY_LIMIT = 16 * 1024;

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/i;

/** What the signature covers: the timestamp and the body exactly as sent. */
const signedText = (timestamp: string, raw: Buffer | string) =>
  Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.isBuffer(raw) ? raw : Buffer.from(raw)]);

const Body = Type.Object(
  {
    enrolment_id: Type.Optional(Id),
    email: Type.Optional(Email),
    course_id: Id,
    progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    completed: Type.Optional(Type.Boolean()),
    completed_at: Type.Optional(Type.String({ format: "date-time", maxLength: 40 })),
  },
  { additionalProperties: false },
);

/**
 * The course site's signed callback (learner journey): `POST
 * /course-site/completions` moves a learner's course enrolment on as staff would — progress, or
 * completion with its certificate and skills, in one transaction, by nobody's account
 * (`completed_by` null). The course site is not a user: the route is public, and what admits a
 * request is its signature, `x-csc-signature` = hex HMAC-SHA256 of `{x-csc-timestamp}.{raw body}`
 * with `COURSE_SITE_SECRET`, the timestamp (unix seconds) within five minutes of now. Without the
 * secret the route does not exist (404). A completion stands once made: a repeat keeps its
 * certificate code, and only staff take completion back.
 *
 * A signed request is good once: whoever saw it pass could send it again within its window (an
 * old progress over a newer one), so each signature is kept in the database — shared by every API
 * process — until its window closes, and a second use is refused (409). And since requests may
 * still arrive out of order, progress only moves forward: a lower one than stored changes nothing.
 */
export default async function courseSiteRoutes(fastify: FastifyInstance) {
  const secret = fastify.config.courseSiteSecret;
  if (!secret) return;
  const key: string = secret;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  /** The signature a request was admitted by, and when it can no longer be replayed anyway. */
  const admitted = new WeakMap<FastifyRequest, { signature: string; expiresAt: string }>();

  /** Whether the request carries a valid signature of this body, made within the window. */
  function verify(request: FastifyRequest, raw: Buffer): HttpError | undefined {
    const timestamp = request.headers["x-csc-timestamp"];
    const signature = request.headers["x-csc-signature"];
    const signed =
      typeof timestamp === "string" &&
      TIMESTAMP.test(timestamp) &&
      typeof signature === "string" &&
      SIGNATURE.test(signature) &&
      timingSafeEqual(
        createHmac("sha256", key).update(signedText(timestamp, raw)).digest(),
        Buffer.from(signature, "hex"),
      );
    if (!signed) return unauthorized(request.t("courseSite.badSignature"));
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) {
      return unauthorized(request.t("courseSite.stale"));
    }
    // hex in either case is the same signature: it is kept in one
    admitted.set(request, {
      signature: signature.toLowerCase(),
      expiresAt: new Date((Number(timestamp) + SIGNATURE_WINDOW_SECONDS) * 1000).toISOString(),
    });
    return undefined;
  }

  // This plugin is its own context: its JSON parser is Fastify's own, given the body as received
  // so that the signature is checked before the body is even parsed. Other routes keep theirs.
  const verified = new WeakSet<FastifyRequest>();
  const parseJson = app.getDefaultJsonParser("error", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: BODY_LIMIT }, (request, raw, done) => {
    const refused = verify(request, raw as Buffer);
    if (refused) return done(refused, undefined);
    verified.add(request);
    parseJson(request, (raw as Buffer).toString("utf8"), done);
  });

  app.post(
    "/course-site/completions",
    {
      config: { access: "public" },
      // a request with no body never met the parser: its signature is checked here, over nothing
      preValidation: (request, _reply, done) =>
        done(verified.has(request) ? undefined : verify(request, Buffer.alloc(0))),
      schema: {
        tags: ["public"],
        body: Body,
        response: { 200: DataOf(CourseSiteEnrolment), ...errorResponses, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { t } = request;
      const body = request.body;
      if (body.enrolment_id === undefined && body.email === undefined) {
        throw badRequest(t("courseSite.identify"), { enrolment_id: t("courseSite.identify") });
      }
      if (body.progress === undefined && body.completed === undefined) throw badRequest(t("courseSite.nothing"));
      const now = nowIso();
      const completedAt = body.completed_at === undefined ? now : new Date(body.completed_at).toISOString();
      if (completedAt > now) throw badRequest(t("invalidInput"), { completed_at: t("field.invalid") });

      const seen = admitted.get(request);
      if (!seen) throw unauthorized(t("courseSite.badSignature"));
      await db.deleteFrom("course_site_signatures").where("expires_at", "<", now).execute();
      const row = await db.transaction().execute(async (trx) => {
        // the signature is spent with the change it made: a request refused below may be sent again
        const fresh = await trx
          .insertInto("course_site_signatures")
          .values({ signature: seen.signature, expires_at: seen.expiresAt })
          .onConflict((oc) => oc.column("signature").doNothing())
          .executeTakeFirst();
        if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(t("courseSite.replayed"));
        let query = trx.selectFrom("enrolments as e").innerJoin("users as u", "u.id", "e.user_id").select("e.id");
        query =
          body.enrolment_id === undefined
            ? query.where("e.item_type", "=", "course").where("e.item_id", "=", body.course_id)
            : query.where("e.id", "=", body.enrolment_id);
        if (body.email !== undefined) query = query.where("u.email", "=", body.email.trim().toLowerCase());
        const found = await query.executeTakeFirst();
        if (!found) throw notFound(t("notFound"));
        // a write first holds the row, so that a callback sent twice at once completes it once
        await trx
          .updateTable("enrolments")
          .set((eb) => ({ updated_at: eb.ref("updated_at") }))
          .where("id", "=", found.id)
          .execute();
        const stored = () =>
          trx.selectFrom("enrolments").selectAll().where("id", "=", found.id).executeTakeFirstOrThrow();
        const enrolment = await stored();
        if (enrolment.item_type !== "course") throw badRequest(t("courseSite.notCourse"));
        if (enrolment.item_id !== body.course_id) throw notFound(t("notFound"));
        if (enrolment.completed_at !== null) return enrolment;

        // as for staff: reaching 100 completes, unless the callback says `completed` itself
        if (body.completed ?? body.progress === COMPLETE_PROGRESS) {
          if (completedAt < enrolment.enrolled_at) {
            throw badRequest(t("invalidInput"), { completed_at: t("field.invalid") });
          }
          await complete(trx, request, [enrolment], null, completedAt);
        } else if (body.progress !== undefined && body.progress > enrolment.progress) {
          // an older report arriving late never takes the learner back
          await trx
            .updateTable("enrolments")
            .set({ progress: body.progress, updated_at: now })
            .where("id", "=", enrolment.id)
            .execute();
        }
        return stored();
      });
      // a completion's certificate mail was queued with it
      request.server.mailQueue.wake();
      const { id, item_type, item_id, user_id, enrolled_at, progress, completed_at, certificate_code } = row;
      return { data: { id, item_type, item_id, user_id, enrolled_at, progress, completed_at, certificate_code } };
    },
  );
}
