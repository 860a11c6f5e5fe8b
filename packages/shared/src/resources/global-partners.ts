import { createdAt, field, id, publishStatus } from "../registry/fields.js";
import { reference } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "global-partners": "global_partners";
  }
}

export const globalPartners: ResourceDefinition<"global-partners"> = {
  name: "global-partners",
  table: "global_partners",
  scope: "global",
  fields: [
    id(),
    field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
    field("country", "country", { required: true, list: true, filter: true, sort: true }),
    field("partnership_type", "text", { list: true, filter: true, maxLength: 80 }),
    field("website", "url"),
    field("logo", "image"),
    field("description", "richtext"),
    publishStatus(),
    createdAt(),
  ],
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  titleField: "name",
  policy: reference(["institution", "learner"]),
  featureKey: "global-partner",
  icon: "global",
  menu: {
    order: 130,
    label: "Global Partners",
    path: "/global-partners",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES, ...LEARNER_ROLES],
  },
};
