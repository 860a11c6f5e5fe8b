import type { ResourceBehaviour } from "../../engine/behaviour";

/** Your College / Your Company: the session's own institution (its id is also in the menu path). */
const behaviour: ResourceBehaviour = { singleRecord: { recordId: (user) => user.institution?.id } };

export default behaviour;
