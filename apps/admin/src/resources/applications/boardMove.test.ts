import { APPLICANT_STAGES, LEARNER_STAGES } from "@csc/shared";
import { describe, expect, it } from "vitest";
import { boardKey, boardOrder, IDLE, neighbourCard } from "./boardMove";

const stages = ["new_candidates", "shortlisted", "hired", "rejected_after_interview", "spam"];
const card = { id: 7, stage: "shortlisted" };

/** Presses the keys in turn on the same card, as the board does, and gives every step. */
function press(...keys: string[]) {
  let move = IDLE;
  return keys.map((key) => {
    const step = boardKey(move, key, card, stages);
    if (step.kind === "pickedUp" || step.kind === "target") move = step.move;
    else if (step.kind !== "ignored") move = IDLE;
    return step;
  });
}

describe("the board's keyboard move", () => {
  it("never moves a card on an arrow alone: nothing is carried yet", () => {
    for (const key of ["ArrowRight", "ArrowLeft", "ArrowDown", "Escape", "a"]) {
      expect(boardKey(IDLE, key, card, stages)).toEqual({ kind: "ignored" });
    }
  });

  it("picks the card up with Space or Enter, over its own column", () => {
    for (const key of [" ", "Enter"]) {
      expect(boardKey(IDLE, key, card, stages)).toEqual({
        kind: "pickedUp",
        move: { phase: "carrying", id: 7, from: "shortlisted", target: "shortlisted" },
      });
    }
  });

  it("chooses the column with the arrows and drops it there with Space or Enter", () => {
    const steps = press(" ", "ArrowRight", "ArrowRight", "ArrowLeft", "ArrowRight", "Enter");
    expect(steps.map((step) => ("move" in step ? step.move.target : step.kind))).toEqual([
      "shortlisted",
      "hired",
      "rejected_after_interview",
      "hired",
      "rejected_after_interview",
      "dropped",
    ]);
    expect(steps.at(-1)).toEqual({ kind: "dropped", id: 7, from: "shortlisted", to: "rejected_after_interview" });
  });

  it("stops at the first and last column, and jumps there with Home and End", () => {
    const steps = press("Enter", "ArrowLeft", "ArrowLeft", "ArrowLeft", "End", "ArrowRight", "Home");
    expect(steps.slice(1).map((step) => ("move" in step ? step.move.target : step.kind))).toEqual([
      "new_candidates",
      "new_candidates",
      "new_candidates",
      "spam",
      "spam",
      "new_candidates",
    ]);
  });

  it("puts the card back on Escape, and a drop where it came from is no move", () => {
    expect(press(" ", "ArrowRight", "Escape").at(-1)).toEqual({ kind: "cancelled", id: 7, from: "shortlisted" });
    expect(press(" ", "ArrowRight", "ArrowLeft", " ").at(-1)).toEqual({
      kind: "cancelled",
      id: 7,
      from: "shortlisted",
    });
  });

  it("ignores other keys while carrying and keeps the target", () => {
    const steps = press(" ", "ArrowRight", "Tab", "x");
    expect(steps.slice(2)).toEqual([{ kind: "ignored" }, { kind: "ignored" }]);
  });

  it("does not pick up a card whose stage is not a column of the board", () => {
    expect(boardKey(IDLE, " ", { id: 1, stage: "certified" }, stages)).toEqual({ kind: "ignored" });
  });
});

describe("the board's order", () => {
  it("puts the closing stages of candidates together at the end, the others as the variant lists them", () => {
    const { open, closing, all } = boardOrder(APPLICANT_STAGES);
    expect(closing).toEqual(["cv_not_matched", "did_not_attend", "rejected_after_interview", "spam"]);
    expect(open).toEqual(APPLICANT_STAGES.filter((stage) => !closing.includes(stage)));
    expect(all).toEqual([...open, ...closing]);
    expect(new Set(all)).toEqual(new Set(APPLICANT_STAGES));
  });

  it("closes learners only by their absence", () => {
    expect(boardOrder(LEARNER_STAGES).closing).toEqual(["did_not_attend"]);
    expect(boardOrder(LEARNER_STAGES).open).toEqual([
      "new_candidate",
      "shortlisted",
      "certified",
      "non_certified",
      "old_batch",
    ]);
  });
});

describe("moving the focus between cards", () => {
  const columns = [[1, 2, 3], [], [4], [5, 6]];

  it("goes up and down within a column and stops at its ends", () => {
    expect(neighbourCard(columns, 2, "ArrowDown")).toBe(3);
    expect(neighbourCard(columns, 2, "ArrowUp")).toBe(1);
    expect(neighbourCard(columns, 3, "ArrowDown")).toBeNull();
    expect(neighbourCard(columns, 1, "ArrowUp")).toBeNull();
  });

  it("goes sideways to the next column with cards, at the same height or its last card", () => {
    expect(neighbourCard(columns, 3, "ArrowRight")).toBe(4);
    expect(neighbourCard(columns, 4, "ArrowLeft")).toBe(1);
    expect(neighbourCard(columns, 4, "ArrowRight")).toBe(5);
    expect(neighbourCard(columns, 6, "ArrowRight")).toBeNull();
    expect(neighbourCard(columns, 99, "ArrowRight")).toBeNull();
  });
});
