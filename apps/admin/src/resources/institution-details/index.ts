import type { ResourceBehaviour } from "../../engine/behaviour";

/**
 * Your College / Your Company: the session's own institution (its id is also in the menu path),
 * whose single sign-on its admins test below its details, as provider staff do on Institutions.
 */
const behaviour: ResourceBehaviour = {
  singleRecord: { recordId: (user) => user.institution?.id },
  detailSections: () => import("../institutions/SsoTestSection"),
};

export default behaviour;
