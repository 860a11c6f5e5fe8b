import { field } from "../registry/fields.js";
import { sharedCatalogue } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES } from "../roles.js";
import { ALL, APPLY, catalogue, postingPolicy } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    scholarship: "scholarships";
  }
}

export const scholarship: ResourceDefinition<"scholarship"> = {
  name: "scholarship",
  table: "scholarships",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("provider_name", "text", { list: true, search: true, maxLength: 160 }),
    field("country", "country", { list: true, filter: true }),
    field("amount", "number", { list: true, sort: true, min: 0 }),
    field("deadline", "date", { list: true, sort: true, filter: true }),
    field("description", "richtext"),
    field("eligibility", "richtext"),
    field("url", "url"),
  ]),
  defaultSort: { field: "deadline", order: "asc" },
  actions: ALL,
  titleField: "title",
  policy: postingPolicy(sharedCatalogue(["institution", "learner"]), "published"),
  commands: APPLY,
  featureKey: "scholarship",
  timeWindow: { end: "deadline" },
  icon: "trophy",
  menu: {
    order: 100,
    label: "Scholarship",
    path: "/scholarship",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES, ...LEARNER_ROLES],
  },
};
