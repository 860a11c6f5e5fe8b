import type { ResourceBehaviour } from "../behaviour";

/** Your College / Your Company: the session's own institution (its id is also in the menu path). */
export const institutionDetails: ResourceBehaviour = { singleRecord: { recordId: (user) => user.institution?.id } };
