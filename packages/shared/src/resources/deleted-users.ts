import { field, id } from "../registry/fields.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ACTIVITY_LOGS_POLICY } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "deleted-users": "users";
  }
}

export const deletedUsers: ResourceDefinition<"deleted-users"> = {
  name: "deleted-users",
  table: "users",
  scope: "global",
  fields: [
    id(),
    field("full_name", "text", { list: true, sort: true, search: true, readOnly: true }),
    field("email", "email", { list: true, search: true, readOnly: true }),
    field("role", "enum", { enum: "role", list: true, filter: true, readOnly: true }),
    field("deleted_at", "datetime", { list: true, sort: true, readOnly: true }),
    field("deleted_by", "relation", {
      relation: { resource: "users", labelField: "full_name" },
      list: true,
      readOnly: true,
    }),
    field("delete_reason", "textarea", { list: true, readOnly: true }),
  ],
  defaultSort: { field: "deleted_at", order: "desc" },
  actions: ["read", "export"],
  softDelete: "only",
  titleField: "full_name",
  policy: ACTIVITY_LOGS_POLICY,
  commands: [{ name: "restore", target: "one", level: "admin" }],
  icon: "user-delete",
  menu: {
    order: 10,
    group: "activity-logs",
    label: "Deleted Users",
    path: "/activity-logs/deleted-users",
    roles: PROVIDER_ROLES,
  },
};
