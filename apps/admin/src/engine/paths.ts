import { flattenMenu, isImportResource, type MenuItem } from "@csc/shared";
import { behaviourOf } from "../resources";
import { type RouteTarget, targetBelow } from "../shell/routes/route-match";
import { pathnameOf } from "../shell/session/meta";
import type { ScreenEntry } from "./types";

export interface ResourcePaths {
  /** The list's pathname (no query). */
  base: string;
  /** Where the menu entry points, with its default query (e.g. `?type=ongoing`). */
  home: string;
  create: string;
  /** Loading a file of rows (learners: DESIGN §5b "Onboarding"). */
  import: string;
  edit: (id: string | number) => string;
  show: (id: string | number) => string;
}

export function pathsFor(entry: Pick<ScreenEntry, "name" | "path">): ResourcePaths {
  const home = entry.path ?? "/";
  const base = pathnameOf(home);
  const showSegment = behaviourOf(entry.name).recordSegment ?? "show";
  return {
    base,
    home,
    create: `${base}/create`,
    import: `${base}/import`,
    edit: (id) => `${base}/edit/${id}`,
    show: (id) => `${base}/${showSegment}/${id}`,
  };
}

/** Where a record of a resource opens in this menu, or null when the menu has no open entry for it. */
export function recordPathIn(menu: readonly MenuItem[], resource: string, id: string | number): string | null {
  const entry = flattenMenu(menu).find((item) => item.name === resource && item.path && !item.disabled);
  return entry ? pathsFor(entry).show(id) : null;
}

type ResourceView =
  | { kind: "list" }
  | { kind: "create" }
  | { kind: "import" }
  | { kind: "edit"; id: string }
  | { kind: "show"; id: string }
  /** The caller's own record on a single-record entry, and its edit form. */
  | { kind: "record" }
  | { kind: "record-edit" }
  | { kind: "unknown" };

/**
 * Which page of its resource a route target (shell/routes/route-match.ts, read once from the path) is:
 * single-record entries show their record and `edit` it; the others list, create, edit and show,
 * a record also at `details/{id}` where the resource opens records there.
 */
export function viewOf(entry: Pick<ScreenEntry, "name">, target: RouteTarget): ResourceView {
  const behaviour = behaviourOf(entry.name);
  if (behaviour.singleRecord) {
    if (target.action === "list") return { kind: "record" };
    if (target.action === "edit-own") return { kind: "record-edit" };
    return { kind: "unknown" };
  }
  switch (target.action) {
    case "list":
    case "create":
      return { kind: target.action };
    case "import":
      return isImportResource(entry.name) ? { kind: "import" } : { kind: "unknown" };
    case "edit":
      return { kind: "edit", id: target.id };
    case "show":
      return target.segment === "show" || behaviour.recordSegment === "details"
        ? { kind: "show", id: target.id }
        : { kind: "unknown" };
    default:
      return { kind: "unknown" };
  }
}

/** Which page of a menu entry a path asks for: the entry's path, then `create`, `edit/:id`, `show/:id`. */
export const viewFor = (entry: Pick<MenuItem, "name" | "path">, pathname: string): ResourceView =>
  viewOf(entry, targetBelow(entry.path ?? "/", pathname));

const LIST_SEARCH_KEY = "csc-list-search";

/** Remembers the list's filters, sort and page so that a form or detail page can return to them. */
export function rememberListSearch(resource: string, search: string) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LIST_SEARCH_KEY) ?? "{}") as Record<string, string>;
    saved[resource] = search;
    sessionStorage.setItem(LIST_SEARCH_KEY, JSON.stringify(saved));
  } catch {
    // storage may be unavailable (private mode); the list then opens with its defaults
  }
}

/** The list as the user left it, or the menu entry's own address. */
export function listUrl(resource: string, paths: ResourcePaths): string {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LIST_SEARCH_KEY) ?? "{}") as Record<string, string>;
    const search = saved[resource];
    if (search) return `${paths.base}${search}`;
  } catch {
    // fall through to the entry's address
  }
  return paths.home;
}
