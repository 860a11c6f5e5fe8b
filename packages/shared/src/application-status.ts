import { ATTENDANCE, isEnumValue } from "./enums.js";
import { PENDING_STAGES } from "./pipeline.js";

/** What telling an open application from a past one looks at. */
export interface ApplicationStanding {
  stage: string;
  attendance: number | null;
  grade: string | null;
  percentage: number | null;
  completion_status: string | null;
  withdrawn_at: string | null;
}

/**
 * An application is open while the applicant still waits for its outcome: not withdrawn, in a
 * stage that decides nothing yet (PENDING_STAGES), and with no outcome recorded beside the stage —
 * no completion (complete or not), grade or percentage, and not marked absent. Everything else
 * is past: completed, turned down, withdrawn, or ended by an outcome. "My open applications"
 * shows the open ones; the past ones stay under the learner's applications.
 */
export const isOpenApplication = (application: ApplicationStanding): boolean =>
  !application.withdrawn_at &&
  isEnumValue(PENDING_STAGES, application.stage) &&
  application.completion_status === null &&
  application.grade === null &&
  application.percentage === null &&
  application.attendance !== ATTENDANCE.absent;
