import type { ResourceBehaviour } from "../../engine/behaviour";

/** The institution's plan: its list holds exactly the caller's one plan. */
const behaviour: ResourceBehaviour = { singleRecord: {} };

export default behaviour;
