import { type TSchema, Type } from "typebox";
import { ENUM_OPTIONS, type EnumName, isCountryCode } from "./enums.js";
import type { FieldType } from "./registry/names.js";
import { ALL_ROLES } from "./roles.js";
import {
  normalizeWebsite,
  VALIDATION_MESSAGES,
  type ValidationMessage,
  type ValidationResult,
  type Validator,
  validateEmail,
  validateLinkedinUrl,
  validateOptionalLinkedinUrl,
  validateOptionalPhone,
  validateOptionalWebsite,
  validatePhone,
  validateWebsite,
} from "./validation.js";
import { validateOptionalYoutubeUrl, YOUTUBE_URL_MESSAGE, youtubeVideoId, youtubeWatchUrl } from "./video.js";

/**
 * The field types: one entry per type holding all that is not React — how its column stores a
 * value, how a body value is checked and stored, how a list filters it, how a form cleans and
 * checks it, its row schema and its export text. The API's generic engine and the admin's generic
 * pages look a type up here (`fieldType(field.type)`); the admin's look of each type is its module
 * under `apps/admin/src/field-types/`. Adding a type: docs/field-types.md.
 */

/** How a column keeps a value: what a stored value decodes to and how a filter value is read. */
type FieldStorage = "text" | "integer" | "boolean" | "json";

/** The control a filterable field gets in a list (enum → select, date → range, text → like…). */
export type FilterKind = "choice" | "boolean" | "relation" | "place" | "dateRange" | "text" | "number";

/** The level of the Nepal location cascade a place field holds: province → district → municipality. */
export interface PlaceLevel {
  /** 0 for provinces; a field of a deeper level lies inside the one of the level above. */
  depth: number;
  table: "provinces" | "districts" | "municipalities";
  /** The column of the level above, on the place's table and on the row alike. */
  parentColumn?: "province_id" | "district_id";
}

/** What a field type reads of a field: the registry's definition and `/api/meta`'s both fit. */
interface TypedField {
  name: string;
  required?: boolean;
  /** Enum options by name (enums.ts), on the API side. */
  enum?: EnumName | "role";
  min?: number;
  max?: number;
  maxLength?: number;
}

export type Encoded =
  | { ok: true; value: unknown }
  | { ok: false; message: { key: string; message: string; vars?: Record<string, number> } };

/** A body value a type encodes: neither null nor "" (those clear the field) and without NUL. */
interface EncodeInput {
  field: TypedField;
  value: unknown;
  /** The value trimmed, when it is a string. */
  text: string | null;
  /** The API's rich-text sanitizer (an HTML library shared does not carry). */
  sanitizeRichText: (html: string) => string;
}

/** A problem of one record of a list of records (a contact person, a question), under its key. */
export interface RecordProblem {
  key: string;
  message: ValidationMessage;
}

interface FieldTypeDefinition {
  storage: FieldStorage | ((field: TypedField) => FieldStorage);
  /** A body value checked and turned into what is stored. */
  encode: (input: EncodeInput) => Encoded;
  /** A filter value from a query string as stored, or undefined when malformed; by storage when absent. */
  filterValue?: (field: TypedField, raw: string) => string | number | undefined;
  /** Whether a list takes `<field>_like` on it (a search box per column). */
  like: boolean;
  /** The admin's filter control, or null when the type is not filtered in the admin. */
  filterKind: FilterKind | null;
  /** The JSON type of the value in a row the API sends; by storage when absent. */
  schema?: (field: TypedField) => TSchema;
  /** "Now" as a stored value compares with it (a date: today's date); the instant when absent. */
  nowAs?: (iso: string) => string;
  /** The value points at a row of another resource (its `relation`) or at a file uploaded here. */
  references?: "row" | "upload";
  place?: PlaceLevel;
  /** A JSON list of names, in which a learner's interests (skills, preferences) are looked for. */
  holdsNames?: boolean;
  /** JSON records: their keys (in order), the one each record needs, and a record's first problem. */
  records?: {
    keys: readonly string[];
    required: string;
    problem: (record: Record<string, unknown>) => RecordProblem | null;
  };
  /** The value of an empty new form. */
  emptyValue: () => unknown;
  /** A value named in a create page's address (`create?type=college`) may preset it. */
  presetFromAddress?: boolean;
  /** A form value as the API gets it: blanks as null, lists cleaned. */
  toPayload: (value: unknown) => unknown;
  /** Whether a text value holds nothing (rich text: an empty editor still writes `<p><br></p>`). */
  blankText?: (text: string) => boolean;
  /** The shared rule the form checks before sending (the API checks it again on write). */
  rule?: Validator;
}

