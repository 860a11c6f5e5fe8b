import {
  type AbilityUser,
  type AppRule,
  enabledFeaturesFor,
  type InstitutionPublic,
  isRole,
  PROVIDER_ROLES,
  RECRUITER_ROLES,
  type RecruiterSummary,
  type Role,
  rulesFor,
  type Site,
  sameSite,
} from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";

/** The signed-in user as every route sees it. */
export interface SessionUser extends AbilityUser {
  email: string;
  fullName: string;
  phone: string | null;
  status: string;
  emailVerified: boolean;
  tokenVersion: number;
  institutionRecord: InstitutionPublic | null;
  recruiter: RecruiterSummary | null;
}

export const parseList = (json: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

/** The signed-in user's row: the account, its institution and plan, its company (session.ts adds the token check). */
export function sessionUserQuery(db: Kysely<Database>) {
  return db
    .selectFrom("users as u")
    .leftJoin("institutions as i", "i.id", "u.institution_id")
    .leftJoin("feature_profiles as fp", "fp.id", "i.feature_profile_id")
    .leftJoin("recruiters as r", "r.id", "u.recruiter_id")
    .select([
      "u.id",
      "u.email",
      "u.full_name",
      "u.phone",
      "u.role",
      "u.permissions",
      "u.status",
      "u.email_verified_at",
      "u.token_version",
      "i.id as institution_id",
      "i.name as institution_name",
      "i.subdomain as institution_subdomain",
      "i.type as institution_type",
      "i.status as institution_status",
      "i.logo as institution_logo",
      "i.primary_color",
      "i.secondary_color",
      "fp.features as institution_features",
      "i.feature_profile_id",
      "r.id as recruiter_id",
      "r.name as recruiter_name",
      "r.status as recruiter_status",
    ])
    .where("u.deleted_at", "is", null);
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionUserQuery>["executeTakeFirst"]>>>;

export function toSessionUser(row: SessionUserRow): SessionUser | null {
  if (!isRole(row.role)) return null;
  const role: Role = row.role;
  const institutionRecord: InstitutionPublic | null =
    row.institution_id === null
      ? null
      : {
          id: row.institution_id,
          name: row.institution_name ?? "",
          subdomain: row.institution_subdomain ?? "",
          type: row.institution_type ?? "college",
          status: row.institution_status ?? "inactive",
          logo: row.institution_logo,
          primary_color: row.primary_color ?? "",
          secondary_color: row.secondary_color ?? "",
        };
  // provider staff, recruiters and independent learners get the provider's full default plan
  const planFeatures =
    institutionRecord && !PROVIDER_ROLES.includes(role) && !RECRUITER_ROLES.includes(role)
      ? parseList(row.institution_features)
      : null;
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    role,
    status: row.status,
    emailVerified: row.email_verified_at !== null,
    tokenVersion: row.token_version,
    permissions: parseList(row.permissions),
    institution: institutionRecord ? { id: institutionRecord.id, type: institutionRecord.type } : null,
    institutionRecord,
    recruiterId: row.recruiter_id,
    planId: row.feature_profile_id,
    recruiter:
      row.recruiter_id === null
        ? null
        : { id: row.recruiter_id, name: row.recruiter_name ?? "", status: row.recruiter_status ?? "pending" },
    enabledFeatures: enabledFeaturesFor(planFeatures),
  };
}

export async function findSessionUser(db: Kysely<Database>, id: number): Promise<SessionUser | null> {
  const row = await sessionUserQuery(db).where("u.id", "=", id).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

/** For sign-in: the user and the stored hash, by e-mail (case-insensitive, stored lower-case). */
export async function findLoginCandidate(db: Kysely<Database>, email: string) {
  const row = await sessionUserQuery(db)
    // the hash only here: every signed-in request reads the rest (platform/plugins/session.ts)
    .select("u.password_hash")
    .where("u.email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return null;
  const user = toSessionUser(row);
  return user ? { user, passwordHash: row.password_hash } : null;
}

/** Profile shape: roles list, enabled features and permissions as slugs, plus CASL rules. */
export function profileOf(user: SessionUser) {
  const rules: AppRule[] = rulesFor(user);
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    phone: user.phone,
    role: user.role,
    roles: [{ name: user.role }],
    enabled_features: user.enabledFeatures.map((slug) => ({ slug })),
    permissions: user.permissions.map((slug) => ({ slug })),
    institution: user.institutionRecord,
    recruiter: user.recruiter,
    email_verified: user.emailVerified,
    rules,
  };
}

/**
 * Signing in on an institution's site admits that institution's people and provider staff; the
 * recruiter site admits recruiters and provider staff; the provider site admits provider staff
 * and independent learners. Answers the host the user belongs on when it is not this one.
 */
export function homeSiteOf(user: SessionUser): Site {
  if (PROVIDER_ROLES.includes(user.role)) return { kind: "provider" };
  if (RECRUITER_ROLES.includes(user.role)) return { kind: "recruiter" };
  if (user.institutionRecord) return { kind: "institution", subdomain: user.institutionRecord.subdomain };
  return { kind: "provider" };
}

export function mayUseSite(user: SessionUser, site: Site): boolean {
  if (PROVIDER_ROLES.includes(user.role)) return true;
  return sameSite(homeSiteOf(user), site);
}

/** The public address of a site under the configured root domain, keeping the request's port. */
export function siteOrigin(site: Site, rootDomain: string, requestHost: string, protocol: string) {
  const port = /:(\d+)$/.exec(requestHost)?.[1];
  const label = site.kind === "institution" ? site.subdomain : site.kind === "recruiter" ? "recruiter" : null;
  const name = label ? `${label}.${rootDomain}` : rootDomain;
  return `${protocol}://${name}${port ? `:${port}` : ""}`;
}
