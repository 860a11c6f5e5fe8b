import { createdAt, field, id, institutionColumn } from "../registry/fields.js";
import { members } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, LEARNER_ROLES, PROVIDER_ROLES, ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    users: "users";
  }
}

export const users: ResourceDefinition<"users"> = {
  name: "users",
  table: "users",
  scope: "members",
  fields: [
    id(),
    field("full_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
    field("email", "email", { required: true, list: true, sort: true, search: true }),
    field("phone", "phone"),
    field("role", "enum", { enum: "role", required: true, list: true, filter: true }),
    field("status", "enum", { enum: "userStatus", list: true, filter: true, default: "active" }),
    field("permissions", "tags"),
    institutionColumn({ list: true }),
    field("recruiter_id", "relation", {
      relation: { resource: "recruiters-existing", labelField: "name" },
      filter: true,
      providerOnly: true,
      scopeColumn: true,
    }),
    createdAt(),
  ],
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  softDelete: "hide",
  titleField: "full_name",
  policy: members(),
  icon: "user-switch",
  menu: {
    order: 190,
    label: "User Management",
    path: "/users",
    // a learner manages one user, themselves: their own account page, not the users table
    learnerPath: "/account",
    roles: [
      ...PROVIDER_ROLES,
      ...INSTITUTION_STAFF_ROLES,
      ROLES.RECRUITER_ADMIN,
      ROLES.RECRUITER_EDITOR,
      ...LEARNER_ROLES,
    ],
  },
};