/* Shared pieces of the entries. */

/**
 * Every numeric column is a 32-bit INTEGER: PostgreSQL refuses a fraction or anything larger with
 * an error rather than a result, so such a value must stop here as bad input.
 */
export const MAX_INTEGER = 2_147_483_647;
const isStorableInteger = (n: number) => Number.isInteger(n) && Math.abs(n) <= MAX_INTEGER;

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

/** Whether the editor's HTML holds any text (an empty editor still says `<p><br></p>`). */
export function richTextIsEmpty(html: unknown): boolean {
  if (typeof html !== "string") return true;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "";
}

/** A field's allowed values when it is an enum or a list of enum values. */
export function allowedValues(field: TypedField): readonly (string | number | boolean)[] | null {
  if (field.enum === "role") return ALL_ROLES;
  if (field.enum) return ENUM_OPTIONS[field.enum].map((option) => option.value);
  return null;
}

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
const MAX_TEXT = 10_000;
const MAX_LIST = 50;

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const blank = (value: unknown) => value === undefined || value === null || value === "";
const asText = (value: unknown) => (blank(trimmed(value)) ? null : trimmed(value));
const asNumber = (value: unknown) => (blank(value) ? null : Number(value));
const toNumber = (value: unknown) =>
  typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;

/* Families of types. */

/** One line or more of text, or an address or number typed as text, kept trimmed. */
function textLike(encode: (input: EncodeInput) => Encoded, options: Partial<FieldTypeDefinition> = {}) {
  return {
    storage: "text",
    encode: (input) => (input.text === null ? invalid() : encode(input)),
    like: true,
    filterKind: "text",
    emptyValue: () => null,
    toPayload: asText,
    ...options,
  } satisfies FieldTypeDefinition;
}

const plainText =
  (oneLine: boolean) =>
  ({ field, text }: EncodeInput): Encoded => {
    const value = text as string;
    if (oneLine && LINE_BREAK.test(value)) return notOneLine();
    if (value.length > (field.maxLength ?? MAX_TEXT))
      return fail("field.tooLong", "Too long.", { max: field.maxLength ?? MAX_TEXT });
    return { ok: true, value };
  };

/** An id of a row elsewhere: a related resource's row or a place of the Nepal cascade. */
function reference(filterKind: FilterKind, options: Partial<FieldTypeDefinition>) {
  return {
    storage: "integer",
    encode: ({ value }) => {
      const n = toNumber(value);
      return isStorableInteger(n) && n > 0 ? { ok: true, value: n } : invalid();
    },
    like: false,
    filterKind,
    emptyValue: () => null,
    toPayload: asNumber,
    ...options,
  } satisfies FieldTypeDefinition;
}

const place = (level: PlaceLevel) => reference("place", { place: level });

/** A day or an instant, kept as ISO text so that it compares as text. */
function moment(encode: (text: string | null) => Encoded, nowAs?: (iso: string) => string) {
  return {
    storage: "text",
    encode: ({ text }) => encode(text),
    like: false,
    filterKind: "dateRange",
    ...(nowAs ? { nowAs } : {}),
    emptyValue: () => null,
    toPayload: asText,
  } satisfies FieldTypeDefinition;
}

/** A list kept as JSON text: `[]` when empty. */
function jsonList(
  options: Pick<FieldTypeDefinition, "encode" | "schema" | "toPayload"> & Partial<FieldTypeDefinition>,
) {
  return {
    storage: "json",
    like: false,
    filterKind: null,
    emptyValue: () => [],
    ...options,
  } satisfies FieldTypeDefinition;
}

