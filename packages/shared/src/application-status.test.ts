import { describe, expect, it } from "vitest";
import { type ApplicationStanding, isOpenApplication } from "./application-status.js";
import { ATTENDANCE } from "./enums.js";

const waiting: ApplicationStanding = {
  stage: "new_candidate",
  attendance: ATTENDANCE.noStatus,
  grade: null,
  percentage: null,
  completion_status: null,
  withdrawn_at: null,
};

describe("an open application", () => {
  it("is one still waiting for its outcome: new, shortlisted, at an interview, present but not graded", () => {
    expect(isOpenApplication(waiting)).toBe(true);
    expect(isOpenApplication({ ...waiting, attendance: null })).toBe(true);
    expect(isOpenApplication({ ...waiting, stage: "shortlisted", attendance: ATTENDANCE.present })).toBe(true);
    expect(isOpenApplication({ ...waiting, stage: "final_interview" })).toBe(true);
  });

  it("is no longer open once completed, graded or marked complete or not", () => {
    expect(isOpenApplication({ ...waiting, stage: "shortlisted", completion_status: "complete" })).toBe(false);
    expect(isOpenApplication({ ...waiting, stage: "shortlisted", completion_status: "in_complete" })).toBe(false);
    expect(isOpenApplication({ ...waiting, grade: "A" })).toBe(false);
    expect(isOpenApplication({ ...waiting, percentage: 0 })).toBe(false);
    expect(isOpenApplication({ ...waiting, attendance: ATTENDANCE.absent })).toBe(false);
  });

  it("is no longer open once closed: an outcome stage, a rejection, or withdrawn", () => {
    for (const stage of [
      "certified",
      "non_certified",
      "did_not_attend",
      "hired",
      "old_batch",
      "cv_not_matched",
      "spam",
    ])
      expect(isOpenApplication({ ...waiting, stage }), stage).toBe(false);
    expect(isOpenApplication({ ...waiting, withdrawn_at: "2026-11-01T00:00:00.000Z" })).toBe(false);
  });
});
