import { describe, expect, it } from "vitest";
import {
  answeredCount,
  answersBody,
  attemptsLeftAt,
  draftKey,
  keyIn,
  moveTo,
  newDraft,
  readDraft,
  reviewOf,
  setAnswer,
} from "./assessments";

/** Local storage in memory. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("taking a self assessment: the learner's answers until they submit", () => {
  it("keeps one answer per question, in order, and counts those given", () => {
    let draft = newDraft(3);
    draft = setAnswer(draft, 1, "const");
    draft = setAnswer(draft, 2, "  ");
    draft = setAnswer(draft, 5, "ignored");
    expect(draft.answers).toEqual(["", "const", "  "]);
    expect(answeredCount(draft)).toBe(1);
    expect(answersBody(draft)).toEqual({ answers: ["", "const", ""] });
  });

  it("moves with Next and Previous, never past the first or the last question", () => {
    const draft = newDraft(3);
    expect(moveTo(draft, 1).current).toBe(1);
    expect(moveTo(draft, 7).current).toBe(2);
    expect(moveTo(draft, -1).current).toBe(0);
  });

  it("resumes a kept draft, and starts afresh when the kept one no longer fits the questions", () => {
    const key = draftKey(5, 9);
    const kept = { answers: ["a", "", "c"], current: 2, onePage: true };
    expect(readDraft(memoryStorage({ [key]: JSON.stringify(kept) }), key, 3)).toEqual(kept);
    expect(readDraft(memoryStorage({ [key]: JSON.stringify(kept) }), key, 4)).toEqual(newDraft(4));
    expect(readDraft(memoryStorage({ [key]: "{not json" }), key, 2)).toEqual(newDraft(2));
    expect(readDraft(memoryStorage(), key, 2)).toEqual(newDraft(2));
  });

  it("keeps each learner's drafts apart", () => {
    expect(draftKey(5, 9)).not.toBe(draftKey(6, 9));
  });

  it("reads an attempt's questions and answers whether the API sends lists or JSON text", () => {
    const questions = [{ question: "Q?", options: ["a", "b"], answer: "a" }];
    const asLists = reviewOf({ id: 1, questions, answers: ["b"] });
    const asText = reviewOf({ id: 1, questions: JSON.stringify(questions), answers: JSON.stringify([null]) });
    expect(asLists.questions).toEqual(questions);
    expect(asLists.answers).toEqual(["b"]);
    expect(asText.questions).toEqual(questions);
    expect(asText.answers).toEqual([""]);
  });
});

describe("what a learner is told of their attempts", () => {
  it("counts the attempts left at an assessment, none when they are used, nothing without a limit", () => {
    expect(attemptsLeftAt({ max_attempts: 3 }, 1)).toBe(2);
    expect(attemptsLeftAt({ max_attempts: 3 }, 4)).toBe(0);
    expect(attemptsLeftAt({}, 4)).toBeNull();
  });

  it("marks answers right or wrong only when the API sent the key", () => {
    const asked = { question: "Q?", options: ["a", "b"] };
    expect(keyIn(reviewOf({ id: 1, questions: [{ ...asked, answer: "a" }], answers: ["b"] }))).toBe(true);
    expect(keyIn(reviewOf({ id: 1, questions: [asked], answers: ["b"] }))).toBe(false);
  });
});
