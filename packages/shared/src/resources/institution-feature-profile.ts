import { field, id } from "../registry/fields.js";
import { ownPlan } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_ADMIN_ROLES } from "../roles.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "institution-feature-profile": "feature_profiles";
  }
}

export const institutionFeatureProfile: ResourceDefinition<"institution-feature-profile"> = {
  name: "institution-feature-profile",
  table: "feature_profiles",
  scope: "plan",
  fields: [
    id(),
    field("name", "text", { list: true, readOnly: true }),
    field("description", "textarea", { list: true, readOnly: true }),
    field("features", "tags", { enum: "featureKey", list: true, readOnly: true }),
  ],
  defaultSort: { field: "name", order: "asc" },
  actions: ["read"],
  titleField: "name",
  policy: ownPlan(INSTITUTION_ADMIN_ROLES),
  icon: "appstore",
  helpLabel: "Institution Feature Profile",
  menu: { order: 180, label: "Feature Profile", path: "/institution-feature-profile", roles: INSTITUTION_ADMIN_ROLES },
};
