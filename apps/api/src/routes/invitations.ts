import { InvitationAcceptance, LoginAnswer, type Site, sameSite, validatePassword } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { findSessionUser, profileOf, siteOrigin } from "../domain/accounts.js";
import { badRequest, conflict, forbidden, throttled } from "../platform/errors.js";
import { recordFailure, retryAfterSeconds, type ThrottleRule } from "../platform/throttle.js";
import { nowIso } from "../platform/time.js";
import { invitationTokenHash } from "../resources/invitations/link.js";
import { errorResponses } from "./schemas.js";

/** Wrong or spent links from one address: a few a minute is a person retrying, more is a search. */
const WRONG_LINK_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };

/**
 * `POST /invitations/accept`: the person a mailed invitation is for chooses a password and is
 * signed in, with the role and institution they were invited with, on that institution's site.
 * The link works once, until it expires, and not after the invitation was revoked or resent.
 */
export default async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;

  app.post(
    "/invitations/accept",
    {
      config: { access: "public" },
      schema: {
        tags: ["invitations"],
        body: InvitationAcceptance,
        response: { 200: LoginAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { t } = request;
      const throttleKey = `invitation:ip:${request.ip}`;
      const seconds = await retryAfterSeconds(db, throttleKey, WRONG_LINK_RULE);
      if (seconds > 0) throw throttled(t("auth.throttled", { seconds }), seconds);
      const weak = validatePassword(request.body.password);
      if (weak) throw badRequest(t("invalidInput"), { password: t(weak.key, {}, weak.message) });

      const now = nowIso();
      const invitation = await db
        .selectFrom("invitations as i")
        .leftJoin("institutions as n", "n.id", "i.institution_id")
        .select(["i.id", "i.email", "i.full_name", "i.role", "i.institution_id", "n.subdomain"])
        .where("i.token_hash", "=", invitationTokenHash(request.body.token))
        .where("i.accepted_at", "is", null)
        .where("i.expires_at", ">", now)
        .executeTakeFirst();
      if (!invitation) {
        await recordFailure(db, throttleKey, WRONG_LINK_RULE);
        throw badRequest(t("invitations.linkInvalid"), { token: t("invitations.linkInvalid") });
      }
      // accepted where the account will sign in: the institution's own site, or the provider's
      const home: Site =
        invitation.institution_id !== null && invitation.subdomain
          ? { kind: "institution", subdomain: invitation.subdomain }
          : { kind: "provider" };
      if (!sameSite(home, request.site)) {
        const site = new URL(siteOrigin(home, config.rootDomain, request.host, request.protocol)).host;
        throw forbidden(t("auth.wrongSite", { site }));
      }
      const passwordHash = await app.passwords.hash(request.body.password, [`login:ip:${request.ip}`]);

      const userId = await db.transaction().execute(async (trx) => {
        // once: a second request with the same link finds it accepted
        const taken = await trx
          .updateTable("invitations")
          .set({ accepted_at: now, token_hash: null, updated_at: now })
          .where("id", "=", invitation.id)
          .where("accepted_at", "is", null)
          .returning("id")
          .executeTakeFirst();
        if (!taken) throw badRequest(t("invitations.linkInvalid"), { token: t("invitations.linkInvalid") });
        const existing = await trx
          .selectFrom("users")
          .select("id")
          .where("email", "=", invitation.email)
          .executeTakeFirst();
        if (existing) throw conflict(t("invitations.accountExists"));
        const user = await trx
          .insertInto("users")
          .values({
            email: invitation.email,
            password_hash: passwordHash,
            full_name: invitation.full_name,
            phone: null,
            role: invitation.role,
            institution_id: invitation.institution_id,
            recruiter_id: null,
            permissions: "[]",
            status: "active",
            // the link reached the mailbox, which proves the address
            email_verified_at: now,
            token_version: 0,
            deleted_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return user.id;
      });
      const user = await findSessionUser(db, userId);
      if (!user) throw badRequest(t("invitations.linkInvalid"), { token: t("invitations.linkInvalid") });
      return { data: { token: app.issueToken(user), user: profileOf(user) } };
    },
  );
}
