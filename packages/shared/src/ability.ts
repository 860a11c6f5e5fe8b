import {
  AbilityBuilder,
  createMongoAbility,
  type ForcedSubject,
  type MongoAbility,
  type MongoQuery,
  type RawRuleOf,
} from "@casl/ability";
import { FEATURE_KEYS } from "./features.js";
import { flattenMenu, type MenuName, type MenuUser, menuFor } from "./menu.js";
import { isResourceName, RESOURCES } from "./registry/resources.js";
import {
  COMMAND_NAMES,
  type PolicyGrant,
  type ResourceAction,
  type ResourceDefinition,
  type ResourceName,
  type ResourceScope,
} from "./registry/types.js";
import {
  INSTITUTION_ADMIN_ROLES,
  INSTITUTION_VIEWER_ROLES,
  LEARNER_ROLES,
  PROVIDER_ROLES,
  ROLES,
  type Role,
  roleKind,
} from "./roles.js";

export const ACTIONS = ["manage", "read", "create", "update", "delete", "export", ...COMMAND_NAMES] as const;
export type Action = (typeof ACTIONS)[number];
/** Subjects are the resource names of DESIGN §2a (or a row tagged with one), plus `all` for CASL's wildcard. */
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
  /** Permission slugs `<resource>.<action>`; empty means every slug passes (spec §6). */
  permissions: readonly string[];
}

/** Spec §6: provider staff bypass permission slugs; others pass with an empty list or the slug. */
export function hasPermission(user: Pick<AbilityUser, "role" | "permissions">, slug: string): boolean {
  if (PROVIDER_ROLES.includes(user.role)) return true;
  return user.permissions.length === 0 || user.permissions.includes(slug);
}

export const permissionSlug = (subject: MenuName | ResourceName, action: Exclude<Action, "manage">) =>
  `${subject}.${action}`;

/** What each role's level may do (DESIGN §6). */
function actionsFor(role: Role): ResourceAction[] {
  const isViewer =
    INSTITUTION_VIEWER_ROLES.includes(role) ||
    role === ROLES.SKILLLAB_VIEWER ||
    role === ROLES.RECRUITER_VIEWER ||
    LEARNER_ROLES.includes(role);
  if (isViewer) return ["read"];
  const isAdmin =
    INSTITUTION_ADMIN_ROLES.includes(role) ||
    role === ROLES.SUPER_ADMIN ||
    role === ROLES.SKILLLAB_ADMIN ||
    role === ROLES.RECRUITER_ADMIN;
  return isAdmin ? ["read", "create", "update", "delete", "export"] : ["read", "create", "update", "export"];
}

type Conditions = Record<string, unknown>;
/** `undefined`: every row; `null`: no row (no rule at all); otherwise the rows matching (any of a list). */
type Reach = Conditions | Conditions[] | undefined | null;

/**
 * Which rows of a resource of the given scope a user's rule reaches (DESIGN §6 and the scopes of
 * registry/types.ts). A user without the tenant their role needs (institution staff without an
 * institution, a recruiter without a company) reaches nothing rather than everything.
 */
function reachOf(scope: ResourceScope, user: AbilityUser, write: boolean): Reach {
  const kind = roleKind(user.role);
  if (kind === "provider") return scope === "tenant" || scope === "plan" ? null : undefined;
  const institutionId = user.institution?.id ?? null;
  if (kind === "institution") {
    if (institutionId === null) return null;
    switch (scope) {
      case "global":
        return write ? null : undefined;
      case "shared":
        // their own rows, and what the provider and recruiters have published
        return write
          ? { institution_id: institutionId }
          : [{ institution_id: institutionId }, { institution_id: null, publish_status: true }];
      case "institution":
      case "members":
        return { institution_id: institutionId };
      case "tenant":
        return { id: institutionId };
      case "plan":
        return write || user.planId === null ? null : { id: user.planId };
    }
  }
  if (kind === "recruiter") {
    if (user.recruiterId === null) return null;
    switch (scope) {
      case "global":
        return write ? null : undefined;
      case "shared":
      case "members":
        return { recruiter_id: user.recruiterId };
      case "tenant":
        return { id: user.recruiterId };
      default:
        return null;
    }
  }
  // learners read the catalogue (the provider's and their institution's published rows) and their own account
  if (write) return scope === "members" ? { id: user.id } : null;
  switch (scope) {
    case "global":
      return undefined;
    case "shared":
      return { institution_id: { $in: [institutionId, null] }, publish_status: true };
    case "members":
      return { id: user.id };
    default:
      return null;
  }
}

