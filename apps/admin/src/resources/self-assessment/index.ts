import type { ResourceBehaviour } from "../../engine/behaviour";

/** Self assessments: learners take them and read their results on a page of their own. */
const behaviour: ResourceBehaviour = { learnerPage: () => import("../../learner/AssessmentsPage") };

export default behaviour;
