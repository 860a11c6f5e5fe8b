import type { ResourceBehaviour } from "../../engine/behaviour";

/** Recruiter requests: approve or reject, one by one or the selected rows. The actions load with the resource's pages. */
export const recruitersRequest: ResourceBehaviour = { actions: () => import("./actions") };
