import type { ResourceBehaviour } from "../../engine/behaviour";

/** Global partners: learners read them as cards. */
const behaviour: ResourceBehaviour = { learnerPage: () => import("../../learner/PartnersPage") };

export default behaviour;
