import { field, id, updatedAt } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition, ResourceName } from "../registry/types.js";
import { careerRoadmap } from "./career-roadmap.js";
import { courses } from "./courses.js";
import { enrichmentPrograms } from "./enrichment-programs.js";
import { changersOf } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    enrolments: "enrolments";
  }
}

/**
 * What each kind of enrolment is in: the column holding its item (the foreign key that makes
 * deletes and joins work; the others stay null) and the catalogue resource the item is a row of.
 */
export const ENROLMENT_ITEMS = {
  course: { column: "course_id", resource: courses.name },
  "enrichment-program": { column: "enrichment_program_id", resource: enrichmentPrograms.name },
  "career-roadmap": { column: "career_roadmap_id", resource: careerRoadmap.name },
} as const satisfies Record<string, { column: string; resource: ResourceName }>;

const itemFields = Object.values(ENROLMENT_ITEMS).map(({ column, resource }) =>
  field(column, "relation", { relation: { resource, labelField: "title" }, filter: true, readOnly: true }),
);

/** Enrolments staff complete: courses and programs (a learner's roadmap is theirs to tick). */
const STAFF_COMPLETED = { item_type: ["course", "enrichment-program"] } as const;

export const enrolments: ResourceDefinition<"enrolments"> = {
  name: "enrolments",
  table: "enrolments",
  scope: "policy",
  // Learner journey; the enrol, progress and bulk commands write these rows
  fields: [
    id(),
    field("item_type", "enum", { enum: "enrolmentItemType", list: true, filter: true, readOnly: true }),
    field("item_id", "number", { list: true, filter: true, readOnly: true }),
    ...itemFields,
    field("user_id", "number", { list: true, filter: true, readOnly: true }),
    field("institution_id", "number", { filter: true, readOnly: true }),
    field("enrolled_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
    field("progress", "number", { list: true, sort: true, min: 0, max: 100, readOnly: true }),
    field("completed_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
    field("certificate_code", "text", { readOnly: true }),
    field("completed_by", "number", { readOnly: true }),
    // the steps of a roadmap the learner has ticked, by name
    field("steps_done", "tags", { readOnly: true }),
    updatedAt(),
  ],
  defaultSort: { field: "enrolled_at", order: "desc" },
  actions: ["read", "export"],
  titleField: "item_type",
  ruleFilters: ["completed"],
  commands: [
    // `PATCH /enrolments/{id}` { progress?, completed?, steps? }
    { name: "progress", target: "one", asUpdate: true },
    // staff complete (or un-complete) many enrolments at once, all or nothing
    { name: "bulk", target: "many" },
  ],
  policy: {
    ...providerStaff(),
    institution: [
      // their own learners' enrolments, to read
      { actions: "reading", rows: "tenant" },
      // editors and admins complete their learners' courses and programs
      { actions: ["progress", "bulk"], rows: "tenant", roles: changersOf("institution"), where: STAFF_COMPLETED },
    ],
    // a learner reads their own enrolments and ticks the steps of their own roadmaps
    learner: [
      { actions: ["read"], rows: "own" },
      { actions: ["progress"], rows: "own", where: { item_type: "career-roadmap" } },
    ],
  },
};
