import { tenantRecord } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { RECRUITER_ROLES } from "../roles.js";
import { EDIT_ONLY, recruiterFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "company-profile": "recruiters";
  }
}

export const companyProfile: ResourceDefinition<"company-profile"> = {
  name: "company-profile",
  table: "recruiters",
  scope: "tenant",
  fields: recruiterFields(),
  defaultSort: { field: "name", order: "asc" },
  actions: EDIT_ONLY,
  titleField: "name",
  policy: tenantRecord("recruiter"),
  // Recruiters read company profile straight after their profile
  icon: "shop",
  menu: { order: 50, label: "Company Profile", path: "/company-profile", roles: RECRUITER_ROLES },
};
