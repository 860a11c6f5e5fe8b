import {
  ALL_ROLES,
  ENUM_OPTIONS,
  type FieldDefinition,
  isCountryCode,
  JSON_FIELD_TYPES,
  NUMERIC_FIELD_TYPES,
  normalizeWebsite,
  type ValidationResult,
  validateEmail,
  validateLinkedinUrl,
  validatePhone,
  validateWebsite,
  YOUTUBE_URL_MESSAGE,
  youtubeVideoId,
  youtubeWatchUrl,
} from "@csc/shared";
import { filterXSS } from "xss";

/** A field's allowed values when it is an enum or a list of enum values. */
export function allowedValues(field: FieldDefinition): readonly (string | number | boolean)[] | null {
  if (field.enum === "role") return ALL_ROLES;
  if (field.enum) return ENUM_OPTIONS[field.enum].map((option) => option.value);
  return null;
}

/** Booleans are stored as 0/1 so SQLite and PostgreSQL read back alike. */
const storesBoolean = (field: FieldDefinition) =>
  field.type === "boolean" || (allowedValues(field)?.every((v) => typeof v === "boolean") ?? false);

/** What the rich-text toolbar of spec §9 writes: headers 1–3, bold, italic, underline, lists. */
const RICH_TEXT_TAGS = {
  h1: [],
  h2: [],
  h3: [],
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  ol: [],
  ul: [],
  li: [],
};
const sanitizeRichText = (html: string) =>
  filterXSS(html, { whiteList: RICH_TEXT_TAGS, stripIgnoreTag: true, stripIgnoreTagBody: ["script", "style"] });

const parseJson = (value: unknown): unknown => {
  if (typeof value !== "string") return value ?? [];
  try {
    return JSON.parse(value);
  } catch {
    return [];
  }
};

type Decode = (value: unknown) => unknown;
const asBoolean: Decode = (value) => (value === null || value === undefined ? null : Boolean(value));
const asStored: Decode = (value) => value ?? null;

/** How one field's stored value is shown: JSON columns parsed, 0/1 as booleans, the rest as stored. */
export function decoderOf(field: FieldDefinition): Decode {
  if (JSON_FIELD_TYPES.includes(field.type)) return parseJson;
  return storesBoolean(field) ? asBoolean : asStored;
}

/**
 * Every numeric column is a 32-bit INTEGER: PostgreSQL refuses a fraction or anything larger with
 * an error rather than a result, so such a value must stop here as bad input.
 */
export const MAX_INTEGER = 2_147_483_647;
const isStorableInteger = (n: number) => Number.isInteger(n) && Math.abs(n) <= MAX_INTEGER;

/** A filter value from a query string, as stored (numbers, 0/1 booleans), or undefined when malformed. */
export function decodeFilterValue(field: FieldDefinition, raw: string): string | number | undefined {
  if (storesBoolean(field)) return raw === "true" || raw === "1" ? 1 : raw === "false" || raw === "0" ? 0 : undefined;
  if (NUMERIC_FIELD_TYPES.includes(field.type)) {
    const n = Number(raw);
    return raw.trim() !== "" && isStorableInteger(n) ? n : undefined;
  }
  const allowed = allowedValues(field);
  if (!allowed || field.type !== "enum") return raw;
  // a query string is text: an enum of numbers (attendance 1/2/3) matches by its written form
  return allowed.find((value) => String(value) === raw) as string | number | undefined;
}

export type Encoded =
  | { ok: true; value: unknown }
  | { ok: false; message: { key: string; message: string; vars?: Record<string, number> } };

const fail = (key: string, message: string, vars?: Record<string, number>): Encoded => ({
  ok: false,
  message: { key, message, ...(vars ? { vars } : {}) },
});
const fromValidation = (result: ValidationResult, value: unknown): Encoded =>
  result ? { ok: false, message: { key: result.key, message: result.message } } : { ok: true, value };
const invalid = () => fail("field.invalid", "This value is not valid.");
/** Tab and line breaks: a body may hold them (plugins/control-characters.ts), a one-line field may not. */
const LINE_BREAK = /[\t\n\r]/;
const notOneLine = () => fail("field.controlCharacters", "Contains characters that are not allowed here.");

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** What `POST /api/uploads` names a stored file: 16 random bytes and the type it was re-encoded as. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp)$/;
export const uploadUrl = (name: string) => `/api/uploads/${name}`;
/**
 * The file an image field points at, or null. Only our own re-encoded uploads: a `data:` URI
 * (SVG carries script) or another site's URL would be shown to every reader as it came.
 */
export function uploadNameOf(value: string): string | null {
  const name = value.startsWith("/api/uploads/") ? value.slice("/api/uploads/".length) : "";
  return UPLOAD_NAME.test(name) ? name : null;
}
const MAX_TEXT = 10_000;
const MAX_LIST = 50;

