import type { ResourceBehaviour } from "../../engine/behaviour";

/** Internship/job opportunities: the detail page shows the posting's applicants to the staff who see them. */
const behaviour: ResourceBehaviour = {
  // learners get cards of the postings to apply to instead of the console's table
  learnerPage: () => import("../../learner/PostingsPage"),
  detailSections: () => import("./applicants"),
};

export default behaviour;
