import { field } from "../registry/fields.js";
import { sharedCatalogue, takenByLearners } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES } from "../roles.js";
import { ALL, catalogue } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "self-assessment": "self_assessments";
  }
}

/** How many attempts staff may allow a learner at one assessment. */
export const MAX_ATTEMPTS_RANGE = { min: 1, max: 20 } as const;

/**
 * What a new assessment allows unless staff say otherwise: three attempts and the right answers
 * only once the last is used, so that an attempt sent blank to read the key leaves none to use it.
 */
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_REVIEW_POLICY = "after_last";

export const selfAssessment: ResourceDefinition<"self-assessment"> = {
  name: "self-assessment",
  table: "self_assessments",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("category", "text", { list: true, filter: true, maxLength: 80 }),
    field("description", "richtext"),
    field("duration_minutes", "number", { list: true, sort: true, min: 1, max: 600 }),
    field("grading_type", "enum", { enum: "gradingType", list: true, filter: true }),
    field("pass_mark", "number", { min: 0, max: 100 }),
    // learners answer the questions; the answer key never reaches them
    field("questions", "questions", { hiddenFrom: { kinds: ["learner"], keys: ["answer"] } }),
    // a learner's tries, and when their attempts show the key (assessment.ts): by default a few
    // tries and the key after the last, so that a blank attempt teaches nothing
    field("max_attempts", "number", {
      min: MAX_ATTEMPTS_RANGE.min,
      max: MAX_ATTEMPTS_RANGE.max,
      default: DEFAULT_MAX_ATTEMPTS,
    }),
    field("review_policy", "enum", { enum: "reviewPolicy", default: DEFAULT_REVIEW_POLICY }),
  ]),
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  titleField: "title",
  // a learner takes an assessment they may read: `POST /self-assessment/{id}/attempts`
  commands: [{ name: "attempts", target: "one", byApplicant: true }],
  policy: takenByLearners(sharedCatalogue(["institution", "learner"]), "attempts"),
  featureKey: "self-assessment",
  icon: "form",
  menu: {
    order: 80,
    label: "Self Assessment",
    path: "/self-assessment",
    learnerQuery: "type=all",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES, ...LEARNER_ROLES],
  },
};