const RecordList = () => Type.Array(Type.Object({}, { additionalProperties: true }));

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

/** A form's records as sent: every key, blanks as null, lists of options cleaned, empty records left out. */
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

/** A list of JSON records, each with `keys` and needing `required`. */
function recordList(
  keys: readonly string[],
  required: string,
  problem: (record: Record<string, unknown>) => RecordProblem | null,
) {
  return jsonList({
    encode: ({ value }) => encodeRecords(value, keys, required),
    schema: RecordList,
    records: { keys, required, problem },
    toPayload: (value) => cleanRecords(value, keys),
  });
}

const textOf = (value: unknown) => (typeof value === "string" ? value : null);
const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** The keys of a contact person (contact fields) and of a self-assessment's question. */
export const CONTACT_KEYS = ["full_name", "email", "designation", "phone_no"] as const;
const QUESTION_KEYS = ["question", "options", "answer"] as const;

const ANSWER_IN_OPTIONS: ValidationMessage = {
  key: "resources.validation.answerInOptions",
  message: "The answer must be one of the choices.",
};

/** Booleans are stored as 0/1 so SQLite and PostgreSQL read back alike. */
const readBoolean = (raw: string) =>
  raw === "true" || raw === "1" ? 1 : raw === "false" || raw === "0" ? 0 : undefined;

/* The table. */

