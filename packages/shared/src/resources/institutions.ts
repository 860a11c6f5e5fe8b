import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ALL, institutionFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    institutions: "institutions";
  }
}

export const institutions: ResourceDefinition<"institutions"> = {
  name: "institutions",
  table: "institutions",
  scope: "global",
  fields: institutionFields(),
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  titleField: "name",
  policy: providerStaff(),
  icon: "bank",
  menu: { order: 30, label: "Institutions", path: "/institutions", roles: PROVIDER_ROLES },
};
