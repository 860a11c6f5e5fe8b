import { createdAt, field, id } from "../registry/fields.js";
import type { ResourceDefinition } from "../registry/types.js";
import { ROLES } from "../roles.js";
import { ACTIVITY_LOGS_POLICY } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "mail-queue": "mail_queue";
  }
}

/**
 * The mail waiting to leave (apps/api platform/mail-queue.ts): due now, at the end of an undo
 * window, or after the back-off of a failed try (`attempts`, `last_error`); or given up as
 * `failed`, which `resend` puts back in the queue. Only the text with its secret links and codes
 * taken out is a field: the full text, which the queue keeps to send, is never answered. Mail sent
 * leaves the queue (the outbox keeps its record). For the provider's administrators.
 */
export const mailQueue: ResourceDefinition<"mail-queue"> = {
  name: "mail-queue",
  table: "mail_queue",
  scope: "global",
  fields: [
    id(),
    field("to_address", "text", { list: true, search: true, sort: true }),
    field("subject", "text", { list: true, search: true }),
    field("state", "enum", { enum: "mailQueueState", list: true, filter: true, sort: true }),
    field("attempts", "number", { list: true, sort: true }),
    field("send_after", "datetime", { list: true, sort: true }),
    field("last_error", "text", { list: true }),
    field("redacted_body", "textarea"),
    createdAt(),
  ],
  defaultSort: { field: "send_after", order: "asc" },
  actions: ["read"],
  titleField: "subject",
  commands: [{ name: "resend", target: "one", level: "admin" }],
  policy: ACTIVITY_LOGS_POLICY,
  icon: "inbox",
  menu: {
    order: 30,
    group: "activity-logs",
    label: "Mail Queue",
    path: "/activity-logs/mail-queue",
    roles: [ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN],
  },
};
