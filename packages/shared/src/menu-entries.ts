import type { ResourceName } from "./registry/names.js";
import { type InstitutionType, LEARNER_ROLES, type Role } from "./roles.js";

/**
 * The menu's entries that are no resource's: the dashboard, the profile and the groups (menu.ts
 * `MENU_FRAME`). Every other entry is a resource's, named by its module.
 */
export type MenuFrameName = "dashboard" | "profile" | MenuGroupName;

/**
 * A menu entry's name: the one name used everywhere (URLs, permissions, locale keys). This module
 * is a leaf, so that the enums, the registry and each resource module can name and place menu
 * entries without the menu, and so that a screen needing only a path (the sign-in page's
 * `dashboardPath`) bundles none of the registry; the list of names the menu holds is menu.ts
 * `MENU_NAMES`.
 */
export type MenuName = MenuFrameName | ResourceName;

/**
 * The icons of menu entries and resources' pages, by name: the admin draws each (layout/menu-icons.tsx),
 * a resource's module names its own.
 */
export const ICON_NAMES = [
  "apartment",
  "appstore",
  "bank",
  "calendar",
  "cloud-upload",
  "contacts",
  "dashboard",
  "download",
  "experiment",
  "form",
  "global",
  "history",
  "idcard",
  "inbox",
  "message",
  "node-index",
  "play-circle",
  "read",
  "rocket",
  "setting",
  "shop",
  "solution",
  "tags",
  "team",
  "trophy",
  "user",
  "user-delete",
  "user-switch",
  "usergroup-add",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Who an entry's path belongs to: `{id}` in the path is filled with that id (access rules). */
export type PathOwner = "institution" | "learner";

export interface MenuDefinition {
  name: MenuName;
  /** en-US label; the admin translates `menu.<labelKey>`. */
  label: string;
  labelKey: string;
  icon: IconName;
  /** Path without the `/admin` prefix; `{id}` and `{type}` are filled per user. Groups have none. */
  path?: string;
  /** Extra query for learners (self assessment adds ?type=all). */
  learnerQuery?: string;
  /** Where the entry leads learners instead, when their page is another (never an admin table). */
  learnerPath?: string;
  roles: readonly Role[];
  /** Institution types the entry exists for, for institution staff (students for colleges…). */
  institutionTypes?: readonly InstitutionType[];
  owner?: PathOwner;
  /** Profile is shared by every role and never prefixed. */
  unprefixed?: boolean;
  children?: MenuDefinition[];
}

/** The groups of the menu, which resources' entries go in (menu.ts `MENU_FRAME`). */
export type MenuGroupName = "learners" | "recruiters" | "configuration" | "activity-logs";

/**
 * A resource's own menu entry, declared in its module: its place (`order` among its siblings, in
 * its `group` or at the top) and everything of a menu entry but the name, which is the resource's,
 * and the label key, which is the name.
 */
export type MenuPlacement = Omit<MenuDefinition, "name" | "labelKey" | "icon" | "children"> & {
  order: number;
  group?: MenuGroupName;
};

/** Where every role but learners works. */
export const ADMIN_PREFIX = "/admin";

/** An entry of the menu as the API sends it, cut to the user (menu.ts `menuFor`). */
export interface MenuItem {
  name: MenuName;
  label: string;
  labelKey: string;
  path: string | null;
  disabled: boolean;
  tooltip?: string;
  tooltipKey?: string;
  children?: MenuItem[];
}

/** Whether a role works outside the `/admin` area (learners only). */
export const usesAdminPrefix = (role: Role) => !LEARNER_ROLES.includes(role);

/** Every entry of a menu tree, groups included, depth first. */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.children ?? [])]);
}

/** The path of the user's home page (dashboard) with the right prefix. */
export function dashboardPath(role: Role): string {
  return usesAdminPrefix(role) ? `${ADMIN_PREFIX}/dashboard` : "/dashboard";
}
