import {
  decoderOf,
  enabledFeaturesFor,
  GuestApplicationBody,
  type PostingHome,
  type PostingType,
  PublicJobOpportunity,
  PublicJobOpportunityColumns,
  PublicLearningEvent,
  PublicLearningEventColumns,
  postingAudience,
  RESOURCES,
  type ResourceDefinition,
  type ValidationResult,
  validateEmail,
  validatePhone,
  validateRequired,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { type TSchema, Type } from "typebox";
import { matchingAny, type Reach } from "../engine/access.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../engine/list.js";
import { ALIAS, scoped } from "../engine/store.js";
import { verifyCaptcha } from "../platform/captcha.js";
import { pageLimit } from "../platform/db/page.js";
import type { Database } from "../platform/db/schema.js";
import { badRequest, HttpError, notFound, throttled } from "../platform/errors.js";
import { publish } from "../platform/live.js";
import { queueMails } from "../platform/mail-queue.js";
import type { Translate } from "../platform/messages.js";
import { recordFailure, retryAfterSeconds, type ThrottleRule } from "../platform/throttle.js";
import { receiptMail } from "../resources/applications/receipt-mail.js";
import { tellStaffOfApplicant } from "../resources/applications/staff-notices.js";
import { insertApplication } from "../resources/postings/commands.js";
import { OPEN, POSTING_COLUMN } from "../resources/postings/open.js";
import { ErrorResponse, errorResponses, IdParams, integerParam, MessageResponse } from "./schemas.js";

/**
 * The public pages (public links): the published, open learning events and
 * job opportunities the site a request is for may show, and applications to them from visitors
 * without an account. Anybody reaches these routes, so they send only what a visitor needs, show
 * nothing the site may not show (404, as for a posting that does not exist), never tell whether an
 * e-mail address has an account or has applied, and write an application whole or not at all.
 */

/** Guest applications one address may send in a window (every attempt past the body's shape counts). */
export const GUEST_APPLY_RULE: ThrottleRule = { limit: 10, windowMs: 10 * 60_000 };

/** A posting type the public pages show: its resource, the columns a visitor sees (and their shape), its order. */
interface PublicPostings {
  type: PostingType;
  resource: ResourceDefinition;
  columns: Record<string, TSchema>;
  /** The posting as a visitor gets it (its contract in @csc/shared). */
  item: TSchema;
  order: string;
}

const PUBLIC_POSTINGS = {
  "learning-events": {
    type: "learning-event",
    resource: RESOURCES["learning-events"],
    columns: PublicLearningEventColumns,
    item: PublicLearningEvent,
    order: "start_at",
  },
  "job-opportunities": {
    type: "job-opportunity",
    resource: RESOURCES["job-opportunities"],
    columns: PublicJobOpportunityColumns,
    item: PublicJobOpportunity,
    order: "deadline",
  },
} as const satisfies Record<string, PublicPostings>;

/**
 * What a site shows and who applies from it: an institution's site its own
 * postings and everyone's meant for all (its applicants come from a college, or from a company:
 * N/A), the provider's site the provider's and recruiters' postings and the institutions' meant for
 * all (skill lab), the recruiter site only what is meant for everyone (recruiter).
 */
interface PublicSite {
  home: PostingHome;
  applicantType: "skill_lab" | "college" | "recruiter" | null;
  /** The features of the institution's plan; null: every feature (the provider's and recruiter sites). */
  features: readonly string[] | null;
}

const parseList = (json: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

async function publicSiteOf(db: Kysely<Database>, request: FastifyRequest): Promise<PublicSite> {
  const { site } = request;
  if (site.kind === "provider") return { home: "platform", applicantType: "skill_lab", features: null };
  if (site.kind === "recruiter") return { home: "elsewhere", applicantType: "recruiter", features: null };
  const institution = await db
    .selectFrom("institutions as i")
    .leftJoin("feature_profiles as fp", "fp.id", "i.feature_profile_id")
    .select(["i.id", "i.type", "fp.features"])
    .where("i.subdomain", "=", site.subdomain)
    .where("i.status", "=", "active")
    .executeTakeFirst();
  if (!institution) throw notFound(request.t("institutionNotFound"));
  return {
    home: institution.id,
    applicantType: institution.type === "college" ? "college" : null,
    features: enabledFeaturesFor(parseList(institution.features ?? null)),
  };
}

/**
 * The postings of a type a site shows: meant for its home by their access scope (the rule the
 * learners' ability uses, @csc/shared `postingAudience`), published, open by the rule applying
 * uses, and none when the institution's plan lacks the feature (as for its learners).
 */
function shownPostings(db: Kysely<Database>, postings: PublicPostings, site: PublicSite) {
  const { resource } = postings;
  const featureOff = resource.featureKey !== undefined && site.features?.includes(resource.featureKey) === false;
  const reach: Reach = featureOff ? { kind: "none" } : matchingAny(ALIAS, postingAudience(site.home));
  return scoped(db, resource, reach).where(`${ALIAS}.publish_status`, "=", 1).where(OPEN[postings.type]);
}

/** A posting as a visitor sees it: its public columns, decoded as the resource's fields say, and its institution's name. */
function publicRow(
  postings: PublicPostings,
  row: Record<string, unknown>,
): { id: number; institution_name: string | null } & Record<string, unknown> {
  const shown: { id: number; institution_name: string | null } & Record<string, unknown> = {
    id: Number(row.id),
    institution_name: null,
  };
  for (const name of Object.keys(postings.columns)) {
    const field = postings.resource.fields.find((f) => f.name === name);
    shown[name] = field ? decoderOf(field)(row[name]) : (row[name] ?? null);
  }
  shown.institution_name = typeof row.institution_name === "string" ? row.institution_name : null;
  return shown;
}

const selectPublic = (postings: PublicPostings) => [
  `${ALIAS}.id`,
  ...Object.keys(postings.columns).map((name) => `${ALIAS}.${name}`),
  "i.name as institution_name",
];

/** Line breaks and other control characters have no place in a name (mail headers, exports). */
const CONTROL_CHARACTERS = /\p{Cc}/u;

function fieldErrorsOf(t: Translate, results: Record<string, ValidationResult>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, result] of Object.entries(results)) {
    if (result) errors[field] = t(result.key, {}, result.message);
  }
  return errors;
}

