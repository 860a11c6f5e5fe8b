import type { ResourceBehaviour } from "../../engine/behaviour";

/** Deleted users: restore one. The actions load with the resource's pages. */
export const deletedUsers: ResourceBehaviour = { actions: () => import("./actions") };
