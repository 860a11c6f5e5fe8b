import {
  type ApplicationStage,
  ATTENDANCE,
  DELIVERY_MODE,
  firstStageOf,
  isEnumValue,
  type PostingType,
  stagesFor,
} from "./enums.js";
import type { ResourceName } from "./registry/types.js";

/**
 * The applicant pipeline's rules that the API and the admin both ask: which
 * stages are still waiting for an answer and which turned the applicant down, when the applicant
 * may withdraw, and where a learning event takes place. Written once, here.
 */

/** The longest note a change of applicants carries, to the applicant or staff-only (characters). */
export const APPLICATION_NOTE_MAX = 1000;

/**
 * Stages in which nothing is decided yet: the applicant still waits for an answer. The other
 * stages are outcomes — hired, certified or not, absent, moved to an older batch — or a rejection.
 * Stages both variants have (shortlisted, did_not_attend, old_batch) mean the same in each.
 */
export const PENDING_STAGES = [
  "new_candidates",
  "waiting_for_confirmation",
  "did_not_receive_call",
  "phone_screening_completed",
  "cv_submitted",
  "screening_test_completed",
  "test",
  "final_interview",
  "shortlisted",
  "new_candidate",
] as const satisfies readonly ApplicationStage[];

/**
 * Stages that turn the applicant down. Only the candidate stages of opportunities have them: the
 * learner stages of events and scholarships record selection and the outcome of attending, and
 * none of them is a refusal — so those postings have no "Rejected" tab.
 */
export const REJECTED_STAGES = [
  "cv_not_matched",
  "rejected_after_interview",
  "spam",
] as const satisfies readonly ApplicationStage[];

/** The pending stages of a posting type's variant. */
export const pendingStagesFor = (postingType: PostingType): ApplicationStage[] =>
  stagesFor(postingType).filter((stage) => isEnumValue(PENDING_STAGES, stage));

/** The rejecting stages of a posting type's variant (none for the learner stages). */
export const rejectedStagesFor = (postingType: PostingType): ApplicationStage[] =>
  stagesFor(postingType).filter((stage) => isEnumValue(REJECTED_STAGES, stage));

/**
 * Stages that close an application against the applicant's hopes: a rejection, or absence. The
 * applicant is told by mail, so the staff confirm a move into one before it is made, and the board
 * keeps them together, apart from the stages still in play. The one list both sides ask.
 */
export const CLOSING_STAGES = [...REJECTED_STAGES, "did_not_attend"] as const satisfies readonly ApplicationStage[];

/** Whether moving an applicant into this stage closes their application (a confirmation first). */
export const isClosingStage = (stage: unknown): boolean => isEnumValue(CLOSING_STAGES, stage);

/** The closing stages of a posting type's variant, in the variant's order. */
export const closingStagesFor = (postingType: PostingType): ApplicationStage[] =>
  stagesFor(postingType).filter(isClosingStage);

/** What withdrawing looks at in an application. */
export interface WithdrawableApplication {
  posting_type: PostingType;
  stage: string;
  attendance: number | null;
  grade: string | null;
  percentage: number | null;
  completion_status: string | null;
  withdrawn_at: string | null;
}

/**
 * The applicant may withdraw "before any decision": nobody has touched the
 * application yet — still in its first stage, with no attendance, grade, percentage or completion,
 * and not withdrawn already. Stricter than pending: a shortlisted applicant waits for an answer,
 * but the staff have already acted on them.
 */
export const canWithdraw = (application: WithdrawableApplication): boolean =>
  application.withdrawn_at === null &&
  application.stage === firstStageOf(application.posting_type) &&
  (application.attendance === null || application.attendance === ATTENDANCE.noStatus) &&
  application.grade === null &&
  application.percentage === null &&
  application.completion_status === null;

/** The resource each posting type is served as (`/api/learning-events`, …). */
export const POSTING_RESOURCES = {
  "learning-event": "learning-events",
  "job-opportunity": "job-opportunities",
  scholarship: "scholarship",
} as const satisfies Record<PostingType, ResourceName>;

/** The posting type a resource serves, or null for a resource that is not a posting. */
export function postingTypeOf(resource: ResourceName): PostingType | null {
  const found = Object.entries(POSTING_RESOURCES).find(([, name]) => name === resource);
  return found ? (found[0] as PostingType) : null;
}

/**
 * The field that says where a learning event takes place, by its delivery mode (stored 1/0 or
 * sent as true/false): an online event needs its link, an offline one its venue; null when the
 * mode is not set.
 */
export function placeFieldOf(deliveryMode: unknown): "link" | "venue" | null {
  if (deliveryMode === DELIVERY_MODE.online || deliveryMode === 1) return "link";
  if (deliveryMode === DELIVERY_MODE.offline || deliveryMode === 0) return "venue";
  return null;
}
