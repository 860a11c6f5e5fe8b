import type { GradingType, PostingType } from "@csc/shared";
import { stagesFor } from "@csc/shared";
import type { ResourceRecord } from "../../engine/types";

/** The posting whose applicants a detail page shows: what it is, which one, how its event is graded. */
export interface Posting {
  type: PostingType;
  id: number;
  /** Learning events only; opportunities and scholarships are not graded. */
  gradingType: GradingType | null;
  /** Whether the caller manages the posting (and so may move its applicants, the API deciding). */
  manages: boolean;
  /** When a learning event starts: its roll call opens then (attendance and grades are refused before). */
  startsAt?: string | null;
}

/** The applications filter naming a posting of each type. */
export const POSTING_FILTER: Record<PostingType, "learning_event_id" | "job_opportunity_id" | "scholarship_id"> = {
  "learning-event": "learning_event_id",
  "job-opportunity": "job_opportunity_id",
  scholarship: "scholarship_id",
};

/** How a posting of this type is graded, read off its record. */
export function gradingOf(type: PostingType, record: ResourceRecord): GradingType | null {
  if (type !== "learning-event") return null;
  const value = record.grading_type;
  return value === "grade" || value === "percentage" || value === "no_grades" ? value : null;
}

/** The stages this posting's applicants move through (its variant). */
export const stagesOf = (posting: Posting) => stagesFor(posting.type);

/** An application row as the list answers it. */
export interface Application extends ResourceRecord {
  posting_type: PostingType;
  learning_event_id: number | null;
  job_opportunity_id: number | null;
  scholarship_id: number | null;
  full_name: string;
  email: string;
  contact_number: string | null;
  profession: string | null;
  institution: string | null;
  department: string | null;
  applied_at: string;
  /** The applicant's skill match with the posting, 0–100; null for a guest (staff only). */
  match_score?: number | null;
  applicant_type: string | null;
  stage: string;
  attendance: number | null;
  grade: string | null;
  percentage: number | null;
  completion_status: string | null;
  withdrawn_at: string | null;
}

/** The id of the posting an application is to, from its posting type's column. */
export const postingIdOf = (row: Application): number | null => row[POSTING_FILTER[row.posting_type]] ?? null;

/**
 * How an application is graded when its posting is not at hand (a learner's applications to many
 * postings): by what it holds, since the API takes a grade only on a grade event and a percentage
 * only on a percentage event.
 */
export function gradingOfRow(row: Application): GradingType | null {
  if (row.posting_type !== "learning-event") return null;
  if (row.grade) return "grade";
  if (typeof row.percentage === "number") return "percentage";
  return null;
}
