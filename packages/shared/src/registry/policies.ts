import { ROLES, type Role, type RoleKind } from "../roles.js";
import type { CommandName, PolicyGrant, RolePolicy } from "./types.js";

/**
 * Role policy templates, one per way a resource's rows belong to tenants (the scopes of
 * types.ts): each resource of resources.ts takes one, narrowed where the spec's menu by role says
 * so. The menu (menu.ts) only decides which pages open; menu-policy.test.ts keeps the two
 * in step.
 */

/** Provider staff run the platform: their level on every row. */
const PROVIDER_STAFF: readonly PolicyGrant[] = [{ actions: "level", rows: "all" }];

/** Narrowing of a template's grants: only some roles of a kind, only institutions of some types. */
type Narrowing = Pick<PolicyGrant, "roles" | "institutionTypes">;

/**
 * Provider staff alone (institutions, recruiter companies, plans, configuration, logs); spread
 * into another template's policy, their part of it.
 */
export const providerStaff = (narrowing: Pick<Narrowing, "roles"> = {}): RolePolicy => ({
  provider: PROVIDER_STAFF.map((grant) => ({ ...grant, ...narrowing })),
});

type TenantKind = Exclude<RoleKind, "provider">;

/** The policy giving each kind named its grants. */
const grantsTo = (kinds: readonly TenantKind[], grantsOf: (kind: TenantKind) => readonly PolicyGrant[]): RolePolicy =>
  Object.fromEntries(kinds.map((kind) => [kind, grantsOf(kind)]));

const READ_ALL: readonly PolicyGrant[] = [{ actions: "reading", rows: "all" }];

/** A list the provider keeps and the kinds named read whole (global partners). */
export const reference = (readers: readonly TenantKind[]): RolePolicy => ({
  provider: PROVIDER_STAFF,
  ...grantsTo(readers, () => READ_ALL),
});

/** How each kind takes part in a shared catalogue. */
const CATALOGUE_GRANTS: Record<TenantKind, readonly PolicyGrant[]> = {
  // their own rows, and what the provider has published
  institution: [
    { actions: "level", rows: "tenant" },
    { actions: "reading", rows: "provider-published" },
  ],
  recruiter: [{ actions: "level", rows: "tenant" }],
  // what the provider and their institution have published
  learner: [{ actions: "reading", rows: "published" }],
};

/**
 * The shared catalogue (courses, events, opportunities…): the provider's rows and the rows of each
 * tenant of the kinds named, who manage their own and read the published rows of the provider.
 */
export const sharedCatalogue = (kinds: readonly TenantKind[]): RolePolicy => ({
  provider: PROVIDER_STAFF,
  ...grantsTo(kinds, (kind) => CATALOGUE_GRANTS[kind]),
});

/** Rows of one institution (its learners, its recruiter partners), for that institution's staff. */
export const institutionRows = (narrowing: Narrowing = {}): RolePolicy => ({
  institution: [{ actions: "level", rows: "tenant", ...narrowing }],
});

/**
 * User accounts: provider staff all, institution staff and recruiter admins and editors their
 * tenant's (user management is not for the recruiter viewer), learners their own.
 */
export const members = (): RolePolicy => ({
  provider: PROVIDER_STAFF,
  institution: [{ actions: "level", rows: "tenant" }],
  recruiter: [{ actions: "level", rows: "tenant", roles: [ROLES.RECRUITER_ADMIN, ROLES.RECRUITER_EDITOR] }],
  learner: [{ actions: "level", rows: "self" }],
});

/** The caller's own institution or recruiter company record, for that kind's staff. */
export const tenantRecord = (kind: "institution" | "recruiter"): RolePolicy => ({
  [kind]: [{ actions: "level", rows: "tenant-record" }],
});

/** The feature plan of the caller's institution, read by the roles named. */
export const ownPlan = (roles: readonly Role[]): RolePolicy => ({
  institution: [{ actions: "reading", rows: "plan", roles }],
});

/**
 * A catalogue learners also act on (they take a self-assessment): the catalogue's grants, and the
 * learner's own command on the rows they may read — no one else's level gives it.
 */
export const takenByLearners = (policy: RolePolicy, command: CommandName): RolePolicy => ({
  ...policy,
  learner: [...(policy.learner ?? []), { actions: [command], rows: "published" }],
});

/**
 * A learner's own record of what they did (assessment attempts), written by a command and never
 * edited: the learner reads theirs, institution staff their learners', provider staff every one.
 */
export const learnerRecords = (): RolePolicy => ({
  provider: [{ actions: "reading", rows: "all" }],
  institution: [{ actions: "reading", rows: "tenant" }],
  learner: [{ actions: ["read"], rows: "own" }],
});
