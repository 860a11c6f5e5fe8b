import { createdAt, field, id } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "feature-profile": "feature_profiles";
  }
}

export const featureProfile: ResourceDefinition<"feature-profile"> = {
  name: "feature-profile",
  table: "feature_profiles",
  scope: "global",
  fields: [
    id(),
    field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 80 }),
    field("description", "textarea", { list: true, maxLength: 500 }),
    field("features", "tags", { enum: "featureKey", list: true }),
    createdAt(),
  ],
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  titleField: "name",
  policy: providerStaff(),
  icon: "appstore",
  menu: { order: 170, label: "Feature Profile", path: "/feature-profile", roles: PROVIDER_ROLES },
};
