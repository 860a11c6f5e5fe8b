import { field } from "../registry/fields.js";
import { sharedCatalogue } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { EVERY_ROLE } from "../roles.js";
import { ALL, APPLY, catalogue, postingPolicy } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    "learning-events": "learning_events";
  }
}

export const learningEvents: ResourceDefinition<"learning-events"> = {
  name: "learning-events",
  table: "learning_events",
  scope: "shared",
  fields: catalogue([
    field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
    field("event_type", "enum", { enum: "eventType", required: true, list: true, filter: true }),
    field("description", "richtext"),
    field("delivery_mode", "enum", { enum: "deliveryMode", list: true, filter: true }),
    // where it takes place: the venue when offline, the link when online (pipeline.ts placeFieldOf)
    field("venue", "text", { maxLength: 200 }),
    field("link", "url"),
    field("start_at", "datetime", { required: true, list: true, sort: true, filter: true }),
    field("end_at", "datetime", { required: true, sort: true, filter: true }),
    field("registration_deadline", "date", { sort: true, filter: true }),
    field("capacity", "number", { min: 1, max: 100000 }),
    field("access_scope", "enum", { enum: "accessScope", filter: true }),
    // whether its applicants get a letter grade or a percentage
    field("grading_type", "enum", { enum: "gradingType", filter: true }),
    field("skills", "tags"),
  ]),
  defaultSort: { field: "start_at", order: "desc" },
  actions: ALL,
  titleField: "title",
  policy: postingPolicy(sharedCatalogue(["institution", "recruiter", "learner"]), "audience"),
  commands: APPLY,
  featureKey: "job-role-trainings",
  timeWindow: { start: "start_at", end: "end_at" },
  icon: "calendar",
  menu: { order: 110, label: "Learning Events", path: "/job-trainings?type=ongoing", roles: EVERY_ROLE },
};
