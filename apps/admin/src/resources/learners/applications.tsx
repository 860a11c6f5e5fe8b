import { LearnerApplications } from "../applications/LearnerApplications";
import type { DetailSectionProps } from "../behaviour";

/** Below a student's or employee's details: their applications, for the staff who reach them (issue 9). */
export default function LearnerDetailSections({ record, recordPath }: DetailSectionProps) {
  return <LearnerApplications learnerId={record.id} recordPath={recordPath} />;
}
