import { hiddenKeysOf, type ResourceDefinition, type Role, readableFields } from "@csc/shared";
import { decodeRow } from "./codec.js";

const withoutKeys = (record: unknown, keys: readonly string[]) =>
  typeof record === "object" && record !== null && !Array.isArray(record)
    ? Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))
    : record;

/**
 * A stored row as one reader receives it, in every answer the engine sends (list, one, many,
 * export, create/update/delete answers): exactly the fields their `/api/meta` lists, with any
 * record keys their role may not read (an assessment's answers for learners) taken out.
 */
export function rowFor(resource: ResourceDefinition, role: Role, stored: Record<string, unknown>) {
  const fields = readableFields(resource, role);
  const row = decodeRow(fields, stored);
  for (const field of fields) {
    const keys = hiddenKeysOf(field, role);
    const value = row[field.name];
    if (keys.length > 0 && Array.isArray(value)) row[field.name] = value.map((record) => withoutKeys(record, keys));
  }
  return row;
}
