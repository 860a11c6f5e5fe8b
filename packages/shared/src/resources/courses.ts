import { field } from "../registry/fields.js";
import { sharedCatalogue } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES } from "../roles.js";
import { ALL, catalogue, ENROL, enrolmentPolicy } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    courses: "courses";
  }
}

export const courses: ResourceDefinition<"courses"> = {
  name: "courses",
  table: "courses",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("category", "enum", { enum: "programmeCategory", list: true, filter: true }),
    field("description", "richtext"),
    field("delivery_mode", "enum", { enum: "deliveryMode", list: true, filter: true }),
    field("duration_hours", "number", { list: true, sort: true, min: 1, max: 2000 }),
    field("grading_type", "enum", { enum: "gradingType", filter: true }),
    field("start_date", "date", { list: true, sort: true, filter: true }),
    field("end_date", "date", { sort: true, filter: true }),
    field("url", "url"),
    field("image", "image"),
  ]),
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  titleField: "title",
  policy: enrolmentPolicy(sharedCatalogue(["institution", "learner"])),
  commands: ENROL,
  featureKey: "courses",
  icon: "read",
  menu: {
    order: 90,
    label: "Courses",
    path: "/courses",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES, ...LEARNER_ROLES],
  },
};
