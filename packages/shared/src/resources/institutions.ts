import { providerStaff } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { ALL, institutionFields } from "./parts.js";

export const institutions: ResourceDefinition = {
  name: "institutions",
  table: "institutions",
  scope: "global",
  fields: institutionFields(),
  defaultSort: { field: "name", order: "asc" },
  actions: ALL,
  titleField: "name",
  policy: providerStaff(),
};
