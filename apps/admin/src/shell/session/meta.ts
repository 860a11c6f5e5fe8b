import { flattenMenu, type MenuItem } from "@csc/shared";
import type { ResourceProps } from "@refinedev/core";
/** The path part of a menu entry (`/admin/job-trainings?type=ongoing` → `/admin/job-trainings`). */
export const pathnameOf = (path: string) => path.split(/[?#]/)[0] ?? path;

/** refine resources from the server's menu: groups become parents, entries list pages. */
export function resourcesFromMenu(menu: readonly MenuItem[]): ResourceProps[] {
  const parents = new Map<string, string>();
  for (const item of menu) for (const child of item.children ?? []) parents.set(child.name, item.name);
  return flattenMenu(menu).map((item) => ({
    name: item.name,
    ...(item.path ? { list: pathnameOf(item.path) } : {}),
    meta: {
      label: item.label,
      labelKey: `menu.${item.labelKey}`,
      parent: parents.get(item.name),
      disabled: item.disabled,
    },
  }));
}

/** The menu entry a path belongs to: the one whose path is the longest prefix of it. */
export function menuEntryFor(menu: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const wanted = pathname.split("/").filter(Boolean);
  let best: MenuItem | undefined;
  let bestLength = -1;
  for (const item of flattenMenu(menu)) {
    if (!item.path) continue;
    const own = pathnameOf(item.path).split("/").filter(Boolean);
    const matches = own.length <= wanted.length && own.every((segment, i) => segment === wanted[i]);
    if (matches && own.length > bestLength) {
      best = item;
      bestLength = own.length;
    }
  }
  return best;
}
