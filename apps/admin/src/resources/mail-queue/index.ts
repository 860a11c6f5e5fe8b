import type { ResourceBehaviour } from "../../engine/behaviour";

/**
 * Activity Logs → Mail Queue: the queue's counts above the list, and a failed mail sent again.
 * Both load with the resource's pages.
 */
const behaviour: ResourceBehaviour = {
  actions: () => import("./actions"),
  listSummary: () => import("./MailQueueCounts"),
};

export default behaviour;
