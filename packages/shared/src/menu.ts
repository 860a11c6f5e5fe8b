import {
  ADMIN_PREFIX,
  flattenMenu,
  type MenuDefinition,
  type MenuFrameName,
  type MenuGroupName,
  type MenuItem,
  type MenuName,
  usesAdminPrefix,
} from "./menu-entries.js";
import { isResourceName, RESOURCES } from "./resources/index.js";
import {
  EVERY_ROLE,
  INSTITUTION_ADMIN_ROLES,
  INSTITUTION_STAFF_ROLES,
  INSTITUTION_VIEWER_ROLES,
  type InstitutionType,
  LEARNER_ROLES,
  PROVIDER_ROLES,
  ROLES,
  type Role,
} from "./roles.js";

export {
  ADMIN_PREFIX,
  dashboardPath,
  flattenMenu,
  ICON_NAMES,
  type IconName,
  type MenuDefinition,
  type MenuFrameName,
  type MenuGroupName,
  type MenuItem,
  type MenuName,
  type MenuPlacement,
  type PathOwner,
  usesAdminPrefix,
} from "./menu-entries.js";

/**
 * The entries of the menu that are no resource's — the dashboard, the profile — and the groups
 * resources' entries go in, each with its place; every other entry is declared by its resource
 * (resources/<name>.ts `menu`).
 */
const MENU_FRAME: readonly (MenuDefinition & { name: MenuFrameName; order: number })[] = [
  {
    order: 10,
    name: "dashboard",
    label: "Dashboard",
    labelKey: "dashboard",
    icon: "dashboard",
    path: "/dashboard",
    roles: EVERY_ROLE,
  },
  {
    order: 20,
    name: "profile",
    label: "Profile",
    labelKey: "profile",
    icon: "user",
    path: "/profile",
    roles: EVERY_ROLE,
    unprefixed: true,
  },
  {
    order: 60,
    name: "learners",
    label: "Learner",
    labelKey: "learners",
    icon: "team",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES],
    children: [],
  },
  {
    order: 140,
    name: "recruiters",
    label: "Recruiters",
    labelKey: "recruiters",
    icon: "usergroup-add",
    roles: PROVIDER_ROLES,
    children: [],
  },
  {
    order: 200,
    name: "configuration",
    label: "Configuration",
    labelKey: "configuration",
    icon: "setting",
    roles: PROVIDER_ROLES,
    children: [],
  },
  {
    order: 210,
    name: "activity-logs",
    label: "Activity Logs",
    labelKey: "activity-logs",
    icon: "history",
    // The group is for the super admin and provider admin; its items also list editor and viewer
    roles: [ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN],
    children: [],
  },
];

type Placed = MenuDefinition & { order: number; group?: MenuGroupName };
const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
const entry = ({ order: _order, group: _group, ...definition }: Placed): MenuDefinition => definition;

/**
 * The menu tree, with each entry's roles: the frame and every
 * resource's entry in its place. An entry is gated by its resource's feature key, the one the
 * ability gates the resource by.
 */
function menuTree(): MenuDefinition[] {
  const placed: Placed[] = Object.values(RESOURCES).flatMap(({ name, menu, icon }) => {
    if (!menu) return [];
    if (!icon) throw new Error(`The resource ${name} has a menu entry but no icon`);
    return [{ name, labelKey: name, icon, ...menu }];
  });
  const inGroup = (group: string) =>
    placed
      .filter((p) => p.group === group)
      .sort(byOrder)
      .map(entry);
  return [...MENU_FRAME, ...placed.filter((p) => !p.group)]
    .sort(byOrder)
    .map((definition) =>
      definition.children ? { ...entry(definition), children: inGroup(definition.name) } : entry(definition),
    );
}

/** Built once; a pure call, so that a screen needing none of the menu (the sign-in page) bundles none of it. */
export const MENU: readonly MenuDefinition[] = /* @__PURE__ */ menuTree();

const definitions = (entries: readonly MenuDefinition[]): MenuDefinition[] =>
  entries.flatMap((entry) => [entry, ...definitions(entry.children ?? [])]);

/** The names the menu holds: the frame's and those of the resources with a menu entry, depth first. */
export const MENU_NAMES: readonly MenuName[] = /* @__PURE__ */ definitions(MENU).map((entry) => entry.name);
export const isMenuName = (name: string): name is MenuName => (MENU_NAMES as readonly string[]).includes(name);

