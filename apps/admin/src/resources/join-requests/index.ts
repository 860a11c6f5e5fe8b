import type { ResourceBehaviour } from "../../engine/behaviour";

/** Join requests: approve or reject, one by one or the selected rows. The actions load with the resource's pages. */
const behaviour: ResourceBehaviour = { actions: () => import("./actions") };

export default behaviour;
