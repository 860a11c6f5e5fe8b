import type { CommandName, FieldType, ResourceAction, ResourceDefinition, ResourceName } from "./types.js";

/**
 * The contract of `GET /api/meta` `resources`: what the API sends and the admin renders, for the
 * signed-in user, with actions and fields already cut to their abilities.
 */

/** Spec §4 time filters a resource with a time window understands (`?type=`). */
export const TIME_WINDOW_FILTERS = ["current", "expired", "upcoming", "ongoing"] as const;
export type TimeWindowFilter = (typeof TIME_WINDOW_FILTERS)[number];

/** The list's `?type=` tabs, the first one the default: events by start and end, the rest by deadline. */
export function timeFiltersOf(resource: ResourceDefinition): TimeWindowFilter[] {
  if (!resource.timeWindow) return [];
  return resource.timeWindow.start ? ["ongoing", "upcoming", "expired"] : ["current", "expired"];
}

/** One choice of an enum field (label in en-US, translated by key). */
export interface FieldOption {
  value: string | number | boolean;
  label: string;
  labelKey: string;
}

/** A field of a resource as the signed-in user may see and change it. */
export interface FieldMeta {
  name: string;
  type: FieldType;
  label: string;
  /** `fields:<name>`: the tag field is "tags" or "preferences" by role (spec §6). */
  labelKey: string;
  required: boolean;
  readOnly: boolean;
  list: boolean;
  filter: boolean;
  sort: boolean;
  search: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: FieldOption[];
  relation?: { resource: string; labelField: string; optionsUrl: string };
}

/** A resource as the signed-in user may use it. */
export interface ResourceMeta {
  name: ResourceName;
  /** `?type=` tabs of the list (spec §4); the first is the default. */
  timeFilters: TimeWindowFilter[];
  /** Deleting keeps the row (Activity Logs → Deleted Users) and asks for a reason (`?reason=`). */
  softDelete: boolean;
  titleField: string;
  defaultSort: ResourceDefinition["defaultSort"];
  actions: ResourceAction[];
  /** The commands of the resource this user may run (approve, reject, restore, withdraw…). */
  commands: CommandName[];
  fields: FieldMeta[];
}
