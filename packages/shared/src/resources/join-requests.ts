import { createdAt, field, id, institutionColumn } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, PROVIDER_ROLES } from "../roles.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "join-requests": "users";
  }
}

/**
 * People who registered on a site that approves who joins (`join_policy` `approval`), waiting as
 * `pending` accounts: the institution's staff approve them (they may sign in) or reject them with
 * a reason (the account is deleted); either way the person is mailed the answer.
 */
export const joinRequests: ResourceDefinition<"join-requests"> = {
  name: "join-requests",
  table: "users",
  scope: "members",
  fields: [
    id(),
    field("full_name", "text", { list: true, sort: true, search: true, readOnly: true }),
    field("email", "email", { list: true, sort: true, search: true, readOnly: true }),
    field("phone", "phone", { list: true, readOnly: true }),
    field("role", "enum", { enum: "role", list: true, filter: true, readOnly: true }),
    institutionColumn({ list: true, readOnly: true }),
    field("email_verified_at", "datetime", { list: true, sort: true, readOnly: true }),
    createdAt(),
  ],
  defaultSort: { field: "created_at", order: "desc" },
  actions: ["read"],
  fixed: { status: "pending" },
  softDelete: "hide",
  titleField: "full_name",
  policy: {
    ...providerStaff(),
    institution: [{ actions: "level", rows: "tenant" }],
  },
  // a rejection carries the reason the person is told
  commands: [
    { name: "approve", target: "many" },
    { name: "reject", target: "many" },
  ],
  icon: "solution",
  menu: {
    order: 197,
    label: "Join Requests",
    path: "/join-requests",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES],
  },
};
