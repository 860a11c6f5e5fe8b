import { createdAt, field, id, location, publishStatus, tenantColumns, updatedAt } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { CommandDefinition, FieldDefinition, ResourceAction, RolePolicy } from "../registry/types.js";
import { ALL_ROLES, ROLE_LEVELS, ROLES, type RoleKind, roleKind } from "../roles.js";

export const ALL: readonly ResourceAction[] = ["read", "create", "update", "delete", "export"];
export const EDIT_ONLY: readonly ResourceAction[] = ["read", "update"];

export const institutionFields = (): FieldDefinition[] => [
  id(),
  field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
  field("subdomain", "text", {
    required: true,
    list: true,
    filter: true,
    search: true,
    maxLength: 63,
    providerOnly: true,
  }),
  field("type", "enum", { enum: "institutionType", required: true, list: true, filter: true, providerOnly: true }),
  field("status", "enum", {
    enum: "institutionStatus",
    list: true,
    filter: true,
    sort: true,
    providerOnly: true,
    default: "active",
  }),
  field("logo", "image"),
  field("primary_color", "color", { required: true }),
  field("secondary_color", "color", { required: true }),
  field("email", "email", { list: true, search: true }),
  field("phone", "phone"),
  field("website", "url"),
  field("address", "text", { maxLength: 300 }),
  ...location(),
  field("contact_persons", "contacts"),
  // who may register on its site (join-policy.ts); a new institution is closed until it says so
  field("join_policy", "enum", { enum: "joinPolicy", required: true, filter: true, default: "closed" }),
  field("join_domains", "tags"),
  // how its people sign in: password, its own identity provider (OpenID Connect), or either (sso.ts)
  field("sso_mode", "enum", { enum: "ssoMode", required: true, default: "password" }),
  // an address checked by sso.ts `isOidcIssuer` (https; http only on loopback), not a website
  field("oidc_issuer", "text", { maxLength: 300 }),
  field("oidc_client_id", "text", { maxLength: 255 }),
  field("oidc_client_secret", "text", { maxLength: 500, writeOnly: true }),
  field("feature_profile_id", "relation", {
    relation: { resource: "feature-profile", labelField: "name" },
    filter: true,
    providerOnly: true,
  }),
  createdAt(),
  updatedAt(),
];

export const learnerFields = (): FieldDefinition[] => [
  id(),
  field("full_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
  field("email", "email", { required: true, list: true, sort: true, search: true }),
  field("phone", "phone", { list: true }),
  field("program_department_id", "relation", {
    relation: { resource: "program-departments", labelField: "name" },
    list: true,
    filter: true,
  }),
  field("year", "year", { list: true, filter: true, sort: true }),
  field("date_of_birth", "date"),
  field("skills", "tags"),
  field("preferences", "tags", { labelByRole: true }),
  field("linkedin_url", "linkedin"),
  field("website", "url"),
  ...location(),
  field("status", "enum", { enum: "userStatus", list: true, filter: true, default: "active" }),
  // provider staff choose the institution; everyone else's learners are their own institution's
  field("institution_id", "relation", {
    relation: { resource: "institutions", labelField: "name" },
    required: true,
    list: true,
    filter: true,
    providerOnly: true,
    scopeColumn: true,
  }),
  createdAt(),
];

export const catalogue = (fields: FieldDefinition[]): FieldDefinition[] => [
  id(),
  ...fields,
  field("tags", "tags", { labelByRole: true }),
  publishStatus(),
  ...tenantColumns(),
  field("created_by", "text", { readOnly: true }),
  createdAt(),
  updatedAt(),
];

export const recruiterFields = (): FieldDefinition[] => [
  id(),
  field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
  field("email", "email", { required: true, list: true, search: true }),
  field("phone", "phone", { list: true }),
  field("website", "url"),
  field("logo", "image"),
  field("address", "text", { maxLength: 300 }),
  field("contact_persons", "contacts"),
  field("status", "enum", { enum: "recruiterStatus", list: true, filter: true, readOnly: true }),
  field("reject_reason", "textarea", { readOnly: true }),
  createdAt(),
];

/**
 * A posting's commands for learners: `POST /{posting}/{id}/apply`, and `POST /{posting}/{id}/save`
 * `{ saved }` to keep it in their "Saved" list (and be reminded the day before it closes), or not.
 */
export const APPLY: readonly CommandDefinition[] = [
  { name: "apply", target: "one", byApplicant: true },
  { name: "save", target: "one", byApplicant: true },
];

/**
 * A posting's policy: the shared catalogue's, but learners read the postings meant for them —
 * `audience`, by the posting's access scope, or `published` for a posting without
 * one (scholarships) — and apply to and save exactly those, so one they may not see is a 404.
 */
export const postingPolicy = (policy: RolePolicy, rows: "audience" | "published"): RolePolicy => ({
  ...policy,
  learner: [
    ...(policy.learner ?? []).map((grant) => (grant.rows === "published" ? { ...grant, rows } : grant)),
    { actions: ["apply", "save"], rows },
  ],
});

/** A catalogue item's command for learners (learner journey): `POST /{item}/{id}/enrol`. */
export const ENROL: readonly CommandDefinition[] = [{ name: "enrol", target: "one", byApplicant: true }];

/**
 * A catalogue item learners enrol in (courses, enrichment programs, career roadmaps): the shared
 * catalogue's policy, and learners enrol in exactly what they may read — the published items of
 * the provider and of their own institution — so one they may not see is a 404.
 */
export const enrolmentPolicy = (policy: RolePolicy): RolePolicy => ({
  ...policy,
  learner: [...(policy.learner ?? []), { actions: ["enrol"], rows: "published" }],
});

/** The roles of a kind that change what they manage (editors and admins): who changes applicants. */
export const changersOf = (kind: RoleKind) =>
  ALL_ROLES.filter((role) => roleKind(role) === kind && ROLE_LEVELS[role] !== "viewer");

/** The activity logs group is the super admin's and the provider admin's only. */
export const ACTIVITY_LOGS_POLICY = providerStaff({ roles: [ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN] });
