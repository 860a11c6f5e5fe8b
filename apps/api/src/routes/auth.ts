import {
  joinDomainsOf,
  joinOutcome,
  LoginAnswer,
  learnerRoleFor,
  normalizeWebsite,
  ROLES,
  type Site,
  takesPasswords,
  type ValidationResult,
  validateOptionalPhone,
  validateOptionalWebsite,
  validatePassword,
  validatePhone,
  validateRequired,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { Type } from "typebox";
import { findLoginCandidate, homeSiteOf, mayUseSite, profileOf, siteOrigin } from "../domain/accounts.js";
import { tellOfJoinRequest, tellOfRecruiterRequest } from "../domain/request-notices.js";
import type { Database } from "../platform/db/schema.js";
import { deviceCookie, trustedDevice } from "../platform/device-cookies.js";
import { badRequest, forbidden, throttled, unauthorized } from "../platform/errors.js";
import { HashGateBusy } from "../platform/hash-gate.js";
import { queueMails } from "../platform/mail-queue.js";
import type { Translate } from "../platform/messages.js";
import { hashPassword, isPasswordHash, needsRehash } from "../platform/password.js";
import { clearFailures, recordFailure, retryAfterSeconds, type ThrottleRule, Tries } from "../platform/throttle.js";
import { nowIso } from "../platform/time.js";
import { consumeLoginCode, consumeUserToken, issueLoginCode, issueUserToken } from "../platform/user-tokens.js";
import { bearer, Email, ErrorResponse, errorResponses, MessageResponse, Password } from "./schemas.js";

/** A sign-in code as typed: six digits, Latin or Devanagari. */
const LoginCode = Type.String({ pattern: "^[0-9०-९]{6}$" });

/**
 * Sign-in throttling. Wrong passwords count per account *and address*, so that an attacker's
 * failures never lock the owner out from their own address; the 21st within a minute is refused.
 * An account also has a much higher ceiling over all addresses, against guessing spread over many
 * machines: past it, a browser that has signed in to the account before (its device cookie) is
 * not held back, and a new browser needs a code mailed to the account besides the password. One
 * address has a ceiling over all accounts (a shared office may fail more often than one person,
 * but not without bound), and a trusted device its own, lower one.
 */
export const ACCOUNT_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 60_000 };
export const ACCOUNT_RULE: ThrottleRule = { limit: 1_000, windowMs: 60 * 60_000 };
export const IP_RULE: ThrottleRule = { limit: 100, windowMs: 60_000 };
const DEVICE_RULE: ThrottleRule = { limit: 20, windowMs: 60 * 60_000 };
/** Sign-in codes: mails to one account, and wrong codes tried against it. */
const CODE_MAIL_RULE: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };
const CODE_TRIES_RULE: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };
const LOGIN_CODE_LIFETIME_MS = 15 * 60_000;
/** How long a throttled sign-in waits for its 429. */
const REFUSAL_HOLD_MS = 1_000;
/** E-mail-sending endpoints: forgot password and register, per address. */
const MAIL_RULE: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };
/**
 * Reset links to one account: from one address, and from all of them. One address reaching its
 * share never stops the owner asking from theirs; past the account's ceiling the answer is the
 * same and no more mail goes out (the links already sent still work).
 */
const RESET_ACCOUNT_ADDRESS_RULE: ThrottleRule = { limit: 3, windowMs: 15 * 60_000 };
const RESET_ACCOUNT_RULE: ThrottleRule = { limit: 20, windowMs: 60 * 60_000 };

const HOUR = 3_600_000;

/**
 * Counts one password try of `key` before the password is hashed (`Tries`). Past the rule's limit
 * every try the request holds is given back and it is refused: 429 after `holdMs` when the window's
 * failures reach the limit, else busy (503, retry in a moment, as when the hashing gate is full),
 * for the window is full only with tries still in progress (a crowd behind one address signing in
 * at once, or a flood whose tries are not answered yet).
 */
