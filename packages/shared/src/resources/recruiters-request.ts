import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { recruiterFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "recruiters-request": "recruiters";
  }
}

export const recruitersRequest: ResourceDefinition<"recruiters-request"> = {
  name: "recruiters-request",
  table: "recruiters",
  scope: "global",
  fields: recruiterFields(),
  defaultSort: { field: "created_at", order: "desc" },
  actions: ["read", "delete", "export"],
  fixed: { status: "pending" },
  titleField: "name",
  policy: providerStaff(),
  // a rejection carries the reason the company is told
  commands: [
    { name: "approve", target: "many", level: "admin" },
    { name: "reject", target: "many", level: "admin" },
  ],
  icon: "inbox",
  helpLabel: "Recruiters Request",
  menu: { order: 20, group: "recruiters", label: "Request", path: "/job-providers/request", roles: PROVIDER_ROLES },
};
