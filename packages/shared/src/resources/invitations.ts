import { createdAt, field, id, institutionColumn } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, PROVIDER_ROLES } from "../roles.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    invitations: "invitations";
  }
}

/** How long an invitation's link works; resending it starts the time again. */
export const INVITATION_DAYS = 7;

/**
 * A person asked by e-mail to join with a role the inviter may give (roles.ts `assignableRoles`):
 * the mail's link (`/invitation?token=`) sets their password and signs them in
 * (`POST /invitations/accept`). Deleting an invitation revokes it; `resend` mails a new link.
 * Institution staff invite to their own institution; provider staff to any, or to the provider.
 * Staff who may read it have it in the menu, after User Management.
 */
export const invitations: ResourceDefinition<"invitations"> = {
  name: "invitations",
  table: "invitations",
  scope: "members",
  fields: [
    id(),
    field("full_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
    field("email", "email", { required: true, list: true, sort: true, search: true }),
    field("role", "enum", { enum: "role", required: true, list: true, filter: true }),
    institutionColumn({ list: true }),
    field("expires_at", "datetime", { readOnly: true, list: true, sort: true }),
    field("accepted_at", "datetime", { readOnly: true, list: true, sort: true }),
    createdAt(),
  ],
  defaultSort: { field: "created_at", order: "desc" },
  actions: ["read", "create", "delete"],
  titleField: "email",
  commands: [{ name: "resend", target: "one" }],
  policy: {
    ...providerStaff(),
    institution: [{ actions: "level", rows: "tenant" }],
  },
  icon: "usergroup-add",
  menu: {
    order: 195,
    label: "Invitations",
    path: "/invitations",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES],
  },
};
