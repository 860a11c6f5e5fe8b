import {
  AbilityBuilder,
  createMongoAbility,
  type ForcedSubject,
  type MongoAbility,
  type MongoQuery,
  type RawRuleOf,
} from "@casl/ability";
import { FEATURE_KEYS } from "./features.js";
import type { MenuName, MenuUser } from "./menu.js";
import {
  COMMAND_NAMES,
  type CommandName,
  type PolicyGrant,
  type PolicyRows,
  type ResourceAction,
  type ResourceDefinition,
  type ResourceName,
} from "./registry/types.js";
import { RESOURCES } from "./resources/index.js";
import { PROVIDER_ROLES, ROLE_LEVELS, type RoleLevel, roleKind } from "./roles.js";

const ACTIONS = ["manage", "read", "create", "update", "delete", "export", ...COMMAND_NAMES] as const;
export type Action = (typeof ACTIONS)[number];
/** Subjects are the resource names (or a row tagged with one), plus `all` for CASL's wildcard. */
export type Subject =
  | MenuName
  | ResourceName
  | "all"
  | (Record<string, unknown> & ForcedSubject<MenuName | ResourceName>);
export type AppAbility = MongoAbility<[Action, Subject], MongoQuery>;
export type AppRule = RawRuleOf<AppAbility>;

export interface AbilityUser extends MenuUser {
  recruiterId: number | null;
  /** The institution's feature plan (Feature Profile), for the institution admin's read-only view. */
  planId: number | null;
  /** Permission slugs `<resource>.<action>`; empty means every slug passes. */
  permissions: readonly string[];
}

/** Provider staff bypass permission slugs; others pass with an empty list or the slug. */
export function hasPermission(user: Pick<AbilityUser, "role" | "permissions">, slug: string): boolean {
  if (PROVIDER_ROLES.includes(user.role)) return true;
  return user.permissions.length === 0 || user.permissions.includes(slug);
}

export const permissionSlug = (subject: MenuName | ResourceName, action: Exclude<Action, "manage">) =>
  `${subject}.${action}`;

/** What each level may do, in the order its rules are written. */
const LEVEL_ACTIONS: Record<RoleLevel, readonly ResourceAction[]> = {
  viewer: ["read"],
  editor: ["read", "create", "update", "export"],
  admin: ["read", "create", "update", "delete", "export"],
};
const LEVEL_RANK: Record<RoleLevel, number> = { viewer: 0, editor: 1, admin: 2 };
/** The actions that change nothing: what a `reading` grant keeps of the level. */
const READING: readonly ResourceAction[] = ["read", "export"];

type Conditions = Record<string, unknown>;
/** `undefined`: every row; `null`: no row (no rule at all); otherwise the rows matching (any of a list). */
type Reach = Conditions | Conditions[] | undefined | null;

/**
 * Whether the user has the tenant their role needs: institution staff without an institution, or
 * a recruiter without a company, reach nothing rather than everything.
 */
function hasTenant(user: AbilityUser): boolean {
  const kind = roleKind(user.role);
  if (kind === "institution") return user.institution !== null;
  if (kind === "recruiter") return user.recruiterId !== null;
  return true;
}

/** The caller's tenant's rows: their institution's (institution staff) or their company's (recruiters). */
function tenantRows(user: AbilityUser): Conditions | null {
  const kind = roleKind(user.role);
  if (kind === "institution" && user.institution) return { institution_id: user.institution.id };
  if (kind === "recruiter" && user.recruiterId !== null) return { recruiter_id: user.recruiterId };
  return null;
}

