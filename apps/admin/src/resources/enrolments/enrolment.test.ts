import { describe, expect, it } from "vitest";
import { answersOf, ITEM_TYPE_OF, questionsOf, statusOf } from "./enrolment";

describe("enrolments and attempts as staff read them", () => {
  it("tells a completed enrolment by its completion moment", () => {
    expect(statusOf({ completed_at: "2026-01-02T03:04:05.000Z" })).toBe("completed");
    expect(statusOf({ completed_at: null })).toBe("in-progress");
  });

  it("lists enrolled learners on courses and enrichment programs only", () => {
    expect(ITEM_TYPE_OF.courses).toBe("course");
    expect(ITEM_TYPE_OF["enrichment-programs"]).toBe("enrichment-program");
    expect(ITEM_TYPE_OF["career-roadmap"]).toBeUndefined();
  });

  it("reads an attempt's questions and answers as the API sends them, stored text or arrays", () => {
    const questions = [{ question: "Which keyword?", options: ["var", "const"], answer: "const" }];
    expect(questionsOf({ questions })).toEqual(questions);
    expect(questionsOf({ questions: JSON.stringify(questions) })).toEqual(questions);
    expect(questionsOf({ questions: "not json" })).toEqual([]);
    expect(questionsOf({ questions: [null, 3, ...questions] })).toEqual(questions);
    expect(answersOf({ answers: ["const", null, ""] })).toEqual(["const", "", ""]);
    expect(answersOf({ answers: '["var"]' })).toEqual(["var"]);
    expect(answersOf({ answers: undefined })).toEqual([]);
  });
});
