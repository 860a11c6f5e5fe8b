import type { ResourceBehaviour } from "../behaviour";

/** Internship/job opportunities: the detail page shows the posting's applicants to the staff who see them (issue 9). */
export const jobOpportunities: ResourceBehaviour = { detailSections: () => import("./applicants") };
