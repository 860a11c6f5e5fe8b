import { decisionActions } from "../../engine/actions/decisions";

/**
 * Join Requests: staff let people who registered on their site in, or turn them away with a
 * reason (the person is told why), one or many at once. An approved person appears among the
 * institution's learners.
 */
export default decisionActions(
  "join-requests",
  {
    approveTitle: "resources.joinApproveTitle",
    rejectTitle: "resources.joinRejectTitle",
    approveMessage: "resources.joinApproveMessage",
    rejectMessage: "resources.joinRejectMessage",
  },
  ["students", "employees", "users"],
);
