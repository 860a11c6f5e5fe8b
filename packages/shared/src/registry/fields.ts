import type { FieldType } from "./names.js";
import type { FieldDefinition } from "./types.js";

type Options = Omit<FieldDefinition, "name" | "type">;

/** `field("title", "text", { required: true, list: true })` reads like the form it becomes. */
export const field = (name: string, type: FieldType, options: Options = {}): FieldDefinition => ({
  name,
  type,
  ...options,
});

export const id = (): FieldDefinition =>
  field("id", "number", { readOnly: true, list: true, sort: true, filter: true });
export const createdAt = (): FieldDefinition =>
  field("created_at", "datetime", { readOnly: true, list: true, sort: true, filter: true });
export const updatedAt = (): FieldDefinition => field("updated_at", "datetime", { readOnly: true, sort: true });
export const publishStatus = (): FieldDefinition =>
  field("publish_status", "boolean", { list: true, filter: true, sort: true, default: false });

/** The Nepal location cascade: province → district → municipality. */
export const location = (): FieldDefinition[] => [
  field("province_id", "province", { filter: true }),
  field("district_id", "district", { filter: true }),
  field("municipality_id", "municipality", { filter: true }),
];

/**
 * The institution a row belongs to: set by the server from the caller, chosen only by provider
 * staff. `options` adds what a resource shows of it (listed, read only).
 */
export const institutionColumn = (options: Options = {}): FieldDefinition =>
  field("institution_id", "relation", {
    relation: { resource: "institutions", labelField: "name" },
    filter: true,
    providerOnly: true,
    scopeColumn: true,
    ...options,
  });

/** Tenant columns: set by the server from the caller, chosen only by provider staff. */
export const tenantColumns = (): FieldDefinition[] => [
  institutionColumn(),
  field("recruiter_id", "relation", {
    relation: { resource: "recruiters-existing", labelField: "name" },
    filter: true,
    providerOnly: true,
    scopeColumn: true,
  }),
];
