import type { MenuName } from "./menu-names.js";
import { isResourceName, RESOURCES } from "./resources/index.js";
import {
  INSTITUTION_ADMIN_ROLES,
  INSTITUTION_STAFF_ROLES,
  INSTITUTION_VIEWER_ROLES,
  type InstitutionType,
  LEARNER_ROLES,
  PROVIDER_ROLES,
  RECRUITER_ROLES,
  ROLES,
  type Role,
} from "./roles.js";

export { MENU_NAMES, type MenuName } from "./menu-names.js";

/** Who an entry's path belongs to: `{id}` in the path is filled with that id (spec §2 access rules). */
export type PathOwner = "institution" | "learner";

export interface MenuDefinition {
  name: MenuName;
  /** en-US label; the admin translates `menu.<labelKey>`. */
  label: string;
  labelKey: string;
  /** Path without the `/admin` prefix; `{id}` and `{type}` are filled per user. Groups have none. */
  path?: string;
  /** Extra query for learners (spec §2: self assessment adds ?type=all). */
  learnerQuery?: string;
  /** Where the entry leads learners instead, when their page is another (never an admin table, DESIGN §8). */
  learnerPath?: string;
  roles: readonly Role[];
  /** Institution types the entry exists for, for institution staff (students for colleges…). */
  institutionTypes?: readonly InstitutionType[];
  owner?: PathOwner;
  /** Profile is shared by every role and never prefixed. */
  unprefixed?: boolean;
  children?: MenuDefinition[];
}

const P = PROVIDER_ROLES;
const I = INSTITUTION_STAFF_ROLES;
const R = RECRUITER_ROLES;
const L = LEARNER_ROLES;
const EVERYONE = [...P, ...I, ...R, ...L];

/**
 * The menu tree of spec §6 and DESIGN §2a, with each entry's roles. An entry is gated by its
 * resource's feature key (resources/), the one the ability gates the resource by.
 */
