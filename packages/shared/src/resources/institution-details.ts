import { tenantRecord } from "../registry/policies.js";
import type { ResourceDefinition } from "../registry/types.js";
import { EDIT_ONLY, institutionFields } from "./parts.js";

export const institutionDetails: ResourceDefinition = {
  name: "institution-details",
  table: "institutions",
  scope: "tenant",
  fields: institutionFields(),
  defaultSort: { field: "name", order: "asc" },
  actions: EDIT_ONLY,
  titleField: "name",
  policy: tenantRecord("institution"),
};