function encodeList(field: FieldDefinition, value: unknown): Encoded {
  if (!Array.isArray(value) || value.length > MAX_LIST) return invalid();
  const allowed = allowedValues(field);
  const items = value.map((item) => (typeof item === "string" ? item.trim() : item));
  if (!items.every((item) => typeof item === "string" && item.length > 0 && item.length <= 80)) return invalid();
  if (items.some((item) => LINE_BREAK.test(item as string))) return notOneLine();
  if (allowed && !items.every((item) => allowed.includes(item as string))) return invalid();
  return { ok: true, value: JSON.stringify([...new Set(items)]) };
}

function encodeRecords(value: unknown, keys: readonly string[], required: string): Encoded {
  if (!Array.isArray(value) || value.length > MAX_LIST) return invalid();
  const records: Record<string, unknown>[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return invalid();
    const entry = item as Record<string, unknown>;
    if (Object.keys(entry).some((key) => !keys.includes(key))) return invalid();
    if (typeof entry[required] !== "string" || entry[required].trim() === "") return invalid();
    records.push(Object.fromEntries(keys.map((key) => [key, entry[key] ?? null])));
  }
  return { ok: true, value: JSON.stringify(records) };
}

/**
 * A body value checked and turned into what is stored, per field type. `null` or "" clears an
 * optional field; the caller checks required fields and those that have a default.
 */
export function encodeValue(field: FieldDefinition, value: unknown): Encoded {
  if (value === null || value === "") return { ok: true, value: JSON_FIELD_TYPES.includes(field.type) ? "[]" : null };
  // PostgreSQL's text cannot hold NUL (lists and records are stored as JSON, which escapes it)
  if (typeof value === "string" && value.includes("\u0000")) return invalid();
  const text = typeof value === "string" ? value.trim() : null;
  switch (field.type) {
    case "text":
    case "textarea":
      if (text === null) return invalid();
      if (field.type === "text" && LINE_BREAK.test(text)) return notOneLine();
      if (text.length > (field.maxLength ?? MAX_TEXT))
        return fail("field.tooLong", "Too long.", { max: field.maxLength ?? MAX_TEXT });
      return { ok: true, value: text };
    case "richtext":
      if (text === null || text.length > 100_000) return invalid();
      return { ok: true, value: sanitizeRichText(text) };
    case "number":
    case "year": {
      const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return invalid();
      const min = field.type === "year" ? 1 : field.min;
      const max = field.type === "year" ? 50 : field.max;
      if ((min !== undefined && n < min) || (max !== undefined && n > max) || Math.abs(n) > MAX_INTEGER)
        return invalid();
      if (field.type === "year") return { ok: true, value: Math.round(n) };
      return Number.isInteger(n) ? { ok: true, value: n } : fail("field.wholeNumber", "Enter a whole number.");
    }
    case "relation":
    case "province":
    case "district":
    case "municipality": {
      const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
      return isStorableInteger(n) && n > 0 ? { ok: true, value: n } : invalid();
    }
    case "boolean":
      return typeof value === "boolean" ? { ok: true, value: value ? 1 : 0 } : invalid();
    case "enum": {
      const allowed = allowedValues(field) ?? [];
      if (!allowed.includes(value as string)) return invalid();
      return { ok: true, value: typeof value === "boolean" ? (value ? 1 : 0) : value };
    }
    case "date":
      return text !== null && DATE.test(text) && !Number.isNaN(Date.parse(text))
        ? { ok: true, value: text }
        : invalid();
    case "datetime": {
      const time = text === null ? Number.NaN : Date.parse(text);
      return Number.isNaN(time) ? invalid() : { ok: true, value: new Date(time).toISOString() };
    }
    case "email":
      return text === null ? invalid() : fromValidation(validateEmail(text), text.toLowerCase());
    case "phone":
      return text === null ? invalid() : fromValidation(validatePhone(text), text);
    case "url":
      return text === null ? invalid() : fromValidation(validateWebsite(text), normalizeWebsite(text));
    case "linkedin":
      return text === null ? invalid() : fromValidation(validateLinkedinUrl(text), normalizeWebsite(text));
    case "video": {
      // kept as the video's watch page, whatever form of address was given; embedded by id only
      const videoId = youtubeVideoId(text);
      return videoId === null
        ? fromValidation(YOUTUBE_URL_MESSAGE, null)
        : { ok: true, value: youtubeWatchUrl(videoId) };
    }
    case "color":
      return text !== null && COLOR.test(text) ? { ok: true, value: text.toUpperCase() } : invalid();
    case "image":
      return text !== null && uploadNameOf(text) !== null ? { ok: true, value: text } : invalid();
    case "country":
      return text !== null && isCountryCode(text.toUpperCase()) ? { ok: true, value: text.toUpperCase() } : invalid();
    case "tags":
      return encodeList(field, value);
    case "contacts":
      return encodeRecords(value, ["full_name", "email", "designation", "phone_no"], "full_name");
    case "questions":
      return encodeRecords(value, ["question", "options", "answer"], "question");
  }
}
