import type { ResourceBehaviour } from "../../engine/behaviour";

/** Institutions: a new one is a college or a company, chosen from the add-institution menu. */
const behaviour: ResourceBehaviour = { createFrom: "add-institution-menu" };

export default behaviour;
