import { institutionRows, providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, PROVIDER_ROLES, ROLES } from "../roles.js";
import { ALL, learnerFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    students: "users";
  }
}

export const students: ResourceDefinition<"students"> = {
  name: "students",
  table: "users",
  scope: "institution",
  fields: learnerFields(),
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  fixed: { role: ROLES.STUDENT },
  softDelete: "hide",
  titleField: "full_name",
  policy: { ...providerStaff(), ...institutionRows({ institutionTypes: ["college"] }) },
  icon: "solution",
  menu: {
    order: 10,
    group: "learners",
    label: "Students",
    path: "/learners/students",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES],
    institutionTypes: ["college"],
  },
};
