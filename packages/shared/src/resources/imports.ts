import { field, id, institutionColumn } from "../registry/fields.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_ADMIN_ROLES, PROVIDER_ROLES } from "../roles.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    imports: "imports";
  }
}

/**
 * The record of every committed import of learners (imports.ts): which list, the file, who and
 * when, and what became of its rows. Written by the import alone, read by provider staff and by
 * the admins of the institution it loaded.
 */
export const imports: ResourceDefinition<"imports"> = {
  name: "imports",
  table: "imports",
  scope: "institution",
  fields: [
    id(),
    field("resource", "enum", { enum: "importResource", list: true, filter: true, sort: true }),
    field("file_name", "text", { list: true, search: true }),
    field("total", "number", { list: true, sort: true }),
    field("created", "number", { list: true }),
    field("updated", "number", { list: true }),
    field("unchanged", "number", { list: true }),
    field("invalid", "number", { list: true }),
    field("by", "text", { list: true, search: true }),
    institutionColumn({ list: true }),
    field("at", "datetime", { list: true, sort: true }),
  ],
  defaultSort: { field: "at", order: "desc" },
  actions: ["read"],
  titleField: "file_name",
  policy: {
    provider: [{ actions: "reading", rows: "all" }],
    institution: [{ actions: "reading", rows: "tenant", roles: INSTITUTION_ADMIN_ROLES }],
  },
  icon: "cloud-upload",
  menu: {
    order: 30,
    group: "learners",
    label: "Imports",
    path: "/learners/imports",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_ADMIN_ROLES],
  },
};
