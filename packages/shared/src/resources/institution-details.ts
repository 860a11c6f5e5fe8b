import { tenantRecord } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES } from "../roles.js";
import { EDIT_ONLY, institutionFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "institution-details": "institutions";
  }
}

export const institutionDetails: ResourceDefinition<"institution-details"> = {
  name: "institution-details",
  table: "institutions",
  scope: "tenant",
  fields: institutionFields(),
  defaultSort: { field: "name", order: "asc" },
  actions: EDIT_ONLY,
  titleField: "name",
  policy: tenantRecord("institution"),
  icon: "bank",
  helpLabel: "Your College or Company",
  menu: {
    order: 40,
    label: "Your College",
    path: "/institutions/details/{id}?type={type}",
    roles: INSTITUTION_STAFF_ROLES,
    owner: "institution",
  },
};
