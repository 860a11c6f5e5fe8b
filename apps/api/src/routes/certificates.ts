import { CertificatePdf, DataOf, VerifiedCertificate } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { Type } from "typebox";
import { loadCertificateFonts, renderCertificate } from "../domain/certificate-pdf.js";
import { completedEnrolments } from "../domain/completed-items.js";
import { originFor, ownerSite, type SiteOwner } from "../domain/site-mail.js";
import type { Database } from "../platform/db/schema.js";
import { HttpError, notFound, throttled } from "../platform/errors.js";
import { DEFAULT_LANGUAGE, loadMessages, type Translate } from "../platform/messages.js";
import { spendAllowance, type ThrottleRule } from "../platform/throttle.js";
import { ErrorResponse, errorResponses } from "./schemas.js";

const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

/** Printed certificates one address may have in a window: each is a PDF set from scratch. */
export const CERTIFICATE_PDF_RULE: ThrottleRule = { limit: 30, windowMs: 60_000 };

/** Who owns the completed item: an institution, a recruiter company, or neither (the provider). */
type Issuer = SiteOwner;

interface Found {
  code: string;
  holder: string;
  title: string | null;
  item_type: string;
  completed_at: string | null;
  issuer: Issuer;
}

/** A certificate by its code: a completed enrolment's, or a completed learning-event application's. */
async function findCertificate(db: Kysely<Database>, rawCode: string): Promise<Found | null> {
  // codes are written in capitals; a reader may type them in any case
  const code = rawCode.trim().toUpperCase();
  const enrolment = await completedEnrolments(db)
    .select(["e.certificate_code as code", "u.full_name as holder", "e.item_type", "e.completed_at"])
    .where("e.certificate_code", "=", code)
    .where("e.completed_at", "is not", null)
    .executeTakeFirst();
  if (enrolment?.code) {
    const { institution_id, recruiter_id, ...rest } = enrolment;
    return { ...rest, code: enrolment.code, issuer: { institution_id, recruiter_id } };
  }

  const application = await db
    .selectFrom("applications as a")
    .innerJoin("learning_events as le", "le.id", "a.learning_event_id")
    .select([
      "a.id",
      "a.certificate_code as code",
      "a.full_name as holder",
      "le.title",
      "a.updated_at",
      "le.institution_id",
      "le.recruiter_id",
    ])
    .where("a.certificate_code", "=", code)
    .where("a.completion_status", "=", "complete")
    .executeTakeFirst();
  if (!application?.code) return null;
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
    code: application.code,
    holder: application.holder,
    title: application.title,
    item_type: "learning-event",
    completed_at: completion?.at ?? application.updated_at,
    issuer: { institution_id: application.institution_id, recruiter_id: application.recruiter_id },
  };
}

/**
 * Certificate verification (a certificate "anyone can verify"), without signing
 * in, for the codes of completed enrolments and of learning-event applications marked complete:
 * `GET /public/certificates/{code}` answers the facts, `GET /public/certificates/{code}.pdf` the
 * printable certificate. Both name the holder by their full name and nothing more about them: no
 * e-mail, no ids. A code revoked (completion taken back) is unknown.
 */
export default async function certificateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  // the PDF is in the language its link asks for, whatever the browser's
  const messages = loadMessages(config.localesDir);

  async function verified(request: FastifyRequest, code: string, t: Translate) {
    const found = await findCertificate(db, code);
    if (!found) throw notFound(t("notFound"));
    const { issuer, ...facts } = found;
    // who issued it and the site it is verified on: the one rule every mail's site follows too
    const { name, site, accent } = await ownerSite(db, issuer, t);
    const origin = originFor(request, site);
    const data = {
      ...facts,
      issued_by: name,
      verify_url: `${origin}/certificates/${encodeURIComponent(facts.code)}`,
    };
    return { data, accent };
  }

  // a static ending is matched before the bare parameter (find-my-way), so `{code}.pdf` never
  // reaches the JSON route below as a code ending in ".pdf"
  app.get(
    "/public/certificates/:code.pdf",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: CodeParams,
        querystring: Type.Object(
          { lang: Type.Optional(Type.Union([Type.Literal("en-US"), Type.Literal("np-NP")])) },
          { additionalProperties: false },
        ),
        // the body is the PDF's bytes (application/pdf), sent as they are
        response: {
          200: CertificatePdf,
          ...errorResponses,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? DEFAULT_LANGUAGE;
      const t = messages(language);
      const { data, accent } = await verified(request, request.params.code, t);
      const seconds = await spendAllowance(db, `certificate-pdf:ip:${request.ip}`, CERTIFICATE_PDF_RULE);
      if (seconds > 0) throw throttled(t("certificates.throttled", { seconds }), seconds);
      const fonts = await loadCertificateFonts(config.certificateFontDir);
      if (!fonts) {
        request.log.error({ dir: config.certificateFontDir }, "certificate fonts missing (Debian: fonts-noto-core)");
        throw new HttpError(503, t("certificates.fontsMissing"));
      }
      const pdf = await renderCertificate({ ...data, accent }, fonts, t, language);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `inline; filename="certificate-${data.code}.pdf"`)
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );

  app.get(
    "/public/certificates/:code",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: CodeParams,
        response: { 200: DataOf(VerifiedCertificate), ...errorResponses },
      },
    },
    async (request) => ({ data: (await verified(request, request.params.code, request.t)).data }),
  );
}
