import { field } from "../registry/fields.js";
import { sharedCatalogue } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { INSTITUTION_STAFF_ROLES, PROVIDER_ROLES } from "../roles.js";
import { ALL, catalogue, ENROL, enrolmentPolicy } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "enrichment-programs": "external_programs";
  }
}

export const enrichmentPrograms: ResourceDefinition<"enrichment-programs"> = {
  name: "enrichment-programs",
  table: "external_programs",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("organizer", "text", { list: true, search: true, maxLength: 160 }),
    field("description", "richtext"),
    field("delivery_mode", "enum", { enum: "deliveryMode", list: true, filter: true }),
    field("start_date", "date", { list: true, sort: true, filter: true }),
    field("end_date", "date", { sort: true, filter: true }),
    field("fee", "number", { min: 0 }),
    field("url", "url"),
  ]),
  defaultSort: { field: "start_date", order: "desc" },
  actions: ALL,
  titleField: "title",
  // learners read the published programs (their cards) to enrol in them, though the
  // spec's learner menu has no entry for them
  policy: enrolmentPolicy(sharedCatalogue(["institution", "learner"])),
  commands: ENROL,
  featureKey: "external-programs",
  icon: "experiment",
  menu: {
    order: 160,
    label: "Enrichment Program",
    path: "/external-program",
    roles: [...PROVIDER_ROLES, ...INSTITUTION_STAFF_ROLES],
  },
};
