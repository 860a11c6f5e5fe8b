import type { ResourceBehaviour } from "../../engine/behaviour";
import { enrolledLearners } from "../enrolments/enrolled-learners";

/** Enrichment programs: the enrolled learners below a program for staff (learners find them under Courses). */
const behaviour: ResourceBehaviour = enrolledLearners;

export default behaviour;
