import { field } from "../registry/fields.js";
import { sharedCatalogue } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES } from "../roles.js";
import { ALL, catalogue, ENROL, enrolmentPolicy } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "career-roadmap": "career_roadmaps";
  }
}

export const careerRoadmap: ResourceDefinition<"career-roadmap"> = {
  name: "career-roadmap",
  table: "career_roadmaps",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("job_role", "text", { list: true, filter: true, search: true, maxLength: 120 }),
    field("description", "richtext"),
    field("duration_months", "number", { list: true, sort: true, min: 1, max: 120 }),
    field("skills", "tags"),
  ]),
  defaultSort: { field: "title", order: "asc" },
  actions: ALL,
  titleField: "title",
  policy: enrolmentPolicy(sharedCatalogue(["institution", "learner"])),
  commands: ENROL,
  featureKey: "career-roadmap",
  icon: "node-index",
  menu: {
    order: 70,
    label: "Career Roadmap",
    path: "/career-roadmap",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES, ...LEARNER_ROLES],
  },
};
