import { subject } from "@casl/ability";
import { currentAbility } from "../shell/providers/access-control";
import type { ResourcePaths } from "./paths";
import type { ResourceMeta, ResourceRecord, ScreenEntry } from "./types";

export type { ScreenEntry } from "./types";

/** What every page of a resource needs: its definition, its menu entry, its title and its addresses. */
export interface ResourceScreen {
  meta: ResourceMeta;
  entry: ScreenEntry;
  /** The menu entry's label in the current language. */
  title: string;
  paths: ResourcePaths;
}

type Action = ResourceMeta["actions"][number];

export const can = (meta: ResourceMeta, action: Action) => meta.actions.includes(action);

/**
 * Whether the user may act on this very record: the resource allows it and the user's CASL rules
 * (from `/api/profile`) reach the row — an institution changes its own courses, not the
 * provider's. For display only; the API decides.
 */
export function canRecord(meta: ResourceMeta, action: Action, record: ResourceRecord): boolean {
  if (!can(meta, action)) return false;
  return currentAbility().can(action, subject(meta.name, { ...record }) as never);
}
