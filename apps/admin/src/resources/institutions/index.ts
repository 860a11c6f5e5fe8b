import type { ResourceBehaviour } from "../../engine/behaviour";

/** Institutions: a new one is a college or a company, chosen from the add-institution menu. */
export const institutions: ResourceBehaviour = { createFrom: "add-institution-menu" };
