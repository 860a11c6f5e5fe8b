import { fieldType } from "@csc/shared";
import type { FieldMeta } from "../types";

export type FormValues = Record<string, unknown>;

/** The fields a form shows: those the user may write. */
export const writableFields = (fields: FieldMeta[]) => fields.filter((field) => !field.readOnly);

/**
 * A new record's starting values, each type's empty one (empty lists, switches off), and choices
 * named in the address (the institutions list's "Add Institution (College)" opens `create?type=college`).
 */
export function createDefaults(fields: FieldMeta[], search: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const field of writableFields(fields)) {
    const type = fieldType(field.type);
    values[field.name] = type.emptyValue();
    const requested = search.get(field.name);
    const option = field.options?.find((candidate) => String(candidate.value) === requested);
    if (type.presetFromAddress && option) values[field.name] = option.value;
  }
  return values;
}

/**
 * What the API gets: every writable field as its type sends it, blanks as null (which clears them),
 * lists cleaned; a write-only field (a secret) only when something was typed, since blank keeps it.
 */
export function toPayload(fields: FieldMeta[], values: FormValues): FormValues {
  const payload: FormValues = {};
  for (const field of writableFields(fields)) {
    const value = fieldType(field.type).toPayload(values[field.name]);
    if (!field.writeOnly || (value !== null && value !== "")) payload[field.name] = value;
  }
  return payload;
}
