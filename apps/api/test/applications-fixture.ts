import type { PostingType } from "@csc/shared";
import type { Insertable } from "kysely";
import type { ApplicationTable } from "../src/platform/db/schema.js";

/** The posting an application is to, as its column names it. */
export type PostingRef = { learning_event_id: number } | { job_opportunity_id: number } | { scholarship_id: number };

const typeOf = (posting: PostingRef): PostingType =>
  "learning_event_id" in posting
    ? "learning-event"
    : "job_opportunity_id" in posting
      ? "job-opportunity"
      : "scholarship";

/**
 * An application row as the pipeline writes one, for tests that seed straight into the database:
 * a guest's, undecided, in the first stage of its posting's variant — the given values over it.
 */
export function applicationRow(posting: PostingRef, values: Partial<Insertable<ApplicationTable>> = {}) {
  const type = typeOf(posting);
  const now = new Date().toISOString();
  return {
    posting_type: type,
    learning_event_id: null,
    job_opportunity_id: null,
    scholarship_id: null,
    ...posting,
    user_id: null,
    full_name: "Applicant",
    email: "applicant@example.com",
    contact_number: null,
    profession: null,
    institution_id: null,
    institution: null,
    department: null,
    applied_at: now,
    applicant_type: null,
    stage: type === "job-opportunity" ? "new_candidates" : "new_candidate",
    grade: null,
    percentage: null,
    completion_status: null,
    certificate_code: null,
    withdrawn_at: null,
    created_at: now,
    updated_at: now,
    ...values,
  } satisfies Insertable<ApplicationTable>;
}
