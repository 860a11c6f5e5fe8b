import type { ResourceBehaviour } from "../../engine/behaviour";
import { learners } from "../learners/learners";

/** Employees: opened at `details/{id}`, with the learner's applications below their details for staff. */
const behaviour: ResourceBehaviour = learners;

export default behaviour;
