import { describe, expect, it } from "vitest";
import { APPLICANT_STAGES, APPLICATION_STAGES, LEARNER_STAGES, POSTING_TYPES } from "./enums.js";
import {
  CLOSING_STAGES,
  canWithdraw,
  closingStagesFor,
  isClosingStage,
  PENDING_STAGES,
  pendingStagesFor,
  placeFieldOf,
  postingTypeOf,
  REJECTED_STAGES,
  rejectedStagesFor,
  type WithdrawableApplication,
} from "./pipeline.js";
import { learnerTabsOf, timeFiltersOf } from "./registry/meta.js";
import { RESOURCES } from "./resources/index.js";

describe("the stages of an application's answer", () => {
  it("are stages the applications have, and none is both pending and a rejection", () => {
    for (const stage of [...PENDING_STAGES, ...REJECTED_STAGES]) expect(APPLICATION_STAGES).toContain(stage);
    expect(PENDING_STAGES.filter((stage) => (REJECTED_STAGES as readonly string[]).includes(stage))).toEqual([]);
  });

  it("start pending in every variant: a new application waits for an answer", () => {
    for (const type of POSTING_TYPES)
      expect(pendingStagesFor(type)[0]).toBe(type === "job-opportunity" ? "new_candidates" : "new_candidate");
  });

  it("reject candidates of opportunities (not matched, rejected, spam); the learner stages reject no one", () => {
    expect(rejectedStagesFor("job-opportunity")).toEqual(["cv_not_matched", "rejected_after_interview", "spam"]);
    expect(rejectedStagesFor("learning-event")).toEqual([]);
    expect(rejectedStagesFor("scholarship")).toEqual([]);
  });

  it("leave outcomes out of both: hired, certified or not, absent, an older batch", () => {
    for (const stage of ["hired", "certified", "non_certified", "did_not_attend", "old_batch"]) {
      expect(PENDING_STAGES).not.toContain(stage);
      expect(REJECTED_STAGES).not.toContain(stage);
    }
    expect(pendingStagesFor("learning-event")).toEqual(["new_candidate", "shortlisted"]);
    expect(pendingStagesFor("job-opportunity").every((s) => (APPLICANT_STAGES as readonly string[]).includes(s))).toBe(
      true,
    );
    expect(pendingStagesFor("scholarship").every((s) => (LEARNER_STAGES as readonly string[]).includes(s))).toBe(true);
  });
});

describe("closing stages (a move into one is confirmed, then mailed)", () => {
  it("are rejected, CV not matched, did not attend and spam, none of them pending", () => {
    expect([...CLOSING_STAGES].sort()).toEqual([
      "cv_not_matched",
      "did_not_attend",
      "rejected_after_interview",
      "spam",
    ]);
    for (const stage of CLOSING_STAGES) expect(PENDING_STAGES).not.toContain(stage);
  });

  it("include every rejection, and leave good outcomes and waiting stages open", () => {
    for (const stage of REJECTED_STAGES) expect(isClosingStage(stage)).toBe(true);
    for (const stage of ["hired", "certified", "shortlisted", "new_candidates", "old_batch", "non_certified"]) {
      expect(isClosingStage(stage)).toBe(false);
    }
    expect(isClosingStage(undefined)).toBe(false);
    expect(isClosingStage("Rejected")).toBe(false);
  });

  it("are taken from each variant in its own order: did not attend alone for learners", () => {
    expect(closingStagesFor("job-opportunity")).toEqual([
      "cv_not_matched",
      "did_not_attend",
      "rejected_after_interview",
      "spam",
    ]);
    expect(closingStagesFor("learning-event")).toEqual(["did_not_attend"]);
    expect(closingStagesFor("scholarship")).toEqual(["did_not_attend"]);
  });
});

describe("withdrawing", () => {
  const untouched: WithdrawableApplication = {
    posting_type: "job-opportunity",
    stage: "new_candidates",
    attendance: 3,
    grade: null,
    percentage: null,
    completion_status: null,
    withdrawn_at: null,
  };

  it("is open before any decision: first stage, no attendance, grade, percentage or completion", () => {
    expect(canWithdraw(untouched)).toBe(true);
    expect(canWithdraw({ ...untouched, attendance: null })).toBe(true);
  });

  it("is closed once staff acted, even while the answer is still pending, and once withdrawn", () => {
    expect(canWithdraw({ ...untouched, stage: "final_interview" })).toBe(false);
    expect(canWithdraw({ ...untouched, attendance: 1 })).toBe(false);
    expect(canWithdraw({ ...untouched, grade: "A" })).toBe(false);
    expect(canWithdraw({ ...untouched, percentage: 0 })).toBe(false);
    expect(canWithdraw({ ...untouched, completion_status: "complete" })).toBe(false);
    expect(canWithdraw({ ...untouched, withdrawn_at: "2026-11-23T00:00:00.000Z" })).toBe(false);
  });
});

describe("a posting's tabs", () => {
  it("add the learner's own after the time windows, Rejected only where a stage rejects", () => {
    expect(timeFiltersOf(RESOURCES["job-opportunities"], "learner")).toEqual([
      "current",
      "expired",
      "suggested",
      "pending",
      "rejected",
    ]);
    expect(learnerTabsOf(RESOURCES["learning-events"])).toEqual(["suggested", "pending"]);
    expect(timeFiltersOf(RESOURCES["job-opportunities"], "provider")).toEqual(["current", "expired"]);
    expect(learnerTabsOf(RESOURCES.courses)).toEqual([]);
  });

  it("belong to the three posting resources", () => {
    expect(postingTypeOf("learning-events")).toBe("learning-event");
    expect(postingTypeOf("job-opportunities")).toBe("job-opportunity");
    expect(postingTypeOf("scholarship")).toBe("scholarship");
    expect(postingTypeOf("courses")).toBeNull();
  });
});

describe("where a learning event takes place", () => {
  it("is its link when online and its venue when offline, stored or sent", () => {
    expect(placeFieldOf(true)).toBe("link");
    expect(placeFieldOf(1)).toBe("link");
    expect(placeFieldOf(false)).toBe("venue");
    expect(placeFieldOf(0)).toBe("venue");
    expect(placeFieldOf(null)).toBeNull();
  });
});
