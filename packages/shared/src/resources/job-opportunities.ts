import { field, location } from "../registry/fields.js";
import { sharedCatalogue } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { EVERY_ROLE } from "../roles.js";
import { ALL, APPLY, catalogue, postingPolicy } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "job-opportunities": "job_opportunities";
  }
}

export const jobOpportunities: ResourceDefinition<"job-opportunities"> = {
  name: "job-opportunities",
  table: "job_opportunities",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("job_type", "enum", { enum: "jobType", required: true, list: true, filter: true }),
    field("description", "richtext"),
    field("company_name", "text", { list: true, search: true, maxLength: 160 }),
    field("location_text", "text", { maxLength: 160 }),
    ...location(),
    field("salary_min", "number", { min: 0 }),
    field("salary_max", "number", { min: 0 }),
    field("openings", "number", { min: 1, max: 10000 }),
    field("deadline", "date", { required: true, list: true, sort: true, filter: true }),
    field("hiring_source", "enum", { enum: "hiringSource", filter: true }),
    field("access_scope", "enum", { enum: "accessScope", filter: true }),
    field("skills", "tags"),
  ]),
  defaultSort: { field: "deadline", order: "desc" },
  actions: ALL,
  titleField: "title",
  policy: postingPolicy(sharedCatalogue(["institution", "recruiter", "learner"]), "audience"),
  commands: APPLY,
  featureKey: "job-opportunities",
  timeWindow: { end: "deadline" },
  icon: "rocket",
  menu: {
    order: 120,
    label: "Internship/Job Opportunities",
    path: "/job-opportunities?type=current",
    roles: EVERY_ROLE,
  },
};
