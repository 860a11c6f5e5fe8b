import { institutionRows, providerStaff } from "../registry/policies.js";
import type { ResourceDefinition, RolePolicy } from "../registry/types.js";
import { PROVIDER_ROLES, ROLES } from "../roles.js";
import { ALL, learnerFields } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    employees: "users";
  }
}

/** Employees exclude the institution viewer and include the college viewer. */
const EMPLOYEES_POLICY: RolePolicy = {
  ...providerStaff(),
  ...institutionRows({
    roles: [ROLES.INSTITUTION_ADMIN, ROLES.INSTITUTION_EDITOR, ROLES.COLLEGE_ADMIN, ROLES.COLLEGE_VIEWER],
    institutionTypes: ["company"],
  }),
};

export const employees: ResourceDefinition<"employees"> = {
  name: "employees",
  table: "users",
  scope: "institution",
  fields: learnerFields(),
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  fixed: { role: ROLES.EMPLOYEE },
  softDelete: "hide",
  titleField: "full_name",
  policy: EMPLOYEES_POLICY,
  icon: "idcard",
  menu: {
    order: 20,
    group: "learners",
    label: "Employees",
    path: "/learners/employees",
    // Employees exclude the institution viewer and include the college viewer
    roles: [
      ...PROVIDER_ROLES,
      ROLES.INSTITUTION_ADMIN,
      ROLES.INSTITUTION_EDITOR,
      ROLES.COLLEGE_ADMIN,
      ROLES.COLLEGE_VIEWER,
    ],
    institutionTypes: ["company"],
  },
};
