import type { EnrolmentItemType } from "./enums.js";
import { ENROLMENT_ITEMS } from "./resources/enrolments.js";
import { RESOURCES } from "./resources/index.js";

/**
 * The learner journey's rules that the API, the seed and the admin all ask: what
 * each kind of enrolment is in, which of its item's fields hold the skills its completion gives
 * and the steps a learner ticks, and how far ticked steps take them. Written once, here.
 */

type Items = typeof ENROLMENT_ITEMS;
const itemTypes = Object.keys(ENROLMENT_ITEMS) as EnrolmentItemType[];

/** The catalogue resource of each kind of enrolment (its `POST /{resource}/{id}/enrol`), as the enrolments' module declares it. */
export const ENROLMENT_RESOURCE = Object.fromEntries(
  itemTypes.map((type) => [type, ENROLMENT_ITEMS[type].resource]),
) as { readonly [Type in EnrolmentItemType]: Items[Type]["resource"] };

/** The enrolment column holding the item, by its type (the others stay null). */
export const ENROLMENT_COLUMN = Object.fromEntries(itemTypes.map((type) => [type, ENROLMENT_ITEMS[type].column])) as {
  readonly [Type in EnrolmentItemType]: Items[Type]["column"];
};

const hasField = (type: EnrolmentItemType, name: string) =>
  RESOURCES[ENROLMENT_RESOURCE[type]].fields.some((field) => field.name === name);

/**
 * The item's field whose labels a learner gains as skills on completing it: its `skills` where
 * the registry declares one (career roadmaps), else its `tags` (courses, enrichment programs).
 */
export const skillsFieldOf = (type: EnrolmentItemType): "skills" | "tags" =>
  hasField(type, "skills") ? "skills" : "tags";

/**
 * The item's field listing the steps a learner ticks, or null when it has none: only roadmaps
 * have steps — a `steps` field once the registry declares one, until then their skills, each
 * skill one step of the path.
 */
export function stepsFieldOf(type: EnrolmentItemType): "steps" | "skills" | null {
  if (type !== "career-roadmap") return null;
  if (hasField(type, "steps")) return "steps";
  return hasField(type, "skills") ? "skills" : null;
}

/** Progress (0–100, whole) of `done` steps ticked out of `total`; null when there are no steps to count. */
export const progressOfSteps = (done: number, total: number): number | null =>
  total > 0 ? Math.min(100, Math.round((100 * done) / total)) : null;

/** Progress at which an enrolment is complete. */
export const COMPLETE_PROGRESS = 100;
