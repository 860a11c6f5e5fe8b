import { createHash, randomBytes } from "node:crypto";
import { INVITATION_DAYS } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { originFor, ownerSite, translatorFor } from "../../domain/site-mail.js";
import type { Database } from "../../platform/db/schema.js";
import type { Mail } from "../../platform/mailer.js";
import { isoIn, nowIso } from "../../platform/time.js";

/** How long a link works, from the moment it is mailed. */
export const INVITATION_LIFETIME_MS = INVITATION_DAYS * 24 * 3_600_000;
/** Only the hash of a link's token is stored: whoever reads the database cannot accept anyone's invitation. */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new link for an invitation, valid for `INVITATION_DAYS` from now (the previous one stops
 * working), and its mail in the language the inviter used, naming the site the person will sign
 * in on, the role, and who invited them.
 */
export async function freshInvitationMail(db: Kysely<Database>, request: FastifyRequest, id: number): Promise<Mail> {
  const token = randomBytes(32).toString("base64url");
  const invitation = await db
    .updateTable("invitations")
    .set({ token_hash: invitationTokenHash(token), expires_at: isoIn(INVITATION_LIFETIME_MS), updated_at: nowIso() })
    .where("id", "=", id)
    .returning(["email", "full_name", "role", "institution_id", "language", "invited_by"])
    .executeTakeFirstOrThrow();
  const t = translatorFor(request.server.config.localesDir, invitation.language);
  const { name: site, site: where } = await ownerSite(
    db,
    { institution_id: invitation.institution_id, recruiter_id: null },
    t,
  );
  const inviter = invitation.invited_by
    ? await db.selectFrom("users").select("full_name").where("id", "=", invitation.invited_by).executeTakeFirst()
    : undefined;
  const vars = {
    name: invitation.full_name,
    site,
    role: t(`common:roles.${invitation.role}`),
    inviter: inviter?.full_name ?? site,
    days: INVITATION_DAYS,
    link: `${originFor(request, where)}/invitation?token=${token}`,
  };
  return { to: invitation.email, subject: t("mail.invitationSubject", vars), text: t("mail.invitationBody", vars) };
}
