import type { DetailSectionProps } from "../../engine/behaviour";
import { LearnerApplications } from "../applications/LearnerApplications";
import { LearnerAssessments } from "../enrolments/LearnerAssessments";
import { LearnerLearning } from "../enrolments/LearnerLearning";

/**
 * Below a student's or employee's details: their applications, their learning and their
 * assessment attempts, for the staff who reach them.
 */
export default function LearnerDetailSections({ record, recordPath }: DetailSectionProps) {
  return (
    <>
      <LearnerApplications learnerId={record.id} recordPath={recordPath} />
      <LearnerLearning learnerId={record.id} recordPath={recordPath} />
      <LearnerAssessments learnerId={record.id} />
    </>
  );
}
