import { subject } from "@casl/ability";
import { describe, expect, it } from "vitest";
import { type AbilityUser, defineAbilityFor } from "./ability.js";
import {
  type AssessmentQuestion,
  answersFor,
  answersProblem,
  answersShown,
  attemptsLeft,
  isCorrect,
  normalizeShortText,
  passMarkOf,
  questionKindOf,
  scoreAttempt,
  withoutKey,
} from "./assessment.js";
import { FEATURE_KEYS } from "./features.js";
import { timeFiltersOf } from "./registry/meta.js";
import { hiddenKeysOf, readableFields } from "./registry/read-rules.js";
import type { ResourceName } from "./registry/types.js";
import { RESOURCES } from "./resources/index.js";
import { ROLES, type Role } from "./roles.js";

const choice: AssessmentQuestion = { question: "Which keyword?", options: ["var", "let", "const"], answer: "const" };
const shortText: AssessmentQuestion = { question: "Capital of Nepal?", options: [], answer: "Kathmandu  Valley" };
const unkeyed: AssessmentQuestion = { question: "What do you enjoy?", options: null, answer: null };

describe("self-assessment scoring", () => {
  it("tells a choice from a short text answer by its options", () => {
    expect(questionKindOf(choice)).toBe("choice");
    expect(questionKindOf(shortText)).toBe("short-text");
    expect(questionKindOf(unkeyed)).toBe("short-text");
  });

  it("takes exactly the right option of a choice, nothing close to it", () => {
    expect(isCorrect(choice, "const")).toBe(true);
    expect(isCorrect(choice, "Const")).toBe(false);
    expect(isCorrect(choice, " const")).toBe(false);
    expect(isCorrect(choice, "let")).toBe(false);
  });

  it("takes a short text answer up to case and spacing", () => {
    expect(normalizeShortText("  Kathmandu \t  VALLEY ")).toBe("kathmandu valley");
    expect(isCorrect(shortText, "kathmandu valley")).toBe(true);
    expect(isCorrect(shortText, " KATHMANDU\nvalley ")).toBe(true);
    expect(isCorrect(shortText, "Kathmandu")).toBe(false);
    expect(isCorrect(shortText, "")).toBe(false);
  });

  it("gives one point per question, counts an unanswered one wrong and a question without a key for no one", () => {
    expect(scoreAttempt([choice, shortText, unkeyed], ["const", "", "coding"], null)).toEqual({
      score: 1,
      max_score: 2,
      percentage: 50,
      passed: null,
    });
    expect(scoreAttempt([choice, shortText], ["const", "kathmandu valley"], 100).passed).toBe(true);
    expect(scoreAttempt([], [], 50)).toEqual({ score: 0, max_score: 0, percentage: 0, passed: true });
  });

  it("rounds the percentage but passes by the exact ratio", () => {
    const three = [choice, choice, choice];
    const two = scoreAttempt(three, ["const", "const", "let"], 67);
    expect(two.percentage).toBe(67);
    // 2/3 is 66.67 %: below a pass mark of 67 although it shows as 67
    expect(two.passed).toBe(false);
    expect(scoreAttempt(three, ["const", "const", "let"], 66).passed).toBe(true);
    expect(scoreAttempt(three, ["const"], 33).percentage).toBe(33);
  });

  it("has no pass mark for an assessment without grades", () => {
    expect(passMarkOf({ grading_type: "no_grades", pass_mark: 50 })).toBeNull();
    expect(passMarkOf({ grading_type: "percentage", pass_mark: 50 })).toBe(50);
    expect(passMarkOf({ grading_type: "grade", pass_mark: null })).toBeNull();
  });

  it("pads the answers to the questions with empty ones", () => {
    expect(answersFor([choice, shortText, unkeyed], ["let", null])).toEqual(["let", "", ""]);
  });

  it("refuses more answers than questions and a choice answered outside its options", () => {
    expect(answersProblem([choice], ["const", "x"])).toEqual({ kind: "tooMany" });
    expect(answersProblem([shortText, choice], ["anything", "static"])).toEqual({ kind: "notAnOption", question: 2 });
    expect(answersProblem([shortText, choice], ["anything", ""])).toBeNull();
  });
});