export const MENU: readonly MenuDefinition[] = [
  { name: "dashboard", label: "Dashboard", labelKey: "dashboard", path: "/dashboard", roles: EVERYONE },
  {
    name: "profile",
    label: "Profile",
    labelKey: "profile",
    path: "/profile",
    roles: EVERYONE,
    unprefixed: true,
  },
  { name: "institutions", label: "Institutions", labelKey: "institutions", path: "/institutions", roles: P },
  {
    name: "institution-details",
    label: "Your College",
    labelKey: "institution-details",
    path: "/institutions/details/{id}?type={type}",
    roles: I,
    owner: "institution",
  },
  // spec §6: recruiters read company profile straight after their profile
  {
    name: "company-profile",
    label: "Company Profile",
    labelKey: "company-profile",
    path: "/company-profile",
    roles: R,
  },
  {
    name: "learners",
    label: "Learner",
    labelKey: "learners",
    roles: [...P, ...I],
    children: [
      {
        name: "students",
        label: "Students",
        labelKey: "students",
        path: "/learners/students",
        roles: [...P, ...I],
        institutionTypes: ["college"],
      },
      {
        name: "employees",
        label: "Employees",
        labelKey: "employees",
        path: "/learners/employees",
        // spec §6: employees exclude the institution viewer and include the college viewer
        roles: [...P, ROLES.INSTITUTION_ADMIN, ROLES.INSTITUTION_EDITOR, ROLES.COLLEGE_ADMIN, ROLES.COLLEGE_VIEWER],
        institutionTypes: ["company"],
      },
    ],
  },
  {
    name: "career-roadmap",
    label: "Career Roadmap",
    labelKey: "career-roadmap",
    path: "/career-roadmap",
    roles: [...P, ...I, ...L],
  },
  {
    name: "self-assessment",
    label: "Self Assessment",
    labelKey: "self-assessment",
    path: "/self-assessment",
    learnerQuery: "type=all",
    roles: [...P, ...I, ...L],
  },
  {
    name: "courses",
    label: "Courses",
    labelKey: "courses",
    path: "/courses",
    roles: [...P, ...I, ...L],
  },
  {
    name: "scholarship",
    label: "Scholarship",
    labelKey: "scholarship",
    path: "/scholarship",
    roles: [...P, ...I, ...L],
  },
  {
    name: "learning-events",
    label: "Learning Events",
    labelKey: "learning-events",
    path: "/job-trainings?type=ongoing",
    roles: EVERYONE,
  },
  {
    name: "job-opportunities",
    label: "Internship/Job Opportunities",
    labelKey: "job-opportunities",
    path: "/job-opportunities?type=current",
    roles: EVERYONE,
  },
  {
    name: "global-partners",
    label: "Global Partners",
    labelKey: "global-partners",
    path: "/global-partners",
    roles: [...P, ...I, ...L],
  },
  {
    name: "recruiters",
    label: "Recruiters",
    labelKey: "recruiters",
    roles: P,
    children: [
      {
        name: "recruiters-existing",
        label: "Existing",
        labelKey: "recruiters-existing",
        path: "/job-providers/existing",
        roles: P,
      },
      {
        name: "recruiters-request",
        label: "Request",
        labelKey: "recruiters-request",
        path: "/job-providers/request",
        roles: P,
      },
    ],
  },
  {
    name: "college-recruiters",
    label: "Recruiters",
    labelKey: "college-recruiters",
    path: "/job-providers-recruiter",
    roles: I,
    institutionTypes: ["college"],
  },
  {
    name: "enrichment-programs",
    label: "Enrichment Program",
    labelKey: "enrichment-programs",
    path: "/external-program",
    roles: [...P, ...I],
  },
  {
    name: "feature-profile",
    label: "Feature Profile",
    labelKey: "feature-profile",
    path: "/feature-profile",
    roles: P,
  },
  {
    name: "institution-feature-profile",
    label: "Feature Profile",
    labelKey: "institution-feature-profile",
    path: "/institution-feature-profile",
    roles: INSTITUTION_ADMIN_ROLES,
  },
  {
    name: "users",
    label: "User Management",
    labelKey: "users",
    path: "/users",
    // a learner manages one user, themselves: their own account page, not the users table
    learnerPath: "/account",
    roles: [...P, ...I, ROLES.RECRUITER_ADMIN, ROLES.RECRUITER_EDITOR, ...L],
  },
  {
    name: "configuration",
    label: "Configuration",
    labelKey: "configuration",
    roles: P,
    children: [
      {
        name: "program-departments",
        label: "Program/Departments",
        labelKey: "program-departments",
        path: "/configuration/program-departments",
        roles: P,
      },
      { name: "tags", label: "Tags", labelKey: "tags", path: "/tags", roles: P },
      { name: "testimonials", label: "Testimonials", labelKey: "testimonials", path: "/testimonials", roles: P },
    ],
  },
  {
    name: "activity-logs",
    label: "Activity Logs",
    labelKey: "activity-logs",
    // spec §6: the group is for the super admin and provider admin; its items also list editor and viewer
    roles: [ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN],
    children: [
      {
        name: "deleted-users",
        label: "Deleted Users",
        labelKey: "deleted-users",
        path: "/activity-logs/deleted-users",
        roles: P,
      },
      {
        name: "download-logs",
        label: "Download Logs",
        labelKey: "download-logs",
        path: "/activity-logs/download-logs",
        roles: P,
      },
    ],
  },
];

export const PREMIUM_TOOLTIP = "This feature is only for our premium subscriber, contact us to activate it";
export const PREMIUM_TOOLTIP_KEY = "menu.premiumTooltip";
export const ADMIN_PREFIX = "/admin";

/** What the menu needs to know about the signed-in user. */
export interface MenuUser {
  id: number;
  role: Role;
  institution: { id: number; type: InstitutionType } | null;
  enabledFeatures: readonly string[];
}

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

/** Whether a role works outside the `/admin` area (spec §2: learners only). */
export const usesAdminPrefix = (role: Role) => !LEARNER_ROLES.includes(role);

/** Learner, institution viewer and institution editor never see disabled entries (spec §4). */
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

/** The menu of spec §6 cut to the user: roles, institution type, feature gating, paths filled in. */
export function menuFor(user: MenuUser): MenuItem[] {
  return cut(MENU, user);
}

/** Every entry of a menu tree, groups included, depth first. */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenu(item.children ?? [])]);
}

function splitPath(path: string): string[] {
  const [pathname = ""] = path.split(/[?#]/);
  return pathname.split("/").filter(Boolean);
}

const LEARNER_DETAIL = /^\/admin\/learners\/(students|employees)\/details\/[^/]+\/?$/;

/**
 * Spec §2 access rules: a path is allowed when it matches an enabled entry of the user's menu;
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

/** The path of the user's home page (dashboard) with the right prefix. */
export function dashboardPath(role: Role): string {
  return usesAdminPrefix(role) ? `${ADMIN_PREFIX}/dashboard` : "/dashboard";
}