/** Which rows of a resource a grant's `rows` reach for this user (registry/types.ts `PolicyRows`). */
function reachOf(rows: Exclude<PolicyRows, "parents">, user: AbilityUser): Reach {
  switch (rows) {
    case "all":
      return undefined;
    case "own":
      return { user_id: user.id };
    case "self":
      return { id: user.id };
    case "tenant":
      return tenantRows(user);
    case "tenant-record": {
      const kind = roleKind(user.role);
      if (kind === "institution" && user.institution) return { id: user.institution.id };
      if (kind === "recruiter" && user.recruiterId !== null) return { id: user.recruiterId };
      return null;
    }
    case "plan":
      return user.planId === null ? null : { id: user.planId };
    case "provider-published":
      return { institution_id: null, publish_status: true };
    case "published":
      return { institution_id: { $in: [user.institution?.id ?? null, null] }, publish_status: true };
    case "role-kind":
      return { roles: { $all: [roleKind(user.role)] } };
    case "audience":
      return postingAudience(user.institution?.id ?? "platform").map((where) => ({ ...where, publish_status: true }));
  }
}

/**
 * Where a posting is seen from, for its access scope: an institution (its learners,
 * its site and public page), the provider's own platform (`platform`: learners without an
 * institution — skill lab — and the provider's site and public page), or neither (`elsewhere`:
 * the recruiter site, which shows only what is meant for everyone).
 */
export type PostingHome = number | "platform" | "elsewhere";

/**
 * The postings a home reaches by their access scope, as CASL conditions (any of the
 * list) over the posting's `institution_id` and `access_scope`: `local` reaches the posting's own
 * institution — or, for the provider's and recruiters' postings (no institution), the provider's
 * own platform; `all` reaches everyone; `default` (or none) is `local` for an institution's
 * postings and `all` for the provider's and recruiters'. A scope outside these reaches no one but
 * the posting's own home. Publishing and being open are apart: the learner's ability adds the
 * one, the public routes both. The only place this rule is written.
 */
export function postingAudience(home: PostingHome): Conditions[] {
  const forEveryone: Conditions[] = [
    { access_scope: "all" },
    { institution_id: null, access_scope: { $in: ["default", null] } },
  ];
  if (home === "platform") return [{ institution_id: null }, { access_scope: "all" }];
  if (home === "elsewhere") return forEveryone;
  return [{ institution_id: home }, ...forEveryone];
}

/** How a `parents` grant is carried in a CASL rule: its SQL needs the parents' own reach (apps/api access.ts). */
export interface ParentReason {
  parents: { field: string; resource: ResourceName; reach: Conditions | Conditions[] | undefined }[];
}
export const PARENT_REASON_PREFIX = "parents:";

/** Whether a grant holds for this user's role and institution (its `roles` and `institutionTypes`). */
function grantHolds(grant: PolicyGrant, user: AbilityUser): boolean {
  if (grant.roles && !grant.roles.includes(user.role)) return false;
  if (grant.institutionTypes && roleKind(user.role) === "institution") {
    return user.institution !== null && grant.institutionTypes.includes(user.institution.type);
  }
  return true;
}

/** The actions and commands a grant gives this user on a resource, before permission slugs. */
function grantActions(
  resource: ResourceDefinition,
  grant: PolicyGrant,
  level: RoleLevel,
): readonly (ResourceAction | CommandName)[] {
  if (grant.actions === "pipeline") return LEVEL_ACTIONS[level];
  if (typeof grant.actions !== "string") return grant.actions;
  const served = LEVEL_ACTIONS[level].filter((action) => resource.actions.includes(action));
  if (grant.actions === "reading") return served.filter((action) => READING.includes(action));
  // a command needs its own level: editors' by default, admins' when it says so
  const commands = (resource.commands ?? [])
    .filter((command) => !command.byApplicant && LEVEL_RANK[level] >= LEVEL_RANK[command.level ?? "editor"])
    .map((command) => command.name);
  return [...served, ...commands];
}

/** A reach cut to the rows that also hold a grant's `where` values (a list: any of them). */
function narrowed(reach: Reach, where: PolicyGrant["where"]): Reach {
  if (!where || reach === null) return reach;
  const extra: Conditions = Object.fromEntries(
    Object.entries(where).map(([name, value]) => [name, Array.isArray(value) ? { $in: [...value] } : value]),
  );
  if (reach === undefined) return extra;
  return Array.isArray(reach) ? reach.map((conditions) => ({ ...conditions, ...extra })) : { ...reach, ...extra };
}