const DEFINITIONS = {
  text: textLike(plainText(true)),
  textarea: textLike(plainText(false)),
  richtext: textLike(
    ({ text, sanitizeRichText }) =>
      (text as string).length > 100_000 ? invalid() : { ok: true, value: sanitizeRichText(text as string) },
    {
      filterKind: null,
      blankText: richTextIsEmpty,
      // Quill's semantic HTML writes every space as &nbsp;, which would stop lines from wrapping
      toPayload: (value) => (richTextIsEmpty(value) ? null : String(value).replace(/&nbsp;/g, " ")),
    },
  ),
  number: {
    storage: "integer",
    encode: ({ field, value }) => {
      const n = toNumber(value);
      if (!Number.isFinite(n)) return invalid();
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) return invalid();
      if (Math.abs(n) > MAX_INTEGER) return invalid();
      return Number.isInteger(n) ? { ok: true, value: n } : fail("field.wholeNumber", "Enter a whole number.");
    },
    like: false,
    filterKind: "number",
    emptyValue: () => null,
    toPayload: asNumber,
  },
  boolean: {
    storage: "boolean",
    encode: ({ value }) => (typeof value === "boolean" ? { ok: true, value: value ? 1 : 0 } : invalid()),
    like: false,
    filterKind: "boolean",
    emptyValue: () => false,
    toPayload: (value) => Boolean(value),
  },
  enum: {
    // an enum of yes/no is kept as 0/1, one of numbers (attendance 1/2/3) as numbers
    storage: (field) => {
      const values = allowedValues(field);
      if (values?.every((v) => typeof v === "boolean")) return "boolean";
      return values?.every((v) => typeof v === "number") ? "integer" : "text";
    },
    encode: ({ field, value }) => {
      const allowed = allowedValues(field) ?? [];
      if (!allowed.includes(value as string)) return invalid();
      return { ok: true, value: typeof value === "boolean" ? (value ? 1 : 0) : value };
    },
    filterValue: (field, raw) => {
      const allowed = allowedValues(field);
      if (allowed?.every((v) => typeof v === "boolean")) return readBoolean(raw);
      if (!allowed) return raw;
      // a query string is text: an enum of numbers matches by its written form
      return allowed.find((value) => String(value) === raw) as string | number | undefined;
    },
    like: false,
    filterKind: "choice",
    emptyValue: () => null,
    presetFromAddress: true,
    toPayload: asText,
  },
  date: moment(
    (text) =>
      text !== null && DATE.test(text) && !Number.isNaN(Date.parse(text)) ? { ok: true, value: text } : invalid(),
    (iso) => iso.slice(0, 10),
  ),
  datetime: moment((text) => {
    const time = text === null ? Number.NaN : Date.parse(text);
    return Number.isNaN(time) ? invalid() : { ok: true, value: new Date(time).toISOString() };
  }),
  email: textLike(({ text }) => fromValidation(validateEmail(text), (text as string).toLowerCase()), {
    rule: (value) => (value ? validateEmail(value) : null),
  }),
  phone: textLike(({ text }) => fromValidation(validatePhone(text), text), { rule: validateOptionalPhone }),
  url: textLike(({ text }) => fromValidation(validateWebsite(text), normalizeWebsite(text)), {
    rule: validateOptionalWebsite,
  }),
  /** A YouTube video address (video.ts `youtubeVideoId`), embedded from youtube-nocookie.com only. */
  video: {
    ...textLike(() => invalid(), { rule: validateOptionalYoutubeUrl }),
    // kept as the video's watch page, whatever form of address was given; embedded by id only
    encode: ({ text }) => {
      const videoId = youtubeVideoId(text);
      return videoId === null
        ? fromValidation(YOUTUBE_URL_MESSAGE, null)
        : { ok: true, value: youtubeWatchUrl(videoId) };
    },
  },
  linkedin: textLike(({ text }) => fromValidation(validateLinkedinUrl(text), normalizeWebsite(text)), {
    rule: validateOptionalLinkedinUrl,
  }),
  color: textLike(
    ({ text }) => (COLOR.test(text as string) ? { ok: true, value: (text as string).toUpperCase() } : invalid()),
    {
      like: false,
      filterKind: null,
    },
  ),
  image: textLike(({ text }) => (uploadNameOf(text as string) !== null ? { ok: true, value: text } : invalid()), {
    like: false,
    filterKind: null,
    references: "upload",
  }),
  tags: jsonList({
    encode: ({ field, value }) => {
      if (!Array.isArray(value) || value.length > MAX_LIST) return invalid();
      const allowed = allowedValues(field);
      const items = value.map(trimmed);
      if (!items.every((item) => typeof item === "string" && item.length > 0 && item.length <= 80)) return invalid();
      if (items.some((item) => LINE_BREAK.test(item as string))) return notOneLine();
      if (allowed && !items.every((item) => allowed.includes(item as string))) return invalid();
      // a run of spaces inside a name is one space: "Data  analysis" is kept as "Data analysis", as skill match reads it
      return {
        ok: true,
        value: JSON.stringify([...new Set(items.map((item) => (item as string).replace(/\s+/g, " ")))]),
      };
    },
    schema: () => Type.Array(Type.String()),
    holdsNames: true,
    toPayload: (value) => (Array.isArray(value) ? [...new Set(value.map(trimmed).filter((item) => !blank(item)))] : []),
  }),
  relation: reference("relation", { references: "row" }),
  province: place({ depth: 0, table: "provinces" }),
  district: place({ depth: 1, table: "districts", parentColumn: "province_id" }),
  municipality: place({ depth: 2, table: "municipalities", parentColumn: "district_id" }),
  country: textLike(
    ({ text }) =>
      isCountryCode((text as string).toUpperCase()) ? { ok: true, value: (text as string).toUpperCase() } : invalid(),
    { like: false, filterKind: "choice" },
  ),
  /** Years of a programme, 1–50, kept whole. */
  year: {
    storage: "integer",
    encode: ({ value }) => {
      const n = toNumber(value);
      if (!Number.isFinite(n) || n < 1 || n > 50) return invalid();
      return { ok: true, value: Math.round(n) };
    },
    like: false,
    filterKind: "choice",
    emptyValue: () => null,
    toPayload: asNumber,
  },
  contacts: recordList(CONTACT_KEYS, "full_name", (contact) => {
    if (!filled(contact.full_name)) return { key: "full_name", message: VALIDATION_MESSAGES.required };
    const email = textOf(contact.email) ? validateEmail(textOf(contact.email)) : null;
    if (email) return { key: "email", message: email };
    const phone = validateOptionalPhone(textOf(contact.phone_no ?? ""));
    if (phone) return { key: "phone_no", message: phone };
    return null;
  }),
  questions: recordList(QUESTION_KEYS, "question", (question) => {
    if (!filled(question.question)) return { key: "question", message: VALIDATION_MESSAGES.required };
    const options = Array.isArray(question.options) ? question.options : [];
    if (question.answer && options.length > 0 && !options.includes(question.answer)) {
      return { key: "answer", message: ANSWER_IN_OPTIONS };
    }
    return null;
  }),
} satisfies Record<string, FieldTypeDefinition>;

