import { createdAt, field, id } from "../registry/fields.js";
import type { ResourceDefinition } from "../registry/types.js";
import { PROVIDER_ROLES } from "../roles.js";
import { ACTIVITY_LOGS_POLICY } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "download-logs": "download_logs";
  }
}

export const downloadLogs: ResourceDefinition<"download-logs"> = {
  name: "download-logs",
  table: "download_logs",
  scope: "global",
  fields: [
    id(),
    field("user_id", "relation", {
      relation: { resource: "users", labelField: "full_name" },
      list: true,
      filter: true,
    }),
    field("resource", "text", { list: true, filter: true, sort: true }),
    field("filters", "text", { list: true }),
    field("row_count", "number", { list: true, sort: true }),
    createdAt(),
  ],
  defaultSort: { field: "created_at", order: "desc" },
  actions: ["read", "export"],
  titleField: "resource",
  policy: ACTIVITY_LOGS_POLICY,
  icon: "download",
  menu: {
    order: 20,
    group: "activity-logs",
    label: "Download Logs",
    path: "/activity-logs/download-logs",
    roles: PROVIDER_ROLES,
  },
};
