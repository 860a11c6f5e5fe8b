import { createdAt, field, id } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    tags: "tags";
  }
}

export const tags: ResourceDefinition<"tags"> = {
  name: "tags",
  table: "tags",
  scope: "global",
  fields: [
    id(),
    field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 60 }),
    field("category", "text", { list: true, filter: true, sort: true, maxLength: 60 }),
    field("description", "textarea", { maxLength: 300 }),
    createdAt(),
  ],
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  titleField: "name",
  policy: providerStaff(),
  icon: "tags",
  menu: { order: 20, group: "configuration", label: "Tags", path: "/tags", roles: PROVIDER_ROLES },
};
