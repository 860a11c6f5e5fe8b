import { richTextIsEmpty } from "../display/sanitize";
import type { FieldMeta } from "../types";

export type FormValues = Record<string, unknown>;

const LIST_TYPES: readonly FieldMeta["type"][] = ["tags", "contacts", "questions"];

/** The fields a form shows: those the user may write. */
export const writableFields = (fields: FieldMeta[]) => fields.filter((field) => !field.readOnly);

/**
 * A new record's starting values: empty lists, switches off, and enum choices named in the address
 * (the institutions list's "Add Institution (College)" opens `create?type=college`).
 */
export function createDefaults(fields: FieldMeta[], search: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const field of writableFields(fields)) {
    if (LIST_TYPES.includes(field.type)) values[field.name] = [];
    else if (field.type === "boolean") values[field.name] = false;
    else values[field.name] = null;
    const requested = search.get(field.name);
    const option = field.options?.find((candidate) => String(candidate.value) === requested);
    if (field.type === "enum" && option) values[field.name] = option.value;
  }
  return values;
}

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const blank = (value: unknown) => value === undefined || value === null || value === "";

function cleanRecords(value: unknown, keys: readonly string[]): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => {
      const entry = (item ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        keys.map((key) => {
          const part = entry[key];
          if (Array.isArray(part)) return [key, part.map(trimmed).filter((option) => !blank(option))];
          return [key, blank(trimmed(part)) ? null : trimmed(part)];
        }),
      );
    })
    .filter((entry) => Object.values(entry).some((part) => !blank(part) && !(Array.isArray(part) && !part.length)));
}

export const CONTACT_KEYS = ["full_name", "email", "designation", "phone_no"] as const;
export const QUESTION_KEYS = ["question", "options", "answer"] as const;

/** What the API gets: every writable field, blanks as null (which clears them), lists cleaned. */
export function toPayload(fields: FieldMeta[], values: FormValues): FormValues {
  const payload: FormValues = {};
  for (const field of writableFields(fields)) {
    const value = values[field.name];
    switch (field.type) {
      case "boolean":
        payload[field.name] = Boolean(value);
        break;
      case "tags":
        payload[field.name] = Array.isArray(value)
          ? [...new Set(value.map(trimmed).filter((item) => !blank(item)))]
          : [];
        break;
      case "contacts":
        payload[field.name] = cleanRecords(value, CONTACT_KEYS);
        break;
      case "questions":
        payload[field.name] = cleanRecords(value, QUESTION_KEYS);
        break;
      case "richtext":
        // Quill's semantic HTML writes every space as &nbsp;, which would stop lines from wrapping
        payload[field.name] = richTextIsEmpty(value) ? null : String(value).replace(/&nbsp;/g, " ");
        break;
      case "number":
      case "year":
      case "relation":
      case "province":
      case "district":
      case "municipality":
        payload[field.name] = blank(value) ? null : Number(value);
        break;
      default:
        payload[field.name] = blank(trimmed(value)) ? null : trimmed(value);
    }
  }
  return payload;
}
