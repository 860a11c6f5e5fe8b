import { field, id } from "../registry/fields.js";
import { learnerRecords } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "assessment-attempts": "assessment_attempts";
  }
}

export const assessmentAttempts: ResourceDefinition<"assessment-attempts"> = {
  name: "assessment-attempts",
  table: "assessment_attempts",
  scope: "policy",
  // written by the self-assessment's `attempts` command, never edited or deleted
  fields: [
    id(),
    field("self_assessment_id", "relation", {
      relation: { resource: "self-assessment", labelField: "title" },
      list: true,
      filter: true,
      readOnly: true,
    }),
    field("user_id", "number", { list: true, filter: true, readOnly: true }),
    // the learner's institution when they took it: what their institution's staff read by
    field("institution_id", "number", { filter: true, readOnly: true }),
    // the learner's answers, one per question in order ("" for none)
    field("answers", "tags", { readOnly: true }),
    // the questions and their answer key as they were: staff read the key; the attempt's owner
    // only as the assessment's review policy allows (the API's assessment-attempts read hook),
    // and never in the assessment itself
    field("questions", "questions", { readOnly: true }),
    field("score", "number", { list: true, sort: true, readOnly: true }),
    field("max_score", "number", { list: true, readOnly: true }),
    field("percentage", "number", { list: true, sort: true, min: 0, max: 100, readOnly: true }),
    field("passed", "boolean", { list: true, filter: true, readOnly: true }),
    field("taken_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
  ],
  defaultSort: { field: "taken_at", order: "desc" },
  actions: ["read", "export"],
  titleField: "taken_at",
  policy: learnerRecords(),
  featureKey: "self-assessment",
};
