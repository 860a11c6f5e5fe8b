import type { ResourceBehaviour } from "../../engine/behaviour";

/** Deleted users: restore one. The actions load with the resource's pages. */
const behaviour: ResourceBehaviour = { actions: () => import("./actions") };

export default behaviour;
