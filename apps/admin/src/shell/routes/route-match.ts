import {
  helpPath,
  isPathAllowed,
  isProviderRole,
  type MenuItem,
  type MenuName,
  type Role,
  TUTORIALS_PATH,
} from "@csc/shared";
import { NOTIFICATION_SETTINGS_PATH, NOTIFICATIONS_PATH } from "../../notifications/paths";
import { menuEntryFor, pathnameOf } from "../session/meta";

/**
 * What a path below a menu entry asks for, read from the segments after the entry's own path:
 * nothing (the entry's page: its list, or its one record), `create`, `import`, `edit/:id`, `show/:id` or
 * `details/:id`, and `edit` alone (a single-record entry's form). Whether the resource offers it
 * is the resource pages' business (engine/paths.ts `viewOf`).
 */
export type RouteTarget =
  | { action: "list" }
  | { action: "create" }
  | { action: "import" }
  | { action: "edit"; id: string }
  | { action: "show"; id: string; segment: "show" | "details" }
  | { action: "edit-own" }
  | { action: "unknown" };

/** The page a signed-in path shows. */
type MenuRoutePage =
  | { kind: "not-allowed" }
  /** Learner detail pages, open to every admin-area user. */
  | { kind: "learner-details"; resource: "students" | "employees"; id: string }
  | { kind: "entry"; entry: MenuItem; resource: MenuName; target: RouteTarget }
  /** The Help page: every role's, reached from the header, never from the menus. */
  | { kind: "help" }
  /** The tutorials provider staff keep, opened from their Help page. */
  | { kind: "tutorials"; target: RouteTarget }
  /** Every role's notifications and their settings: reached from the bell, never from the menus. */
  | { kind: "notifications" }
  | { kind: "notification-settings" };

/** The signed-in path, read once: the menu entry it belongs to, and the page it shows. */
export interface MenuRouteMatch {
  /** The entry whose path is the longest prefix of it (the sidebar marks it), allowed or not. */
  entry: MenuItem | undefined;
  page: MenuRoutePage;
}

const ID = /^\d+$/;
const LEARNER_DETAILS = /\/learners\/(students|employees)\/details\/([^/]+)\/?$/;

/** `rest`: the path's segments after the entry's own path. */
function targetOf(rest: readonly string[]): RouteTarget {
  const [first, id] = rest;
  if (rest.length === 0) return { action: "list" };
  if (rest.length === 1 && first === "create") return { action: "create" };
  if (rest.length === 1 && first === "import") return { action: "import" };
  if (rest.length === 1 && first === "edit") return { action: "edit-own" };
  if (rest.length === 2 && id && ID.test(id)) {
    if (first === "edit") return { action: "edit", id };
    if (first === "show" || first === "details") return { action: "show", id, segment: first };
  }
  return { action: "unknown" };
}

/** What `pathname` asks for below the entry at `entryPath`. */
export function targetBelow(entryPath: string, pathname: string): RouteTarget {
  const base = pathnameOf(entryPath).split("/").filter(Boolean);
  return targetOf(pathname.split("/").filter(Boolean).slice(base.length));
}

/** The one reading of a signed-in path: access rules first, then the menu entry it belongs to. */
export function matchMenuRoute(menu: MenuItem[], role: Role, pathname: string): MenuRouteMatch {
  // the pages outside the menus, open to every signed-in role
  const outsideMenus = helpPageOf(role, pathname) ?? notificationPageOf(pathname);
  if (outsideMenus) return { entry: undefined, page: outsideMenus };
  const entry = menuEntryFor(menu, pathname);
  if (!isPathAllowed(menu, pathname, role)) return { entry, page: { kind: "not-allowed" } };
  const details = LEARNER_DETAILS.exec(pathname);
  if (details?.[1] && details[2]) {
    const resource = details[1] as "students" | "employees";
    return { entry, page: { kind: "learner-details", resource, id: details[2] } };
  }
  if (!entry) return { entry, page: { kind: "not-allowed" } };
  const target: RouteTarget = entry.path ? targetBelow(entry.path, pathname) : { action: "list" };
  return { entry, page: { kind: "entry", entry, resource: entry.name, target } };
}

const withinPath = (base: string, pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The pages of the Help area, outside the menus: the Help page at the role's own help
 * path, and for provider staff the tutorials they keep. The API decides what each may do there.
 */
function helpPageOf(role: Role, pathname: string): MenuRoutePage | null {
  const clean = pathname.replace(/\/+$/, "") || "/";
  if (clean === helpPath(role)) return { kind: "help" };
  if (isProviderRole(role) && withinPath(TUTORIALS_PATH, clean)) {
    return { kind: "tutorials", target: targetBelow(TUTORIALS_PATH, clean) };
  }
  return null;
}

/** The notification centre's pages, the same for every role (the API's digest mails link there). */
function notificationPageOf(pathname: string): MenuRoutePage | null {
  const clean = pathname.replace(/\/+$/, "") || "/";
  if (clean === NOTIFICATIONS_PATH) return { kind: "notifications" };
  if (clean === NOTIFICATION_SETTINGS_PATH) return { kind: "notification-settings" };
  return null;
}
