import { randomBytes } from "node:crypto";
import {
  assignableRoles,
  type InstitutionType,
  isRole,
  type ResourceDefinition,
  type Role,
  roleFitsInstitution,
  roleKind,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { findSessionUser, homeSiteOf, siteOrigin } from "../../domain/accounts.js";
import type { FieldErrors, ResourceHooks, RowWrite, Values } from "../../engine/types.js";
import type { Database } from "../../platform/db/schema.js";
import { forbidden } from "../../platform/errors.js";
import { queueMails } from "../../platform/mail-queue.js";
import type { Mail } from "../../platform/mailer.js";
import type { Translate } from "../../platform/messages.js";
import { issueUserToken } from "../../platform/user-tokens.js";
import { INVITATION_LIFETIME_MS } from "../invitations/link.js";

/** Columns nobody changes on their own account: their role, or locking themselves out. */
const NOT_OWN_TO_CHANGE = ["role", "status", "permissions"];

/**
 * Whether the caller may change or delete this account: their own, or one whose role they may
 * give (so never their admin). Learner resources fix the role rather than list it as a field.
 */
function mayManageAccount(user: { id: number; role: Role }, resource: ResourceDefinition, current: Values) {
  if (current.id === user.id) return true;
  const role = current.role ?? resource.fixed?.role;
  return isRole(role) && assignableRoles(user.role).includes(role);
}

function assertMayManage(request: FastifyRequest, resource: ResourceDefinition, current: Values) {
  if (!mayManageAccount(request.auth, resource, current)) throw forbidden(request.t("forbidden"));
}

async function institutionType(db: Kysely<Database>, id: unknown): Promise<InstitutionType | null> {
  if (typeof id !== "number") return null;
  const row = await db.selectFrom("institutions").select("type").where("id", "=", id).executeTakeFirst();
  return row?.type ?? null;
}

/** A role the caller may give, fitting the account's institution (a recruiter's role needs a company). */
async function roleErrors({ db, resource, row, changed, user, t }: RowWrite): Promise<FieldErrors> {
  if (!("role" in changed || "institution_id" in changed)) return {};
  const role = row.role;
  if (!isRole(role) || !assignableRoles(user.role).includes(role)) return { role: t("field.roleNotAllowed") };
  const type = await institutionType(db, row.institution_id);
  const fits = roleFitsInstitution(role, type) && (roleKind(role) !== "recruiter" || row.recruiter_id != null);
  // learner resources fix the role: there the institution is what does not fit
  return fits ? {} : { [resource.fixed?.role ? "institution_id" : "role"]: t("field.roleMismatch") };
}

/** Mails a new account a link to choose its password, on the site it signs in to (queued with the account). */
async function sendInvitation(trx: Kysely<Database>, request: FastifyRequest, userId: number) {
  const { config } = request.server;
  const user = await findSessionUser(trx, userId);
  if (!user) return;
  const token = await issueUserToken(trx, userId, "reset-password", INVITATION_LIFETIME_MS);
  const home = homeSiteOf(user);
  const origin = siteOrigin(home, config.rootDomain, request.host, request.protocol);
  // the mail names the site the account signs in on; it is in the language of whoever made the
  // account, as nothing else is known of the new person's yet
  const site =
    home.kind === "institution"
      ? (user.institutionRecord?.name ?? "")
      : home.kind === "recruiter"
        ? (user.recruiter?.name ?? "")
        : request.t("certificates.provider");
  await queueMails(trx, [setPasswordMail(request.t, { to: user.email, name: user.fullName, site, origin, token })]);
}

/** The mail that gives a new account (made by staff or by an import) its link to choose a password. */
export function setPasswordMail(
  t: Translate,
  { to, name, site, origin, token }: { to: string; name: string; site: string; origin: string; token: string },
): Mail {
  return {
    to,
    subject: t("mail.inviteSubject", { site }),
    text: t("mail.inviteBody", { name, site, link: `${origin}/reset-password?token=${token}` }),
  };
}

/** Accounts (students, employees, users): who may manage whom, and how a new account gets its password. */
export const accountHooks: ResourceHooks = {
  rowErrors: roleErrors,
  beforeUpdate: (request, resource, current, values) => {
    assertMayManage(request, resource, current);
    if (current.id !== request.auth.id) return values;
    return Object.fromEntries(Object.entries(values).filter(([name]) => !NOT_OWN_TO_CHANGE.includes(name)));
  },
  beforeDelete: assertMayManage,
  // nobody knows the password of a new account: it is chosen through the invitation's link
  prepareInsert: async (request, row) => ({
    ...row,
    password_hash: await request.server.passwords.hash(randomBytes(24).toString("base64url")),
    permissions: row.permissions ?? "[]",
    status: row.status ?? "active",
    token_version: 0,
  }),
  afterInsert: sendInvitation,
};
