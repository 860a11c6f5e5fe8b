import type { ResourceBehaviour } from "../../engine/behaviour";

/** Invitations: send one again (a new link for seven more days). The action loads with the resource's pages. */
const behaviour: ResourceBehaviour = { actions: () => import("./actions") };

export default behaviour;