/** Thrown out of the transaction of an application the address already made, to take back what it wrote. */
const APPLIED_BEFORE = new Error("applied before");

/** "Already applied" mails one address may get in a window: nobody floods a mailbox through the public page. */
export const APPLIED_AGAIN_MAIL_RULE: ThrottleRule = { limit: 3, windowMs: 60 * 60_000 };

/** Tells an address's owner that it applied again, in the language the page was used in. */
async function tellAppliedBefore(request: FastifyRequest, email: string, posting: string) {
  const { db, mailQueue } = request.server;
  const key = `guest-apply:told:${email}`;
  if ((await retryAfterSeconds(db, key, APPLIED_AGAIN_MAIL_RULE)) > 0) return;
  await recordFailure(db, key, APPLIED_AGAIN_MAIL_RULE);
  await queueMails(db, [
    {
      to: email,
      subject: request.t("mail.appliedAgainSubject"),
      text: request.t("mail.appliedAgainBody", { posting }),
    },
  ]);
  mailQueue.wake();
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

export default async function publicPostingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;

  for (const [path, postings] of Object.entries(PUBLIC_POSTINGS) as [string, PublicPostings][]) {
    const Item = postings.item;

    app.get(
      `/public/${path}`,
      {
        config: { access: "public" },
        schema: {
          tags: ["public"],
          querystring: Type.Object(
            { _start: Type.Optional(integerParam(0)), _end: Type.Optional(integerParam(0)) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ data: Type.Array(Item) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const site = await publicSiteOf(db, request);
        const start = request.query._start ?? 0;
        const end = Math.max(start, Math.min(request.query._end ?? start + DEFAULT_PAGE_SIZE, start + MAX_PAGE_SIZE));
        const shown = shownPostings(db, postings, site);
        const [rows, total] = await Promise.all([
          shown
            .leftJoin("institutions as i", "i.id", `${ALIAS}.institution_id`)
            .select(selectPublic(postings))
            .orderBy(`${ALIAS}.${postings.order}`, "asc")
            .orderBy(`${ALIAS}.id`, "asc")
            .offset(start)
            .limit(pageLimit(end - start))
            .execute(),
          shown.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
        ]);
        reply.header("X-Total-Count", String(Number((total as { count: unknown }).count)));
        return { data: rows.map((row) => publicRow(postings, row as Record<string, unknown>)) };
      },
    );

    app.get(
      `/public/${path}/:id`,
      {
        config: { access: "public" },
        schema: {
          tags: ["public"],
          params: IdParams,
          response: { 200: Type.Object({ data: Item }), ...errorResponses },
        },
      },
      async (request) => {
        const site = await publicSiteOf(db, request);
        const row = await shownPostings(db, postings, site)
          .leftJoin("institutions as i", "i.id", `${ALIAS}.institution_id`)
          .select(selectPublic(postings))
          .where(`${ALIAS}.id`, "=", request.params.id)
          .executeTakeFirst();
        if (!row) throw notFound(request.t("notFound"));
        return { data: publicRow(postings, row as Record<string, unknown>) };
      },
    );

    app.post(
      `/public/${path}/:id/apply`,
      {
        config: { access: "public" },
        schema: {
          tags: ["public"],
          params: IdParams,
          body: GuestApplicationBody,
          response: { 201: MessageResponse, ...errorResponses, 503: ErrorResponse },
        },
      },
      async (request, reply) => {
        const { t, body } = request;
        // every attempt counts, refused or not: no flood of the database, the captcha service or
        // the mailboxes of addresses that applied
        const throttleKey = `guest-apply:ip:${request.ip}`;
        const seconds = await retryAfterSeconds(db, throttleKey, GUEST_APPLY_RULE);
        if (seconds > 0) throw throttled(t("publicApply.throttled", { seconds }), seconds);
        await recordFailure(db, throttleKey, GUEST_APPLY_RULE);

        const fullName = body.full_name.trim();
        const profession = body.profession?.trim() || null;
        const captcha = body.captcha?.trim() ?? "";
        const errors = fieldErrorsOf(t, {
          full_name:
            validateRequired(fullName) ??
            (CONTROL_CHARACTERS.test(fullName) ? { key: "field.invalid", message: "This value is not valid." } : null),
          email: validateEmail(body.email),
          contact_number: validatePhone(body.contact_number),
          profession:
            profession && CONTROL_CHARACTERS.test(profession)
              ? { key: "field.invalid", message: "This value is not valid." }
              : null,
          captcha:
            config.captchaSiteKey && captcha === ""
              ? { key: "publicApply.captchaRequired", message: "Please complete the captcha." }
              : null,
        });
        if (Object.keys(errors).length > 0) throw badRequest(t("invalidInput"), errors);

        if (config.captchaSiteKey) {
          // config.ts refuses to start with a site key and no secret
          const verdict = await verifyCaptcha(
            config.captchaVerifyUrl,
            config.captchaSecretKey ?? "",
            captcha,
            request.ip,
          );
          if (verdict === "unavailable") throw new HttpError(503, t("publicApply.captchaUnavailable"));
          if (verdict === "refused") throw badRequest(t("invalidInput"), { captcha: t("publicApply.captchaFailed") });
        }

        const site = await publicSiteOf(db, request);
        const postingId = request.params.id;
        const column = POSTING_COLUMN[postings.type];
        // the address as the applicant's, compared without case; no account is looked up or attached
        const email = body.email.trim().toLowerCase();
        let title = "";
        try {
          await db.transaction().execute(async (trx) => {
            const posting = await shownPostings(trx, postings, site)
              .select([`${ALIAS}.id`, `${ALIAS}.title`])
              .where(`${ALIAS}.id`, "=", postingId)
              .executeTakeFirst();
            if (!posting) throw notFound(t("notFound"));
            title = String((posting as { title: unknown }).title ?? "");
            // a learner's own application holds the address too, beyond the guests' unique index
            const taken = await trx
              .selectFrom("applications")
              .select("id")
              .where(column, "=", postingId)
              .where(sql`lower(email)`, "=", email)
              .executeTakeFirst();
            // written whether or not the address applied, then taken back: a repeat costs what a new
            // application does, so its time does not tell who applied
            const applicationId = await insertApplication(
              trx,
              postings.type,
              postingId,
              {
                user_id: null,
                full_name: fullName,
                email,
                contact_number: body.contact_number.trim(),
                profession,
                institution_id: null,
                institution: null,
                department: null,
                applicant_type: site.applicantType,
              },
              { language: request.language, byUserId: null, note: null },
            );
            // made and queued for a repeat too (and taken back with it), so that both answers cost the same
            await queueMails(trx, [await receiptMail(trx, request, applicationId)]);
            await tellStaffOfApplicant(trx, request, applicationId);
            await publish(trx, [{ resource: "applications", type: "created", ids: [applicationId] }]);
            if (taken) throw APPLIED_BEFORE;
          });
          // the receipt, with the private link to the guest's status page, leaves after the answer
          request.server.mailQueue.wake();
          request.server.live.wake();
        } catch (error) {
          // the guests' unique index refuses a repeat, or one of two at the same moment
          if (error !== APPLIED_BEFORE && !isUniqueViolation(error)) throw error;
          // the page answers as for a new application; the address's owner learns of it by mail,
          // after the answer so that the mail's time is not the answer's
          void tellAppliedBefore(request, email, title).catch((err: unknown) =>
            request.log.warn({ err }, "applied-again mail not sent"),
          );
        }
        return reply.code(201).send({ message: t("publicApply.received") });
      },
    );
  }
}
