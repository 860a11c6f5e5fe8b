import type { ResourceBehaviour } from "../../engine/behaviour";

/** Scholarships: the detail page shows the posting's applicants to the staff who see them. */
export const scholarship: ResourceBehaviour = { detailSections: () => import("./applicants") };