export async function reservePasswordTry(
  request: FastifyRequest,
  tries: Tries,
  key: string,
  rule: ThrottleRule,
  holdMs = 0,
): Promise<void> {
  const refusal = await tries.reserveWithin(key, rule);
  if (refusal === null) return;
  if (!refusal.spent) throw new HashGateBusy();
  if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
  throw throttled(request.t("auth.throttled", { seconds: refusal.seconds }), refusal.seconds);
}

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;

  // A real hash to compare against when the e-mail is unknown, so both answers take as long.
  const decoyHash = await hashPassword("decoy-password", config.passwordHashCost);

  /**
   * A hash of an older kind or cost (scrypt, before Argon2id) made again from the password its
   * owner has just typed; only if it is still the stored one (a password changed meanwhile stays).
   */
  async function rehash(userId: number, stored: string, password: string, keys: string[]) {
    const fresh = await app.passwords.hash(password, keys);
    await db
      .updateTable("users")
      .set({ password_hash: fresh })
      .where("id", "=", userId)
      .where("password_hash", "=", stored)
      .execute();
  }

  async function throttle(request: FastifyRequest, keys: string[], rule: ThrottleRule, holdMs = 0) {
    for (const key of keys) {
      const seconds = await retryAfterSeconds(db, key, rule);
      if (seconds > 0) {
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
        throw throttled(request.t("auth.throttled", { seconds }), seconds);
      }
    }
  }

  const originOf = (request: FastifyRequest, site: Site) =>
    siteOrigin(site, config.rootDomain, request.host, request.protocol);

  /** The name of an institution that takes no passwords (single sign-on only), or null. */
  async function ssoOnlyInstitution(id: number): Promise<string | null> {
    const row = await db
      .selectFrom("institutions")
      .select(["name", "sso_mode"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row && !takesPasswords(row.sso_mode) ? row.name : null;
  }

  /**
   * Runs `work` — a token and the mail that carries it, say — in one transaction, and wakes the
   * mail's sender once it has committed: no mail without its token, no token without its mail.
   */
  async function withMail(request: FastifyRequest, work: (trx: Kysely<Database>) => Promise<void>) {
    await db.transaction().execute(work);
    request.server.mailQueue.wake();
  }

  async function queueVerification(
    trx: Kysely<Database>,
    request: FastifyRequest,
    user: { id: number; email: string; full_name: string },
    site: Site,
  ) {
    const token = await issueUserToken(trx, user.id, "verify-email", 48 * HOUR);
    const link = `${originOf(request, site)}/verify-email?token=${token}`;
    await queueMails(trx, [
      {
        to: user.email,
        subject: request.t("mail.verifySubject"),
        text: request.t("mail.verifyBody", { name: user.full_name, link }),
      },
    ]);
  }

  async function queueLoginCode(
    trx: Kysely<Database>,
    request: FastifyRequest,
    user: { id: number; email: string; fullName: string },
  ) {
    const code = await issueLoginCode(trx, user.id, LOGIN_CODE_LIFETIME_MS);
    await queueMails(trx, [
      {
        to: user.email,
        subject: request.t("mail.loginCodeSubject"),
        text: request.t("mail.loginCodeBody", { name: user.fullName, code, minutes: LOGIN_CODE_LIFETIME_MS / 60_000 }),
        secrets: [code],
      },
    ]);
  }

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: Type.Object({ email: Email, password: Password, code: Type.Optional(LoginCode) }),
        response: {
          200: LoginAnswer,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { t } = request;
      const email = request.body.email.trim().toLowerCase();
      const device = trustedDevice(config.jwtSecret, email, request.headers.cookie);
      const keys = loginThrottleKeys(email, request.ip, device);
      // Every try is counted before its password is hashed, so that requests at the same moment
      // never pass a limit together (read first and counted after the hash, all of a flood passed
      // the check at once). It stays counted when the password is wrong, and is given back when it
      // is right or no password was tried: a sign-in the hashing gate turns away (busy, 503) counts
      // against nobody, so a college behind one address (NAT) signing in at once is told to retry,
      // never throttled for it.
      const tries = new Tries(db);
      // a refused sign-in is held a moment before it is answered: a client that floods over a few
      // connections then sends a few requests a second instead of thousands, and leaves the CPU
      // to the hashes of people signing in
      await reservePasswordTry(request, tries, keys.accountAddress, ACCOUNT_ADDRESS_RULE, REFUSAL_HOLD_MS);
      await reservePasswordTry(request, tries, keys.address, IP_RULE, REFUSAL_HOLD_MS);
      // a browser that signed in here before answers for its own failures, not the account's
      // (both decided by the failures counted, as before the tries were counted first)
      let trusted = false;
      if (device !== null) {
        trusted = (await tries.reserve(keys.device, DEVICE_RULE)) < DEVICE_RULE.limit;
        if (!trusted) await tries.giveBack(keys.device);
      }
      const accountKey = trusted ? keys.device : keys.account;
      const locked = !trusted && (await tries.reserve(keys.account, ACCOUNT_RULE)) >= ACCOUNT_RULE.limit;

      let candidate: Awaited<ReturnType<typeof findLoginCandidate>>;
      let valid: boolean;
      try {
        const found = await findLoginCandidate(db, email);
        candidate = found;
        // an account without a password yet (imported, waiting for its link) answers as slowly as an unknown one
        const usable = found !== null && found !== undefined && isPasswordHash(found.passwordHash);
        const verified = await app.passwords.verify(request.body.password, usable ? found.passwordHash : decoyHash, [
          keys.address,
          accountKey,
        ]);
        valid = usable && verified;
      } catch (error) {
        // no password was tried (the gate was full, HashGateBusy): nothing stays counted
        await tries.giveBack();
        throw error;
      }

      if (locked) {
        // Others' guesses have locked the account against new browsers. The owner passes with a
        // code mailed to the account; everyone gets the same answer, right password or not.
        const code = request.body.code;
        if (code === undefined) {
          if (candidate && valid) {
            await tries.giveBack();
            if ((await retryAfterSeconds(db, keys.codeMail, CODE_MAIL_RULE)) === 0) {
              await recordFailure(db, keys.codeMail, CODE_MAIL_RULE);
              const { user } = candidate;
              await withMail(request, (trx) => queueLoginCode(trx, request, user));
            }
          } else await tries.keep();
          throw forbidden(t("auth.codeRequired"), { code_required: true });
        }
        const codeTries = await retryAfterSeconds(db, keys.codeTries, CODE_TRIES_RULE);
        const passed = candidate && valid && codeTries === 0 && (await consumeLoginCode(db, candidate.user.id, code));
        if (!passed) {
          await tries.keep();
          await recordFailure(db, keys.codeTries, CODE_TRIES_RULE);
          throw unauthorized(t("auth.codeWrong"), { code: t("auth.codeWrong") }, { code_required: true });
        }
        await clearFailures(db, keys.codeTries);
      } else if (!candidate || !valid) {
        await tries.keep();
        throw unauthorized(t("auth.badCredentials"));
      }
      if (!candidate) throw unauthorized(t("auth.badCredentials"));
      // the right password: its tries are given back, and this address's failures on the account forgotten
      await tries.giveBack();
      await clearFailures(db, keys.accountAddress);
      if (needsRehash(candidate.passwordHash, config.passwordHashCost)) {
        await rehash(candidate.user.id, candidate.passwordHash, request.body.password, [keys.address, accountKey]);
      }
      if (trusted) await clearFailures(db, keys.device);
      const { user } = candidate;
      if (user.status === "disabled") throw forbidden(t("auth.accountDisabled"));
      if (!mayUseSite(user, request.site)) {
        const home = new URL(originOf(request, homeSiteOf(user))).host;
        throw forbidden(t("auth.wrongSite", { site: home }));
      }
      // an institution that signs its people in through its own provider only (provider staff have none)
      const ssoOnly = user.institution ? await ssoOnlyInstitution(user.institution.id) : null;
      if (ssoOnly) throw forbidden(t("auth.ssoOnly", { site: ssoOnly }));
      if (!user.emailVerified) {
        await withMail(request, (trx) =>
          queueVerification(trx, request, { id: user.id, email: user.email, full_name: user.fullName }, request.site),
        );
        throw forbidden(t("auth.emailNotVerified"), { email_verified: false });
      }
      // verified, and waiting for the institution's staff to let them in (join requests)
      if (user.status === "pending") throw forbidden(t("auth.accountPending"), { pending_approval: true });
      if (user.recruiter && user.recruiter.status !== "approved") {
        throw forbidden(t(user.recruiter.status === "rejected" ? "auth.recruiterRejected" : "auth.recruiterPending"));
      }
      reply.header("Set-Cookie", deviceCookie(config.jwtSecret, email, request.protocol === "https", device));
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

      const email = body.email.trim().toLowerCase();
      let institution: { id: number; name: string; type: "college" | "company" } | null = null;
      // who may join the institution's site, and whether they wait for its staff (join-policy.ts)
      let status: "active" | "pending" = "active";
      if (site.kind === "institution") {
        const row = await db
          .selectFrom("institutions")
          .select(["id", "name", "type", "join_policy", "join_domains", "sso_mode"])
          .where("subdomain", "=", site.subdomain)
          .where("status", "=", "active")
          .executeTakeFirst();
        if (!row) throw badRequest(t("auth.registrationClosed"));
        // its people come from its own provider's sign-in, where the join policy is applied too
        if (!takesPasswords(row.sso_mode)) throw forbidden(t("auth.ssoOnlyRegister", { site: row.name }));
        const domains = joinDomainsOf(row.join_domains);
        const outcome = joinOutcome(row.join_policy, domains, email);
        if (outcome === "refused-closed") throw forbidden(t("auth.joinClosed"));
        if (outcome === "refused-domain") {
          const message = t("auth.joinDomain", { domains: domains.join(", ") });
          throw badRequest(message, { email: message });
        }
        status = outcome;
        institution = row;
      }

      await recordFailure(db, `mail:ip:${request.ip}`, MAIL_RULE);
      const existing = await db
        .selectFrom("users")
        .select(["id", "full_name"])
        .where("email", "=", email)
        .executeTakeFirst();
      const message =
        status === "pending"
          ? t("auth.joinPending", { site: institution?.name ?? "" })
          : t(recruiterSite ? "auth.recruiterRegistered" : "auth.registered");
      // Hashed whether or not the address has an account: the hash is nearly all of the answer's
      // time, so a taken address answers as slowly as a new one.
      const passwordHash = await app.passwords.hash(body.password, [
        `login:ip:${request.ip}`,
        `login:account:${email}`,
      ]);
      if (existing) {
        // the same answer as a new account, so that nobody learns which e-mails have one
        await withMail(request, (trx) =>
          queueMails(trx, [
            {
              to: email,
              subject: t("mail.existsSubject"),
              text: t("mail.existsBody", { name: existing.full_name, link: `${originOf(request, site)}/login` }),
            },
          ]),
        );
        return reply.status(201).send({ message });
      }

      const now = nowIso();
      await db.transaction().execute(async (trx) => {
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
        const made = await trx
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
            status,
            language: request.language,
            email_verified_at: null,
            token_version: 0,
            deleted_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning(["id", "email", "full_name"])
          .executeTakeFirstOrThrow();
        // the account and its verification mail are kept together or not at all
        await queueVerification(trx, request, made, site);
        // and whoever decides on it is told, with it
        if (recruiterId !== null)
          await tellOfRecruiterRequest(trx, request, recruiterId, body.company_name?.trim() ?? "");
        if (status === "pending" && institution) await tellOfJoinRequest(trx, request, institution.id, made);
      });
      request.server.mailQueue.wake();
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
      const keys = resetThrottleKeys(email, request.ip);
      await throttle(request, [keys.address], MAIL_RULE);
      await throttle(request, [keys.accountAddress], RESET_ACCOUNT_ADDRESS_RULE);
      await recordFailure(db, keys.address, MAIL_RULE);
      await recordFailure(db, keys.accountAddress, RESET_ACCOUNT_ADDRESS_RULE);
      // past the account's ceiling nothing more is mailed, but the answer is the same
      if ((await retryAfterSeconds(db, keys.account, RESET_ACCOUNT_RULE)) > 0)
        return { message: request.t("auth.forgotSent") };
      await recordFailure(db, keys.account, RESET_ACCOUNT_RULE);
      const candidate = await findLoginCandidate(db, email);
      if (candidate && candidate.user.status === "active") {
        const { user } = candidate;
        await withMail(request, async (trx) => {
          const token = await issueUserToken(trx, user.id, "reset-password", HOUR);
          const link = `${originOf(request, homeSiteOf(user))}/reset-password?token=${token}`;
          await queueMails(trx, [
            {
              to: user.email,
              subject: request.t("mail.resetSubject"),
              text: request.t("mail.resetBody", { name: user.fullName, link }),
            },
          ]);
        });
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
      const passwordHash = await app.passwords.hash(password, [`login:ip:${request.ip}`]);
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

/** The throttle keys of one sign-in: the account from this address, the account, the address, the device. */
export function loginThrottleKeys(email: string, ip: string, device: string | null = null) {
  return {
    accountAddress: `login:account-address:${email}|${ip}`,
    account: `login:account:${email}`,
    address: `login:ip:${ip}`,
    device: `login:device:${device}`,
    codeMail: `login:code-mail:${email}`,
    codeTries: `login:code-tries:${email}`,
  };
}

/** The throttle keys of one password-reset request: the address, the account from it, the account. */
function resetThrottleKeys(email: string, ip: string) {
  return {
    address: `mail:ip:${ip}`,
    accountAddress: `reset:account-address:${email}|${ip}`,
    account: `reset:account:${email}`,
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
