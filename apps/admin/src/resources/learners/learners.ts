import type { ResourceBehaviour } from "../../engine/behaviour";

/**
 * Students and employees (one behaviour, registered for both): opens them at `details/{id}`,
 * with the learner's applications below their details for staff.
 */
export const learners: ResourceBehaviour = {
  recordSegment: "details",
  detailSections: () => import("./applications"),
};