export const PREMIUM_TOOLTIP = "This feature is only for our premium subscriber, contact us to activate it";
export const PREMIUM_TOOLTIP_KEY = "menu.premiumTooltip";

/** What the menu needs to know about the signed-in user. */
export interface MenuUser {
  id: number;
  role: Role;
  institution: { id: number; type: InstitutionType } | null;
  enabledFeatures: readonly string[];
}

/** Learner, institution viewer and institution editor never see disabled entries. */
function hidesDisabled(role: Role): boolean {
  return LEARNER_ROLES.includes(role) || INSTITUTION_VIEWER_ROLES.includes(role) || role === ROLES.INSTITUTION_EDITOR;
}

function entryPath(def: MenuDefinition, user: MenuUser): string | null {
  if (!def.path) return null;
  const ownId = def.owner === "learner" ? user.id : user.institution?.id;
  const learner = LEARNER_ROLES.includes(user.role);
  let path = (learner && def.learnerPath ? def.learnerPath : def.path)
    .replace("{id}", String(ownId ?? ""))
    .replace("{type}", user.institution?.type ?? "");
  if (def.learnerQuery && learner) {
    path += (path.includes("?") ? "&" : "?") + def.learnerQuery;
  }
  if (def.unprefixed || !usesAdminPrefix(user.role)) return path;
  return ADMIN_PREFIX + path;
}

function entryLabel(def: MenuDefinition, user: MenuUser): Pick<MenuItem, "label" | "labelKey"> {
  if (def.name === "institution-details" && user.institution?.type === "company") {
    return { label: "Your Company", labelKey: "institution-details-company" };
  }
  return { label: def.label, labelKey: def.labelKey };
}

function visibleTo(def: MenuDefinition, user: MenuUser): boolean {
  if (!def.roles.includes(user.role)) return false;
  if (def.institutionTypes && INSTITUTION_STAFF_ROLES.includes(user.role)) {
    return user.institution !== null && def.institutionTypes.includes(user.institution.type);
  }
  return true;
}

function cut(defs: readonly MenuDefinition[], user: MenuUser): MenuItem[] {
  const items: MenuItem[] = [];
  for (const def of defs) {
    if (!visibleTo(def, user)) continue;
    const featureKey = isResourceName(def.name) ? RESOURCES[def.name].featureKey : undefined;
    const disabled = featureKey !== undefined && !user.enabledFeatures.includes(featureKey);
    if (disabled && hidesDisabled(user.role)) continue;
    const item: MenuItem = { name: def.name, ...entryLabel(def, user), path: entryPath(def, user), disabled };
    if (disabled && INSTITUTION_ADMIN_ROLES.includes(user.role)) {
      item.tooltip = PREMIUM_TOOLTIP;
      item.tooltipKey = PREMIUM_TOOLTIP_KEY;
    }
    if (def.children) {
      item.children = cut(def.children, user);
      if (item.children.length === 0) continue;
    }
    items.push(item);
  }
  return items;
}

/** The menu cut to the user: roles, institution type, feature gating, paths filled in. */
export function menuFor(user: MenuUser): MenuItem[] {
  return cut(MENU, user);
}

function splitPath(path: string): string[] {
  const [pathname = ""] = path.split(/[?#]/);
  return pathname.split("/").filter(Boolean);
}

const LEARNER_DETAIL = /^\/admin\/learners\/(students|employees)\/details\/[^/]+\/?$/;

/**
 * Access rules: a path is allowed when it matches an enabled entry of the user's menu;
 * own-id entries match only the user's own id; student and employee detail pages are allowed
 * for every admin-area user. `menu` is the user's cut menu (from `menuFor` or `/api/meta`).
 */
export function isPathAllowed(menu: readonly MenuItem[], pathname: string, role: Role): boolean {
  const [cleanPath = "/"] = pathname.split(/[?#]/);
  if (usesAdminPrefix(role) && LEARNER_DETAIL.test(cleanPath)) return true;
  const wanted = splitPath(cleanPath);
  return flattenMenu(menu).some((item) => {
    if (!item.path || item.disabled) return false;
    const own = splitPath(item.path);
    // an entry also covers its own sub-pages (details, create, edit)
    return own.length <= wanted.length && own.every((segment, i) => segment === wanted[i]);
  });
}
