import { createdAt, field, id, publishStatus } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    testimonials: "testimonials";
  }
}

export const testimonials: ResourceDefinition<"testimonials"> = {
  name: "testimonials",
  table: "testimonials",
  scope: "global",
  fields: [
    id(),
    field("author_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
    field("designation", "text", { list: true, maxLength: 120 }),
    field("organization", "text", { list: true, search: true, maxLength: 160 }),
    field("quote", "textarea", { required: true, maxLength: 1000 }),
    field("photo", "image"),
    field("rating", "number", { list: true, sort: true, min: 1, max: 5 }),
    publishStatus(),
    createdAt(),
  ],
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  titleField: "author_name",
  policy: providerStaff(),
  icon: "message",
  menu: { order: 30, group: "configuration", label: "Testimonials", path: "/testimonials", roles: PROVIDER_ROLES },
};
