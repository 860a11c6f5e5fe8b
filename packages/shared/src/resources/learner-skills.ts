import { field, id } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "learner-skills": "learner_skills";
  }
}

export const learnerSkills: ResourceDefinition<"learner-skills"> = {
  name: "learner-skills",
  table: "learner_skills",
  scope: "policy",
  // skills a learner gained by completing what they enrolled in (or a learning event): GET /profile carries them
  fields: [
    id(),
    field("user_id", "number", { list: true, filter: true, readOnly: true }),
    field("institution_id", "number", { filter: true, readOnly: true }),
    field("name", "text", { list: true, sort: true, filter: true, search: true, readOnly: true }),
    field("gained_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
    field("source_type", "enum", { enum: "skillSourceType", list: true, filter: true, readOnly: true }),
    field("source_id", "number", { filter: true, readOnly: true }),
    field("source_title", "text", { list: true, search: true, readOnly: true }),
  ],
  defaultSort: { field: "gained_at", order: "desc" },
  actions: ["read", "export"],
  titleField: "name",
  policy: {
    ...providerStaff(),
    institution: [{ actions: "reading", rows: "tenant" }],
    learner: [{ actions: ["read"], rows: "own" }],
  },
};
