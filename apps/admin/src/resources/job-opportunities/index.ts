import type { ResourceBehaviour } from "../../engine/behaviour";

/** Internship/job opportunities: the detail page shows the posting's applicants to the staff who see them. */
export const jobOpportunities: ResourceBehaviour = { detailSections: () => import("./applicants") };
