import type { ResourceBehaviour } from "../../engine/behaviour";

/**
 * Institutions: a new one is a college or a company, chosen from the add-institution menu; below
 * one's details, its single sign-on can be tested.
 */
const behaviour: ResourceBehaviour = {
  createFrom: "add-institution-menu",
  detailSections: () => import("./SsoTestSection"),
};

export default behaviour;
