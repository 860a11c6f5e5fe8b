import { AbilityBuilder, createMongoAbility, type MongoAbility, type MongoQuery, type RawRuleOf } from "@casl/ability";
import { FEATURE_KEYS } from "./features.js";
import { flattenMenu, type MenuName, type MenuUser, menuFor } from "./menu.js";
import {
  INSTITUTION_ADMIN_ROLES,
  INSTITUTION_STAFF_ROLES,
  INSTITUTION_VIEWER_ROLES,
  LEARNER_ROLES,
  PROVIDER_ROLES,
  RECRUITER_ROLES,
  ROLES,
  type Role,
} from "./roles.js";

export const ACTIONS = ["manage", "read", "create", "update", "delete", "export"] as const;
export type Action = (typeof ACTIONS)[number];
/** Subjects are the resource names of DESIGN §2a, plus `all` for CASL's wildcard. */
export type Subject = MenuName | "all";
export type AppAbility = MongoAbility<[Action, Subject], MongoQuery>;
export type AppRule = RawRuleOf<AppAbility>;

export interface AbilityUser extends MenuUser {
  recruiterId: number | null;
  /** Permission slugs `<resource>.<action>`; empty means every slug passes (spec §6). */
  permissions: readonly string[];
}

/** Spec §6: provider staff bypass permission slugs; others pass with an empty list or the slug. */
export function hasPermission(user: Pick<AbilityUser, "role" | "permissions">, slug: string): boolean {
  if (PROVIDER_ROLES.includes(user.role)) return true;
  return user.permissions.length === 0 || user.permissions.includes(slug);
}

export const permissionSlug = (subject: MenuName, action: Exclude<Action, "manage">) => `${subject}.${action}`;

/** What each role's level may do on the entries of its menu (DESIGN §6). */
function actionsFor(role: Role): Exclude<Action, "manage">[] {
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

/**
 * The rows a user's rules reach: their tenant, or their own records (DESIGN §6). `null` means the
 * user has no tenant to be scoped to (institution staff without an institution, a recruiter
 * without a company), and so gets no rules at all rather than unscoped ones.
 */
function scopeFor(user: AbilityUser): Record<string, number> | undefined | null {
  if (INSTITUTION_STAFF_ROLES.includes(user.role)) {
    return user.institution ? { institution_id: user.institution.id } : null;
  }
  if (RECRUITER_ROLES.includes(user.role)) return user.recruiterId !== null ? { recruiter_id: user.recruiterId } : null;
  if (LEARNER_ROLES.includes(user.role)) return { user_id: user.id };
  return undefined;
}

/**
 * CASL rules for a user, built from role (menu of spec §6), permission slugs, the institution's
 * enabled features (disabled menu entries give no rights) and scope conditions. The API turns the
 * conditions into SQL; the admin uses the same rules for display only.
 */
export function defineAbilityFor(user: AbilityUser): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const scope = scopeFor(user);
  const actions = actionsFor(user.role);
  const items = scope === null ? [] : flattenMenu(menuFor(user));
  for (const item of items) {
    if (!item.path || item.disabled || item.name === "dashboard" || item.name === "profile") continue;
    for (const action of actions) {
      if (!hasPermission(user, permissionSlug(item.name, action))) continue;
      if (scope) can(action, item.name, scope);
      else can(action, item.name);
    }
  }
  can("read", "dashboard");
  const ownAccount: Record<string, number> = { id: user.id };
  can(["read", "update"], "profile", ownAccount);
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
