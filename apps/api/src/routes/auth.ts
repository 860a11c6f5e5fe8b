import {
  learnerRoleFor,
  normalizeWebsite,
  ROLES,
  type Site,
  type ValidationResult,
  validateOptionalPhone,
  validateOptionalWebsite,
  validatePassword,
  validatePhone,
  validateRequired,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { findLoginCandidate, homeSiteOf, mayUseSite, profileOf, siteOrigin } from "../lib/accounts.js";
import { badRequest, forbidden, throttled, unauthorized } from "../lib/errors.js";
import type { Translate } from "../lib/messages.js";
import { hashPassword } from "../lib/password.js";
import { clearFailures, recordFailure, retryAfterSeconds, type ThrottleRule } from "../lib/throttle.js";
import { nowIso } from "../lib/time.js";
import { consumeUserToken, issueUserToken } from "../lib/user-tokens.js";
import { bearer, Email, ErrorResponse, errorResponses, MessageResponse, Password } from "./schemas.js";

/**
 * Sign-in throttling (issue 7). Wrong passwords count per account *and address*, so that an
 * attacker's failures never lock the owner out from their own address; the 21st within a minute
 * is refused. An account also has a much higher ceiling over all addresses, against guessing
 * spread over many machines, and one address a ceiling over all accounts (a shared office may
 * fail more often than one person, but not without bound).
 */
export const ACCOUNT_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 60_000 };
export const ACCOUNT_RULE: ThrottleRule = { limit: 1_000, windowMs: 60 * 60_000 };
export const IP_RULE: ThrottleRule = { limit: 100, windowMs: 60_000 };
/** E-mail-sending endpoints: forgot password and register, per address. */
export const MAIL_RULE: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };

