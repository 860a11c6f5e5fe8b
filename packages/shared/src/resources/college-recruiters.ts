import { createdAt, field, id, institutionColumn } from "../registry/fields.js";
import { institutionRows } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES } from "../roles.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "college-recruiters": "institution_recruiters";
  }
}

export const collegeRecruiters: ResourceDefinition<"college-recruiters"> = {
  name: "college-recruiters",
  table: "institution_recruiters",
  scope: "institution",
  fields: [
    id(),
    field("recruiter_id", "relation", {
      relation: { resource: "recruiters-existing", labelField: "name" },
      required: true,
      list: true,
      filter: true,
    }),
    field("status", "enum", { enum: "partnershipStatus", list: true, filter: true, default: "active" }),
    field("note", "textarea", { maxLength: 1000 }),
    institutionColumn(),
    createdAt(),
  ],
  defaultSort: { field: "created_at", order: "desc" },
  actions: ALL,
  titleField: "recruiter_id",
  // A college's own recruiter partners, for its staff alone (provider staff manage recruiters)
  policy: institutionRows({ institutionTypes: ["college"] }),
  icon: "usergroup-add",
  helpLabel: "College Recruiters",
  menu: {
    order: 150,
    label: "Recruiters",
    path: "/job-providers-recruiter",
    roles: INSTITUTION_STAFF_ROLES,
    institutionTypes: ["college"],
  },
};