/** One grant of a resource's role policy as CASL rules (the resource is the unit of access). */
function grantPolicy(
  can: AbilityBuilder<AppAbility>["can"],
  resource: ResourceDefinition,
  grant: PolicyGrant,
  user: AbilityUser,
) {
  const actions = grantActions(resource, grant, ROLE_LEVELS[user.role]).filter((action) =>
    hasPermission(user, permissionSlug(resource.name, action)),
  );
  if (actions.length === 0) return;
  if (grant.rows === "parents") {
    // a row belongs to the staff of whoever owns its parent: the parents the caller's tenant owns,
    // by ownership rather than by the parent's own policy, whatever that posting's page or feature
    const reach = tenantRows(user);
    if (reach === null) return;
    const parents = (resource.parents ?? []).map(({ field, resource: parent }) => ({ field, resource: parent, reach }));
    if (parents.length === 0) return;
    const reason: ParentReason = { parents };
    // no CASL conditions: the client shows the actions on the rows the API sent; the API's SQL decides
    can(actions, resource.name).because(`${PARENT_REASON_PREFIX}${JSON.stringify(reason)}`);
    return;
  }
  const reach = narrowed(reachOf(grant.rows, user), grant.where);
  if (reach === null) return;
  const conditions = reach === undefined ? [undefined] : [reach].flat();
  // level and reading grants are written a rule per action, the others one rule for all their
  // actions: CASL reads both alike, and so the rules stay exactly those the API and the admin were
  // tested with when the menu still granted them
  const rules = grant.actions === "level" || grant.actions === "reading" ? actions : [actions];
  for (const action of rules) {
    for (const condition of conditions) {
      if (condition === undefined) can(action, resource.name);
      else can(action, resource.name, condition as MongoQuery<never>);
    }
  }
}

/**
 * CASL rules for a user, built from each resource's role policy (registry/policies.ts): the
 * grants of the user's role kind that hold for their role and institution type, on the resources
 * whose feature (if any) the institution's plan enables, each action passing the permission slugs
 * and reaching the rows of its grant. The API turns the conditions into SQL; the admin uses the
 * same rules for display only. The menu only decides which pages open (menu-policy.test.ts keeps
 * it in step with these rules).
 */
export function defineAbilityFor(user: AbilityUser): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (hasTenant(user)) {
    for (const resource of Object.values(RESOURCES)) {
      // a disabled feature gives no rights on its resources
      if (resource.featureKey && !user.enabledFeatures.includes(resource.featureKey)) continue;
      for (const grant of resource.policy[roleKind(user.role)] ?? []) {
        if (grantHolds(grant, user)) grantPolicy(can, resource, grant, user);
      }
    }
  }
  // nobody deletes their own account: a rule both the API (as SQL) and the admin (on the row) read
  for (const resource of Object.values(RESOURCES)) {
    if (resource.table === "users") cannot("delete", resource.name, { id: user.id } as MongoQuery<never>);
  }
  can("read", "dashboard");
  can(["read", "update"], "profile", { id: user.id } as MongoQuery<never>);
  return build();
}

export const rulesFor = (user: AbilityUser): AppRule[] => defineAbilityFor(user).rules;

/** Rebuild an ability from rules the API sent (`/api/profile`), for the admin's display checks. */
export const abilityFromRules = (rules: AppRule[]): AppAbility => createMongoAbility<AppAbility>(rules);

/** Features a user has: provider staff, recruiters and independent learners get the full default plan. */
export function enabledFeaturesFor(institutionFeatures: readonly string[] | null): string[] {
  if (institutionFeatures === null) return [...FEATURE_KEYS];
  return FEATURE_KEYS.filter((key) => institutionFeatures.includes(key));
}