/** How a `parents` grant is carried in a CASL rule: its SQL needs the parents' own reach (apps/api access.ts). */
export interface ParentReason {
  parents: { field: string; resource: ResourceName; reach: Conditions | Conditions[] | undefined }[];
}
export const PARENT_REASON_PREFIX = "parents:";

/** One grant of a resource's role policy as CASL rules (DESIGN §6: the resource is the unit of access). */
function grantPolicy(
  can: AbilityBuilder<AppAbility>["can"],
  resource: ResourceDefinition,
  grant: PolicyGrant,
  user: AbilityUser,
) {
  const actions = (grant.actions === "level" ? actionsFor(user.role) : grant.actions).filter((action) =>
    hasPermission(user, permissionSlug(resource.name, action)),
  );
  if (actions.length === 0) return;
  const kind = roleKind(user.role);
  switch (grant.rows) {
    case "all":
      can(actions, resource.name);
      return;
    case "own":
      can(actions, resource.name, { user_id: user.id } as MongoQuery<never>);
      return;
    case "tenant": {
      const tenant =
        kind === "institution" && user.institution
          ? { institution_id: user.institution.id }
          : kind === "recruiter" && user.recruiterId !== null
            ? { recruiter_id: user.recruiterId }
            : null;
      if (tenant) can(actions, resource.name, tenant as MongoQuery<never>);
      return;
    }
    case "parents": {
      // a row belongs to whoever may write its parent: the parent resource's write scope for this user
      const parents = (resource.parents ?? []).flatMap(({ field, resource: parent }) => {
        const reach = reachOf(RESOURCES[parent].scope, user, true);
        return reach === null ? [] : [{ field, resource: parent, reach }];
      });
      if (parents.length === 0) return;
      const reason: ParentReason = { parents };
      // no CASL conditions: the client shows the actions on the rows the API sent; the API's SQL decides
      can(actions, resource.name).because(`${PARENT_REASON_PREFIX}${JSON.stringify(reason)}`);
      return;
    }
  }
}

/**
 * CASL rules for a user, built from role (menu of spec §6), permission slugs, the institution's
 * enabled features (disabled menu entries give no rights), what each resource supports, and
 * scope conditions. The API turns the conditions into SQL; the admin uses the same rules for
 * display only.
 */
export function defineAbilityFor(user: AbilityUser): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const levelActions = actionsFor(user.role);
  for (const item of flattenMenu(menuFor(user))) {
    if (!item.path || item.disabled || !isResourceName(item.name)) continue;
    const resource = RESOURCES[item.name];
    if (resource.policy) continue;
    // a command needs its own level: admins (who may delete) or editors (who may edit)
    const commands = (resource.commands ?? [])
      .filter((command) => levelActions.includes(command.level === "admin" ? "delete" : "update"))
      .map((command) => command.name);
    const actions = [...levelActions.filter((action) => resource.actions.includes(action)), ...commands];
    for (const action of actions) {
      if (!hasPermission(user, permissionSlug(item.name, action))) continue;
      const reach = reachOf(resource.scope, user, action !== "read" && action !== "export");
      if (reach === null) continue;
      if (reach === undefined) can(action, item.name);
      else for (const conditions of [reach].flat()) can(action, item.name, conditions as MongoQuery<never>);
    }
  }
  for (const resource of Object.values(RESOURCES)) {
    for (const grant of resource.policy?.[roleKind(user.role)] ?? []) grantPolicy(can, resource, grant, user);
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