declare module "./registry/names.js" {
  /** Field types the generic pages and the CRUD engine know: the table's keys. */
  interface FieldTypeNames extends Record<keyof typeof DEFINITIONS, true> {}
}

export type { FieldType };

const FIELD_TYPE_DEFINITIONS: Readonly<Record<FieldType, FieldTypeDefinition>> = DEFINITIONS;
export const FIELD_TYPES = Object.freeze(Object.keys(DEFINITIONS)) as readonly FieldType[];

export const fieldType = (type: FieldType): FieldTypeDefinition => FIELD_TYPE_DEFINITIONS[type];

/* What the generic code asks of a field through its type. */

type Typed = TypedField & { type: FieldType };

function storageOf(field: Typed): FieldStorage {
  const { storage } = fieldType(field.type);
  return typeof storage === "function" ? storage(field) : storage;
}

/** Types stored as JSON text: lists and nested records. */
export const JSON_FIELD_TYPES: readonly FieldType[] = FIELD_TYPES.filter(
  (type) => FIELD_TYPE_DEFINITIONS[type].storage === "json",
);

const parseJson = (value: unknown): unknown => {
  if (typeof value !== "string") return value ?? [];
  try {
    return JSON.parse(value);
  } catch {
    return [];
  }
};
const asBoolean = (value: unknown) => (value === null || value === undefined ? null : Boolean(value));
const asStored = (value: unknown) => value ?? null;

/** How a field's stored value reads in the API: JSON columns parsed, 0/1 as booleans, the rest as stored. */
export function decoderOf(field: Typed): (value: unknown) => unknown {
  const storage = storageOf(field);
  return storage === "json" ? parseJson : storage === "boolean" ? asBoolean : asStored;
}

/** A filter value from a query string, as stored (numbers, 0/1 booleans), or undefined when malformed. */
export function decodeFilterValue(field: Typed, raw: string): string | number | undefined {
  const own = fieldType(field.type).filterValue;
  if (own) return own(field, raw);
  const storage = storageOf(field);
  if (storage === "boolean") return readBoolean(raw);
  if (storage === "integer") {
    const n = Number(raw);
    return raw.trim() !== "" && isStorableInteger(n) ? n : undefined;
  }
  return raw;
}

/**
 * A body value checked and turned into what is stored, per field type. `null` or "" clears an
 * optional field; the caller checks required fields and those that have a default.
 */
export function encodeFieldValue(field: Typed, value: unknown, sanitizeRichText: (html: string) => string): Encoded {
  if (value === null || value === "") return { ok: true, value: storageOf(field) === "json" ? "[]" : null };
  // PostgreSQL's text cannot hold NUL (lists and records are stored as JSON, which escapes it)
  if (typeof value === "string" && value.includes("\u0000")) return invalid();
  const text = typeof value === "string" ? value.trim() : null;
  return fieldType(field.type).encode({ field, value, text, sanitizeRichText });
}

/** A field's JSON type in a row the API sends. */
export function valueSchemaOf(field: Typed): TSchema {
  const own = fieldType(field.type).schema;
  if (own) return own(field);
  const storage = storageOf(field);
  return storage === "boolean" ? Type.Boolean() : storage === "integer" ? Type.Number() : Type.String();
}

/** A value as the text of an export's cell (CSV, XLSX): "" for nothing, lists and records as JSON. */
export const exportText = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** Whether a form value holds nothing: the form asks for it when the field is required. */
export function isBlankValue(field: { type: FieldType }, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return fieldType(field.type).blankText?.(value) ?? value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
