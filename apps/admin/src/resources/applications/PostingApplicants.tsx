import type { PostingType } from "@csc/shared";
import type { ComponentType } from "react";
import type { DetailSectionProps } from "../../engine/behaviour";
import { ApplicantsSection } from "./ApplicantsSection";
import { gradingOf, type Posting } from "./posting";

/**
 * The applicants section of one kind of posting's detail page: learning events, job opportunities
 * and scholarships each register it from their own folder, all sharing this one component.
 */
export function postingApplicants(type: PostingType): ComponentType<DetailSectionProps> {
  function PostingApplicants({ record, canUpdate }: DetailSectionProps) {
    const posting: Posting = {
      type,
      id: record.id,
      gradingType: gradingOf(type, record),
      // those who may change the posting manage its applicants; the API still decides each change
      manages: canUpdate,
      startsAt: typeof record.start_at === "string" ? record.start_at : null,
    };
    return <ApplicantsSection posting={posting} />;
  }
  PostingApplicants.displayName = `PostingApplicants(${type})`;
  return PostingApplicants;
}
