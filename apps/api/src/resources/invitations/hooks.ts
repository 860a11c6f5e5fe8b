import { assignableRoles, isRole, RECRUITER_ROLES, type Role, roleFitsInstitution } from "@csc/shared";
import type { FieldErrors, ResourceHooks, RowWrite } from "../../engine/types.js";
import { queueMails } from "../../platform/mail-queue.js";
import { isoIn, nowIso } from "../../platform/time.js";
import { freshInvitationMail, INVITATION_LIFETIME_MS } from "./link.js";

/**
 * Whom the caller may invite: a role they may give, fitting the institution (a recruiter's role
 * needs a company, which an invitation has not), to an address that has no account and no
 * invitation still waiting.
 */
async function invitationErrors({ db, row, user, t }: RowWrite): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const role = row.role;
  const type =
    typeof row.institution_id === "number"
      ? ((await db.selectFrom("institutions").select("type").where("id", "=", row.institution_id).executeTakeFirst())
          ?.type ?? null)
      : null;
  if (!isRole(role) || !assignableRoles(user.role).includes(role) || RECRUITER_ROLES.includes(role as Role)) {
    errors.role = t("field.roleNotAllowed");
  } else if (!roleFitsInstitution(role, type)) {
    errors.role = t("field.roleMismatch");
  }
  const email = typeof row.email === "string" ? row.email.trim().toLowerCase() : "";
  if (email) {
    const account = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    const waiting = await db
      .selectFrom("invitations")
      .select("id")
      .where("email", "=", email)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", nowIso())
      .executeTakeFirst();
    if (account) errors.email = t("invitations.accountExists");
    else if (waiting) errors.email = t("invitations.waiting");
  }
  return errors;
}

/** Invitations: who may be invited, the link and its mail once the row is in. */
export const invitationHooks: ResourceHooks = {
  rowErrors: invitationErrors,
  prepareInsert: async (request, row) => ({
    ...row,
    email: String(row.email).trim().toLowerCase(),
    language: request.language,
    invited_by: request.auth.id,
    // a link comes with the mail (afterInsert); until then the row opens nothing
    token_hash: null,
    expires_at: isoIn(INVITATION_LIFETIME_MS),
  }),
  afterInsert: async (trx, request, id) => {
    await queueMails(trx, [await freshInvitationMail(trx, request, id)]);
  },
};
