import type { ResourceBehaviour } from "../../engine/behaviour";
import { learners } from "../learners/learners";

/** Students: opened at `details/{id}`, with the learner's applications below their details for staff. */
const behaviour: ResourceBehaviour = learners;

export default behaviour;
