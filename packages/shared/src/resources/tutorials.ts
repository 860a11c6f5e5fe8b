import { createdAt, field, id } from "../registry/fields.js";
import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { ALL } from "./parts.js";

declare module "../registry/names.js" {
  interface ResourceTables {
    tutorials: "tutorials";
  }
}

export const tutorials: ResourceDefinition<"tutorials"> = {
  name: "tutorials",
  table: "tutorials",
  scope: "global",
  // Embedded tutorial videos: provider staff keep the list, each kind of user
  // reads those meant for it on the Help page
  fields: [
    id(),
    field("title_en", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
    field("title_np", "text", { required: true, list: true, search: true, maxLength: 160 }),
    field("description_en", "textarea", { required: true, maxLength: 1000 }),
    field("description_np", "textarea", { required: true, maxLength: 1000 }),
    // no address yet: the Help page says "coming soon" instead of a player
    field("video_url", "video", { list: true }),
    field("roles", "tags", { enum: "roleKind", required: true, list: true }),
    field("topic", "enum", { enum: "helpTopic", list: true, filter: true }),
    field("sort_order", "number", { list: true, sort: true, min: 0, max: 10_000, default: 0 }),
    createdAt(),
  ],
  defaultSort: { field: "sort_order", order: "asc" },
  actions: ALL,
  titleField: "title_en",
  policy: {
    ...providerStaff(),
    institution: [{ actions: ["read"], rows: "role-kind" }],
    recruiter: [{ actions: ["read"], rows: "role-kind" }],
    learner: [{ actions: ["read"], rows: "role-kind" }],
  },
  icon: "play-circle",
};
