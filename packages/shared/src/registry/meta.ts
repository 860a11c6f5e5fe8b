import type { TimeFilter } from "../enums.js";
import { pendingStagesFor, postingTypeOf, rejectedStagesFor } from "../pipeline.js";
import type { RoleKind } from "../roles.js";
import type { CommandName, FieldType, ResourceAction, ResourceDefinition, ResourceName } from "./types.js";

/**
 * The contract of `GET /api/meta` `resources`: what the API sends and the admin renders, for the
 * signed-in user, with actions and fields already cut to their abilities.
 */

/** Spec §4 time filters a resource with a time window understands (`?type=`). */
export const TIME_WINDOW_FILTERS = [
  "current",
  "expired",
  "upcoming",
  "ongoing",
] as const satisfies readonly TimeFilter[];
export type TimeWindowFilter = (typeof TIME_WINDOW_FILTERS)[number];

/**
 * Spec §4 tabs of a posting's list that are about the learner, not the posting's dates: postings
 * suggested to them (open, matching their skills or preferences, not applied to), and those they
 * applied to that wait for an answer or turned them down (pipeline.ts says which stages are which).
 */
export const LEARNER_TABS = ["suggested", "pending", "rejected"] as const satisfies readonly TimeFilter[];
export type LearnerTab = (typeof LEARNER_TABS)[number];

/** A `?type=` tab of a list: a time window, or (learners, postings) one of the learner's own. */
export type ListTab = TimeWindowFilter | LearnerTab;

/** The learner's tabs of a resource: none but for postings, and "Rejected" only where a stage rejects. */
export function learnerTabsOf(resource: ResourceDefinition): LearnerTab[] {
  const postingType = postingTypeOf(resource.name);
  if (!postingType) return [];
  return LEARNER_TABS.filter(
    (tab) =>
      (tab !== "pending" || pendingStagesFor(postingType).length > 0) &&
      (tab !== "rejected" || rejectedStagesFor(postingType).length > 0),
  );
}

/**
 * The list's `?type=` tabs for a kind of user, the first one the default: events by start and
 * end, the rest by deadline; learners also have their own tabs on postings.
 */
export function timeFiltersOf(resource: ResourceDefinition, kind?: RoleKind): ListTab[] {
  const windows: TimeWindowFilter[] = !resource.timeWindow
    ? []
    : resource.timeWindow.start
      ? ["ongoing", "upcoming", "expired"]
      : ["current", "expired"];
  return kind === "learner" ? [...windows, ...learnerTabsOf(resource)] : windows;
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
  timeFilters: ListTab[];
  /** Deleting keeps the row (Activity Logs → Deleted Users) and asks for a reason (`?reason=`). */
  softDelete: boolean;
  titleField: string;
  defaultSort: ResourceDefinition["defaultSort"];
  actions: ResourceAction[];
  /** The commands of the resource this user may run (approve, reject, restore, withdraw…). */
  commands: CommandName[];
  fields: FieldMeta[];
  /** Filters over a rule rather than a field (`registration` of applications), shaped as enum fields. */
  ruleFilters?: FieldMeta[];
}
