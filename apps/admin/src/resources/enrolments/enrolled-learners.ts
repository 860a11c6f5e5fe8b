import type { ResourceBehaviour } from "../../engine/behaviour";

/** Courses and enrichment programs: the detail page shows the enrolled learners to the staff who read them. */
export const enrolledLearners: ResourceBehaviour = { detailSections: () => import("./EnrolledLearners") };