describe("self-assessments and their attempts in the registry", () => {
  const learner = (role: Role, institution: AbilityUser["institution"] = null): AbilityUser => ({
    id: 42,
    role,
    institution,
    enabledFeatures: [...FEATURE_KEYS],
    recruiterId: null,
    planId: null,
    permissions: [],
  });
  const row = (name: ResourceName, fields: Record<string, unknown>) =>
    subject(name, { ...fields }) as unknown as ResourceName;
  const COLLEGE = { id: 5, type: "college" } as const;

  it("never gives learners an assessment's answer key, and gives staff theirs", () => {
    const questions = RESOURCES["self-assessment"].fields.find((field) => field.name === "questions");
    if (!questions) throw new Error("self-assessment has no questions");
    expect(hiddenKeysOf(questions, ROLES.STUDENT)).toEqual(["answer"]);
    expect(hiddenKeysOf(questions, ROLES.LEARNER)).toEqual(["answer"]);
    expect(hiddenKeysOf(questions, ROLES.COLLEGE_ADMIN)).toEqual([]);
    // a learner's own attempt is submitted: its copy of the questions keeps the key
    const attempt = RESOURCES["assessment-attempts"].fields.find((field) => field.name === "questions");
    if (!attempt) throw new Error("an attempt has no questions");
    expect(hiddenKeysOf(attempt, ROLES.STUDENT)).toEqual([]);
    expect(readableFields(RESOURCES["assessment-attempts"], ROLES.STUDENT).map((f) => f.name)).toContain("questions");
  });

  it("lets learners alone take an assessment, and read only their own attempts", () => {
    const student = defineAbilityFor(learner(ROLES.STUDENT, COLLEGE));
    expect(student.can("attempts", row("self-assessment", { institution_id: 5, publish_status: true }))).toBe(true);
    expect(student.can("attempts", row("self-assessment", { institution_id: 6, publish_status: true }))).toBe(false);
    expect(student.can("attempts", row("self-assessment", { institution_id: null, publish_status: false }))).toBe(
      false,
    );
    expect(student.can("read", row("assessment-attempts", { user_id: 42 }))).toBe(true);
    expect(student.can("read", row("assessment-attempts", { user_id: 43, institution_id: 5 }))).toBe(false);
    for (const action of ["create", "update", "delete"] as const) {
      expect(student.can(action, "assessment-attempts")).toBe(false);
    }
    for (const role of [ROLES.SUPER_ADMIN, ROLES.COLLEGE_ADMIN, ROLES.RECRUITER_ADMIN]) {
      const staff = defineAbilityFor({ ...learner(role, COLLEGE), recruiterId: 7 });
      expect(staff.can("attempts", "self-assessment"), role).toBe(false);
      expect(staff.can("update", "assessment-attempts"), role).toBe(false);
      expect(staff.can("delete", "assessment-attempts"), role).toBe(false);
    }
  });

  it("lets institution staff read their learners' attempts, provider staff all, recruiters none", () => {
    const viewer = defineAbilityFor(learner(ROLES.COLLEGE_VIEWER, COLLEGE));
    expect(viewer.can("read", row("assessment-attempts", { institution_id: 5 }))).toBe(true);
    expect(viewer.can("read", row("assessment-attempts", { institution_id: 6 }))).toBe(false);
    expect(defineAbilityFor(learner(ROLES.SKILLLAB_VIEWER)).can("read", "assessment-attempts")).toBe(true);
    const recruiter = defineAbilityFor({ ...learner(ROLES.RECRUITER_ADMIN), recruiterId: 7 });
    expect(recruiter.can("read", "assessment-attempts")).toBe(false);
  });

  it("gives the learner's list all, taken and not-taken tabs, all first (?type=all)", () => {
    expect(timeFiltersOf(RESOURCES["self-assessment"], "learner")).toEqual(["all", "taken", "not-taken"]);
    expect(timeFiltersOf(RESOURCES["self-assessment"], "institution")).toEqual([]);
    expect(timeFiltersOf(RESOURCES["job-opportunities"], "learner")).not.toContain("taken");
  });
});

describe("attempts and the answer key", () => {
  it("counts attempts left down to none, never below", () => {
    expect(attemptsLeft(3, 0)).toBe(3);
    expect(attemptsLeft(3, 3)).toBe(0);
    // staff lowered the limit after the learner had taken more
    expect(attemptsLeft(2, 5)).toBe(0);
  });

  it("shows the key after each attempt, after the last one allowed, or never", () => {
    expect(answersShown({ review_policy: "after_each", max_attempts: 3 }, 1)).toBe(true);
    expect(answersShown({ review_policy: "after_last", max_attempts: 3 }, 2)).toBe(false);
    expect(answersShown({ review_policy: "after_last", max_attempts: 3 }, 3)).toBe(true);
    expect(answersShown({ review_policy: "never", max_attempts: 3 }, 3)).toBe(false);
    expect(answersShown({ review_policy: "sometimes", max_attempts: 1 }, 1)).toBe(false);
    expect(answersShown({ review_policy: null, max_attempts: 1 }, 1)).toBe(false);
  });

  it("takes the key out of questions and leaves the rest", () => {
    const questions: AssessmentQuestion[] = [{ question: "Q?", options: ["a", "b"], answer: "a" }, { question: "Say" }];
    expect(withoutKey(questions)).toEqual([{ question: "Q?", options: ["a", "b"] }, { question: "Say" }]);
    expect(questions[0]?.answer).toBe("a");
  });
});