const HOUR = 3_600_000;

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;

  // A real hash to compare against when the e-mail is unknown, so both answers take as long.
  const decoyHash = await hashPassword("decoy-password", config.passwordHashCost);

  async function throttle(request: FastifyRequest, keys: string[], rule: ThrottleRule) {
    for (const key of keys) {
      const seconds = await retryAfterSeconds(db, key, rule);
      if (seconds > 0) throw throttled(request.t("auth.throttled", { seconds }), seconds);
    }
  }

  const originOf = (request: FastifyRequest, site: Site) =>
    siteOrigin(site, config.rootDomain, request.host, request.protocol);

  async function sendVerification(
    request: FastifyRequest,
    user: { id: number; email: string; full_name: string },
    site: Site,
  ) {
    const token = await issueUserToken(db, user.id, "verify-email", 48 * HOUR);
    const link = `${originOf(request, site)}/verify-email?token=${token}`;
    await request.server.sendMail({
      to: user.email,
      subject: request.t("mail.verifySubject"),
      text: request.t("mail.verifyBody", { name: user.full_name, link }),
    });
  }

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: Type.Object({ email: Email, password: Password }),
        response: {
          200: Type.Object({ data: Type.Object({ token: Type.String(), user: Type.Unknown() }) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const keys = loginThrottleKeys(email, request.ip);
      await throttle(request, [keys.accountAddress], ACCOUNT_ADDRESS_RULE);
      await throttle(request, [keys.account], ACCOUNT_RULE);
      await throttle(request, [keys.address], IP_RULE);

      const candidate = await findLoginCandidate(db, email);
      const valid = await app.passwords.verify(request.body.password, candidate?.passwordHash ?? decoyHash);
      if (!candidate || !valid) {
        await recordFailure(db, keys.accountAddress, ACCOUNT_ADDRESS_RULE);
        await recordFailure(db, keys.account, ACCOUNT_RULE);
        await recordFailure(db, keys.address, IP_RULE);
        throw unauthorized(request.t("auth.badCredentials"));
      }
      await clearFailures(db, keys.accountAddress);
      const { user } = candidate;
      if (user.status !== "active") throw forbidden(request.t("auth.accountDisabled"));
      if (!mayUseSite(user, request.site)) {
        const home = new URL(originOf(request, homeSiteOf(user))).host;
        throw forbidden(request.t("auth.wrongSite", { site: home }));
      }
      if (!user.emailVerified) {
        await sendVerification(request, { id: user.id, email: user.email, full_name: user.fullName }, request.site);
        throw forbidden(request.t("auth.emailNotVerified"), { email_verified: false });
      }
      if (user.recruiter && user.recruiter.status !== "approved") {
        throw forbidden(
          request.t(user.recruiter.status === "rejected" ? "auth.recruiterRejected" : "auth.recruiterPending"),
        );
      }
      return { data: { token: app.issueToken(user), user: profileOf(user) } };
    },
  );

  app.get(
    "/logout",
    {
      config: { access: "signed-in" },
      schema: { tags: ["auth"], security: bearer, response: { 200: MessageResponse, 401: ErrorResponse } },
    },
    async (request) => {
      const { jti, exp } = request.claims;
      await db
        .insertInto("revoked_tokens")
        .values({ jti, expires_at: new Date(exp * 1000).toISOString() })
        .onConflict((oc) => oc.column("jti").doNothing())
        .execute();
      return { message: request.t("auth.loggedOut") };
    },
  );

  app.post(
    "/auth/register",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: Type.Object(
          {
            full_name: Type.String({ minLength: 1, maxLength: 120 }),
            email: Email,
            password: Type.String({ minLength: 1, maxLength: 200 }),
            phone: Type.Optional(Type.String({ maxLength: 30 })),
            company_name: Type.Optional(Type.String({ maxLength: 160 })),
            website: Type.Optional(Type.String({ maxLength: 300 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: MessageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body, site, t } = request;
      await throttle(request, [`mail:ip:${request.ip}`], MAIL_RULE);
      const recruiterSite = site.kind === "recruiter";
      const errors = collectErrors(t, {
        password: validatePassword(body.password),
        phone: (recruiterSite ? validatePhone : validateOptionalPhone)(body.phone),
        company_name: recruiterSite ? validateRequired(body.company_name) : null,
        website: validateOptionalWebsite(body.website),
      });
      if (errors) throw badRequest(t("invalidInput"), errors);

      let institution: { id: number; type: "college" | "company" } | null = null;
      if (site.kind === "institution") {
        institution =
          (await db
            .selectFrom("institutions")
            .select(["id", "type"])
            .where("subdomain", "=", site.subdomain)
            .where("status", "=", "active")
            .executeTakeFirst()) ?? null;
        if (!institution) throw badRequest(t("auth.registrationClosed"));
      }

      await recordFailure(db, `mail:ip:${request.ip}`, MAIL_RULE);
      const email = body.email.trim().toLowerCase();
      const existing = await db
        .selectFrom("users")
        .select(["id", "full_name"])
        .where("email", "=", email)
        .executeTakeFirst();
      const message = t(recruiterSite ? "auth.recruiterRegistered" : "auth.registered");
      // Hashed whether or not the address has an account: the hash is nearly all of the answer's
      // time, so a taken address answers as slowly as a new one (issue 7).
      const passwordHash = await app.passwords.hash(body.password);
      if (existing) {
        // the same answer as a new account, so that nobody learns which e-mails have one
        await request.server.sendMail({
          to: email,
          subject: t("mail.existsSubject"),
          text: t("mail.existsBody", { name: existing.full_name, link: `${originOf(request, site)}/login` }),
        });
        return reply.status(201).send({ message });
      }

      const now = nowIso();
      const user = await db.transaction().execute(async (trx) => {
        let recruiterId: number | null = null;
        if (recruiterSite) {
          const recruiter = await trx
            .insertInto("recruiters")
            .values({
              name: body.company_name?.trim() ?? "",
              status: "pending",
              email,
              phone: body.phone?.trim() || null,
              website: normalizeWebsite(body.website) || null,
              logo: null,
              address: null,
              reject_reason: null,
              created_at: now,
              updated_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          recruiterId = recruiter.id;
        }
        return trx
          .insertInto("users")
          .values({
            email,
            password_hash: passwordHash,
            full_name: body.full_name.trim(),
            phone: body.phone?.trim() || null,
            role: recruiterSite ? ROLES.RECRUITER_ADMIN : learnerRoleFor(institution?.type),
            institution_id: institution?.id ?? null,
            recruiter_id: recruiterId,
            permissions: "[]",
            status: "active",
            email_verified_at: null,
            token_version: 0,
            deleted_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning(["id", "email", "full_name"])
          .executeTakeFirstOrThrow();
      });
      await sendVerification(request, user, site);
      return reply.status(201).send({ message });
    },
  );

  app.post(
    "/auth/verify-email",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await consumeUserToken(db, request.body.token, "verify-email");
      if (userId === null) throw badRequest(request.t("auth.linkInvalid"), { token: request.t("auth.linkInvalid") });
      await db
        .updateTable("users")
        .set({ email_verified_at: nowIso(), updated_at: nowIso() })
        .where("id", "=", userId)
        .where("email_verified_at", "is", null)
        .execute();
      return { message: request.t("auth.emailVerified") };
    },
  );

  app.post(
    "/forgot-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: Type.Object({ email: Email }),
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      await throttle(request, [`mail:ip:${request.ip}`, `mail:account:${email}`], MAIL_RULE);
      await recordFailure(db, `mail:ip:${request.ip}`, MAIL_RULE);
      await recordFailure(db, `mail:account:${email}`, MAIL_RULE);
      const candidate = await findLoginCandidate(db, email);
      if (candidate && candidate.user.status === "active") {
        const { user } = candidate;
        const token = await issueUserToken(db, user.id, "reset-password", HOUR);
        const link = `${originOf(request, homeSiteOf(user))}/reset-password?token=${token}`;
        try {
          await request.server.sendMail({
            to: user.email,
            subject: request.t("mail.resetSubject"),
            text: request.t("mail.resetBody", { name: user.fullName, link }),
          });
        } catch (err) {
          request.log.error({ err }, "reset e-mail not sent");
        }
      }
      return { message: request.t("auth.forgotSent") };
    },
  );

  app.post(
    "/reset-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: Type.Object({
          token: Type.String({ minLength: 1, maxLength: 200 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
          password_confirmation: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { token, password, password_confirmation } = request.body;
      const { t } = request;
      const errors = collectErrors(t, {
        password: validatePassword(password),
        password_confirmation:
          password === password_confirmation ? null : { key: "field.passwordMismatch", message: "" },
      });
      if (errors) throw badRequest(t("invalidInput"), errors);
      const passwordHash = await app.passwords.hash(password);
      const userId = await consumeUserToken(db, token, "reset-password");
      if (userId === null) throw badRequest(t("auth.linkInvalid"), { token: t("auth.linkInvalid") });
      const now = nowIso();
      await db
        .updateTable("users")
        .set((eb) => ({
          password_hash: passwordHash,
          token_version: eb("token_version", "+", 1),
          // the link reached the mailbox, which proves the address
          email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(now)),
          updated_at: now,
        }))
        .where("id", "=", userId)
        .execute();
      // the owner proved the mailbox: guesses counted against the account no longer hold it back
      const { email } = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
      await clearFailures(db, loginThrottleKeys(email, request.ip).account);
      await clearFailures(db, loginThrottleKeys(email, request.ip).accountAddress);
      return { message: t("auth.passwordReset") };
    },
  );
}

/** The throttle keys of one sign-in: the account from this address, the account, the address. */
export function loginThrottleKeys(email: string, ip: string) {
  return {
    accountAddress: `login:account-address:${email}|${ip}`,
    account: `login:account:${email}`,
    address: `login:ip:${ip}`,
  };
}

/** Field → translated message for every failed rule, or null when all pass. */
function collectErrors(t: Translate, results: Record<string, ValidationResult>): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const [field, result] of Object.entries(results)) {
    if (result) errors[field] = t(result.key, {}, result.message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
