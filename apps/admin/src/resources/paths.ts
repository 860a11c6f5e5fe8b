import type { MenuItem, MenuName } from "@csc/shared";
import { pathnameOf } from "../session/meta";

/**
 * Entries that show one record, the caller's own, instead of a list: the institution's details
 * (its id is in the menu path), the recruiter's company profile and the institution's plan.
 */
export const SINGLE_RECORD_ENTRIES: readonly MenuName[] = [
  "institution-details",
  "company-profile",
  "institution-feature-profile",
];
export const isSingleRecordEntry = (name: MenuName) => SINGLE_RECORD_ENTRIES.includes(name);

/** Spec §2: students and employees open at `<list>/details/{id}`, every other record at `<list>/show/{id}`. */
const DETAILS_ENTRIES: readonly MenuName[] = ["students", "employees"];

export interface ResourcePaths {
  /** The list's pathname (no query). */
  base: string;
  /** Where the menu entry points, with its default query (e.g. `?type=ongoing`). */
  home: string;
  create: string;
  edit: (id: string | number) => string;
  show: (id: string | number) => string;
}

export function pathsFor(entry: Pick<MenuItem, "name" | "path">): ResourcePaths {
  const home = entry.path ?? "/";
  const base = pathnameOf(home);
  const showSegment = DETAILS_ENTRIES.includes(entry.name) ? "details" : "show";
  return {
    base,
    home,
    create: `${base}/create`,
    edit: (id) => `${base}/edit/${id}`,
    show: (id) => `${base}/${showSegment}/${id}`,
  };
}

/** The learner detail pages (spec §2), open to every admin-area user. */
export function learnerDetailsPaths(kind: "students" | "employees"): ResourcePaths {
  const base = `/admin/learners/${kind}`;
  return pathsFor({ name: kind, path: base });
}

export type ResourceView =
  | { kind: "list" }
  | { kind: "create" }
  | { kind: "edit"; id: string }
  | { kind: "show"; id: string }
  /** The caller's own record on a single-record entry, and its edit form. */
  | { kind: "record" }
  | { kind: "record-edit" }
  | { kind: "unknown" };

const ID = /^\d+$/;

/** Which page of a menu entry a path asks for: the entry's path, then `create`, `edit/:id`, `show/:id`. */
export function viewFor(entry: Pick<MenuItem, "name" | "path">, pathname: string): ResourceView {
  const base = pathnameOf(entry.path ?? "/")
    .split("/")
    .filter(Boolean);
  const rest = pathname.split("/").filter(Boolean).slice(base.length);
  if (isSingleRecordEntry(entry.name)) {
    if (rest.length === 0) return { kind: "record" };
    if (rest.length === 1 && rest[0] === "edit") return { kind: "record-edit" };
    return { kind: "unknown" };
  }
  const [first, id] = rest;
  if (rest.length === 0) return { kind: "list" };
  if (rest.length === 1 && first === "create") return { kind: "create" };
  if (rest.length === 2 && id && ID.test(id)) {
    if (first === "edit") return { kind: "edit", id };
    if (first === "show" || (first === "details" && DETAILS_ENTRIES.includes(entry.name))) return { kind: "show", id };
  }
  return { kind: "unknown" };
}

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
