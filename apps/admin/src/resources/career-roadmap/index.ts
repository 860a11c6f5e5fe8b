import type { ResourceBehaviour } from "../../engine/behaviour";

/** Career roadmaps: learners follow them from cards, with their own learning beside. */
const behaviour: ResourceBehaviour = { learnerPage: () => import("../../learner/LearningPage") };

export default behaviour;
