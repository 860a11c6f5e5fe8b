import { createdAt, field, id, updatedAt } from "../registry/fields.js";
import type { ResourceDefinition } from "../registry/types.js";
import { changersOf } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    applications: "applications";
  }
}

export const applications: ResourceDefinition<"applications"> = {
  name: "applications",
  table: "applications",
  scope: "policy",
  // the pipeline's commands (apply, withdraw, bulk changes) write these rows
  fields: [
    id(),
    field("posting_type", "enum", { enum: "postingType", list: true, filter: true, readOnly: true }),
    field("learning_event_id", "relation", {
      relation: { resource: "learning-events", labelField: "title" },
      filter: true,
      readOnly: true,
    }),
    field("job_opportunity_id", "relation", {
      relation: { resource: "job-opportunities", labelField: "title" },
      filter: true,
      readOnly: true,
    }),
    field("scholarship_id", "relation", {
      relation: { resource: "scholarship", labelField: "title" },
      filter: true,
      readOnly: true,
    }),
    field("user_id", "number", { filter: true, readOnly: true }),
    field("full_name", "text", { list: true, sort: true, search: true, readOnly: true }),
    field("email", "email", { list: true, search: true, readOnly: true }),
    field("contact_number", "phone", { list: true, readOnly: true }),
    field("profession", "text", { list: true, readOnly: true }),
    field("institution_id", "number", { filter: true, readOnly: true }),
    field("institution", "text", { list: true, sort: true, readOnly: true }),
    field("department", "text", { list: true, readOnly: true }),
    field("applied_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
    // the applicant's skill match with the posting (skill-match.ts), for staff to sort by
    field("match_score", "number", {
      list: true,
      sort: true,
      readOnly: true,
      computed: true,
      min: 0,
      max: 100,
      hiddenFrom: { kinds: ["learner"] },
    }),
    field("applicant_type", "enum", { enum: "applicantOrigin", list: true, filter: true, readOnly: true }),
    // set by the pipeline's commands (bulk), never by the generic editor
    field("stage", "enum", { enum: "applicationStage", list: true, sort: true, filter: true, readOnly: true }),
    field("attendance", "enum", { enum: "attendance", list: true, filter: true, readOnly: true }),
    field("grade", "enum", { enum: "letterGrade", list: true, readOnly: true }),
    field("percentage", "number", { list: true, min: 0, max: 100, readOnly: true }),
    field("completion_status", "enum", { enum: "completionStatus", list: true, filter: true, readOnly: true }),
    field("certificate_code", "text", { readOnly: true }),
    field("withdrawn_at", "datetime", { filter: true, readOnly: true }),
    createdAt(),
    updatedAt(),
  ],
  defaultSort: { field: "applied_at", order: "desc" },
  actions: ["read", "export"],
  titleField: "full_name",
  ruleFilters: ["registration"],
  commands: [
    { name: "withdraw", target: "one" },
    // stage, attendance, grade, percentage, completion of many applicants at once, with history
    { name: "bulk", target: "many" },
  ],
  parents: [
    { field: "learning_event_id", resource: "learning-events" },
    { field: "job_opportunity_id", resource: "job-opportunities" },
    { field: "scholarship_id", resource: "scholarship" },
  ],
  // the pipeline's commands change these rows, so the level's actions hold whatever routes the resource has
  policy: {
    provider: [
      { actions: "pipeline", rows: "all" },
      { actions: ["bulk"], rows: "all", roles: changersOf("provider") },
    ],
    institution: [
      { actions: "pipeline", rows: "parents" },
      { actions: ["bulk"], rows: "parents", roles: changersOf("institution") },
      // their own learners' applications anywhere, to read
      { actions: ["read"], rows: "tenant" },
    ],
    recruiter: [
      { actions: "pipeline", rows: "parents" },
      { actions: ["bulk"], rows: "parents", roles: changersOf("recruiter") },
    ],
    // a learner reads their own applications and acts on them (withdraw): never anyone else's
    learner: [{ actions: ["read", "withdraw"], rows: "own" }],
  },
};
