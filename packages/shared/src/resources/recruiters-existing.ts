import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ALL, recruiterFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "recruiters-existing": "recruiters";
  }
}

export const recruitersExisting: ResourceDefinition<"recruiters-existing"> = {
  name: "recruiters-existing",
  table: "recruiters",
  scope: "global",
  fields: recruiterFields(),
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  fixed: { status: "approved" },
  titleField: "name",
  policy: providerStaff(),
  icon: "contacts",
  helpLabel: "Existing Recruiters",
  menu: { order: 10, group: "recruiters", label: "Existing", path: "/job-providers/existing", roles: PROVIDER_ROLES },
};
