import type { ResourceBehaviour } from "../../engine/behaviour";
import { enrolledLearners } from "../enrolments/enrolled-learners";

/** Courses: the enrolled learners below a course for staff; learners enrol from cards, with their own learning beside. */
const behaviour: ResourceBehaviour = { ...enrolledLearners, learnerPage: () => import("../../learner/LearningPage") };

export default behaviour;
