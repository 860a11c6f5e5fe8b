import type { TimeFilter } from "../enums.js";
import { pendingStagesFor, postingTypeOf, rejectedStagesFor } from "../pipeline.js";
import type { RoleKind } from "../roles.js";
import type { ResourceDefinition } from "./types.js";

/**
 * The contract of `GET /api/meta` `resources`: what the API sends and the admin renders, for the
 * signed-in user, with actions and fields already cut to their abilities.
 */

/** Time filters a resource with a time window understands (`?type=`). */
export const TIME_WINDOW_FILTERS = [
  "current",
  "expired",
  "upcoming",
  "ongoing",
] as const satisfies readonly TimeFilter[];
export type TimeWindowFilter = (typeof TIME_WINDOW_FILTERS)[number];

/**
 * Tabs of a posting's list that are about the learner, not the posting's dates: postings
 * suggested to them (open, matching their skills or preferences, not applied to), and those they
 * applied to that wait for an answer or turned them down (pipeline.ts says which stages are which);
 * and of what learners take (self-assessments), those they have taken and those they have not.
 */
export const LEARNER_TABS = [
  "suggested",
  "pending",
  "rejected",
  "taken",
  "not-taken",
] as const satisfies readonly TimeFilter[];
export type LearnerTab = (typeof LEARNER_TABS)[number];

/**
 * The tab of every row, whatever the window or the learner: any list with tabs takes it, and it is
 * the learner's default on what they take (the self-assessment list adds `?type=all`).
 */
export const ALL_TAB = "all" as const satisfies TimeFilter;

/** A `?type=` tab of a list: a time window, one of the learner's own, or all rows. */
export type ListTab = TimeWindowFilter | LearnerTab | typeof ALL_TAB;

/** Whether learners take the resource's rows (a self-assessment's attempts), so that it has their taken tabs. */
export const takenByLearner = (resource: ResourceDefinition) =>
  (resource.commands ?? []).some((command) => command.name === "attempts");

/**
 * The learner's tabs of a resource: on postings by their applications, "Rejected" only where a
 * stage rejects; on what learners take, taken or not; none elsewhere.
 */
export function learnerTabsOf(resource: ResourceDefinition): LearnerTab[] {
  if (takenByLearner(resource)) return ["taken", "not-taken"];
  const postingType = postingTypeOf(resource.name);
  if (!postingType) return [];
  return (["suggested", "pending", "rejected"] as const).filter(
    (tab) =>
      (tab !== "pending" || pendingStagesFor(postingType).length > 0) &&
      (tab !== "rejected" || rejectedStagesFor(postingType).length > 0),
  );
}

/**
 * The list's `?type=` tabs for a kind of user, the first one the default: events by start and
 * end, the rest by deadline; learners also have their own tabs on postings, and on what they
 * take all rows first, then those they have taken and not.
 */
export function timeFiltersOf(resource: ResourceDefinition, kind?: RoleKind): ListTab[] {
  const windows: TimeWindowFilter[] = !resource.timeWindow
    ? []
    : resource.timeWindow.start
      ? ["ongoing", "upcoming", "expired"]
      : ["current", "expired"];
  if (kind !== "learner") return windows;
  return [...(takenByLearner(resource) ? [ALL_TAB] : []), ...windows, ...learnerTabsOf(resource)];
}
