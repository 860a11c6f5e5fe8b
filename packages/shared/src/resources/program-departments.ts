import { createdAt, field, id } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "program-departments": "program_departments";
  }
}

export const programDepartments: ResourceDefinition<"program-departments"> = {
  name: "program-departments",
  table: "program_departments",
  scope: "global",
  fields: [
    id(),
    field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
    field("kind", "enum", { enum: "programDepartmentKind", required: true, list: true, filter: true }),
    field("institution_id", "relation", {
      relation: { resource: "institutions", labelField: "name" },
      list: true,
      filter: true,
    }),
    createdAt(),
  ],
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  titleField: "name",
  policy: providerStaff(),
  icon: "apartment",
  menu: {
    order: 10,
    group: "configuration",
    label: "Program/Departments",
    path: "/configuration/program-departments",
    roles: PROVIDER_ROLES,
  },
};
