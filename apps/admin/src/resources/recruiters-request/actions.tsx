import { decisionActions } from "../../engine/actions/decisions";

/**
 * Recruiters → Request: provider staff approve or reject company requests, one or many at once;
 * a rejection needs a reason (the company is told why). An approved company moves to Existing.
 */
export default decisionActions(
  "recruiters-request",
  {
    approveTitle: "resources.approveTitle",
    rejectTitle: "resources.rejectTitle",
    approveMessage: "resources.approveMessage",
    rejectMessage: "resources.rejectMessage",
  },
  ["recruiters-existing"],
);
