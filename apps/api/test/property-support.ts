import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type Kysely, sql } from "kysely";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Dialect } from "../src/platform/db/connect.js";
import type { Database } from "../src/platform/db/schema.js";
import { JWT_SECRET } from "./helpers.js";

/**
 * The pieces of the property suite (property.test.ts): what the OpenAPI document says about each
 * route, generators of hostile requests built from it, a cheap fingerprint of the database, and
 * requests that must answer in time.
 */

// ───────────────────────────── the OpenAPI document ─────────────────────────────

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
}

export interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** As documented, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The documented JSON body, if the route takes one. */
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation["method"],
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema ?? null,
    })),
  );
}

/**
 * The routes GET /api/docs documents, from an app of its own on an empty in-memory database: the
 * tests are generated from them while the file is collected, before any hook runs (a hook that
 * never runs, because a filter skipped every test, would leave a database behind).
 */
export async function documentedOperations(): Promise<Operation[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "csc-docs-"));
  const config = loadConfig({ DATABASE_URL: "sqlite::memory:", DATA_DIR: dataDir, JWT_SECRET, SEED_DEMO: "false" });
  const app = await buildApp(config, { logger: false });
  try {
    return operationsOf((await app.inject({ url: "/api/docs" })).json());
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Values the document names for a schema (enums, constants, one-of lists in descriptions). */
export function documentedValues(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const fromDescription = /one of (.+)$/.exec(schema.description ?? "")?.[1]?.split(", ") ?? [];
  return [
    ...(schema.enum ?? []),
    ...(schema.const === undefined ? [] : [schema.const]),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(documentedValues),
    ...fromDescription.flatMap((value): unknown[] =>
      value === "true" || value === "false"
        ? [value, value === "true"]
        : /^\d+$/.test(value)
          ? [value, Number(value)]
          : [value],
    ),
  ];
}

// ───────────────────────────── generators ─────────────────────────────

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
/** encodeURIComponent, with a lone surrogate sent as the bytes it would take (invalid UTF-8, on purpose). */
const encode = (value: string) =>
  value
    .split(LONE_SURROGATE)
    .map((piece) =>
      LONE_SURROGATE.test(piece)
        ? `%ED%${(0xa0 + ((piece.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (piece.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`
        : encodeURIComponent(piece),
    )
    .join("");

/** Replaced in the JSON text by a literal JSON cannot round-trip through JavaScript: 1e400 parses as Infinity. */
const HUGE = "@@1e400@@";
const NEGATIVE_HUGE = "@@-1e400@@";
const toJsonText = (value: unknown) =>
  JSON.stringify(value).replaceAll(`"${HUGE}"`, "1e400").replaceAll(`"${NEGATIVE_HUGE}"`, "-1e400");

const EDGE_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1e400",
  "-1e400",
  "1.5",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "true",
  "false",
  "[]",
  "{}",
  "%",
  "_",
  "\\",
  "'",
  '"',
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "\u0000",
  "a\u0000b",
  "\u202e",
  "\ud800",
  "😀",
  "ज्ञान",
  "𝕏".repeat(100),
  "x".repeat(201),
  "x".repeat(5000),
  "9".repeat(400),
  "2026-02-30",
  "2026-01-01",
  "2026-01-01T00:00:00.000Z",
  "+275760-09-13T00:00:00.000Z",
  "9999-12-31T23:59:59Z",
  "#123456",
  "https://example.com",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
  "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA.png",
  "superadmin@example.com",
  "a@b",
  "NP",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
];

const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2,
  1.5,
  -1.5,
  50,
  51,
  100,
  101,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740991,
  2 ** 53,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const key = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 4 },
  {
    arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "id", "toString", "", "a.b", "$where"),
    weight: 1,
  },
);

const edgeScalar = fc.constantFrom<unknown>(...EDGE_STRINGS, ...EDGE_NUMBERS, HUGE, NEGATIVE_HUGE, null, true, false);

/** Any JSON value, leaning on the values that break parsers, casts and SQL: deep, odd and huge. */
const { value: hostileJson } = fc.letrec<{
  value: unknown;
  scalar: unknown;
  list: unknown[];
  record: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("scalar"), tie("list"), tie("record")),
  scalar: fc.oneof(
    { arbitrary: edgeScalar, weight: 3 },
    { arbitrary: fc.jsonValue({ maxDepth: 0 }), weight: 2 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
  ),
  list: fc.array(tie("value"), { maxLength: 5 }),
  record: fc.dictionary(key, tie("value"), { maxKeys: 5 }),
}));

const isoDate = fc.date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true });
const text = (maxLength: number) => fc.string({ unit: "grapheme", maxLength });
const ids = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 3000 }));

/**
 * Plausible values by the field type a resource body documents in its description
 * ("email; required", "enum; one of a, b"): plausible enough to pass some checks and reach the
 * next one.
 */
function byFieldType(kind: string, documented: unknown[]): fc.Arbitrary<unknown> | null {
  switch (kind) {
    case "text":
    case "textarea":
      return fc.oneof(text(60), fc.lorem({ maxCount: 3 }));
    case "richtext":
      return fc.oneof(
        text(60).map((s) => `<p>${s}</p>`),
        fc.constant("<script>alert(1)</script><b>x</b>"),
      );
    case "number":
    case "year":
      return fc.oneof(fc.integer({ min: -5, max: 120 }), fc.integer().map(String));
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom(0, 1, "true", "false"));
    case "enum":
      return documented.length > 0 ? fc.constantFrom(...documented) : null;
    case "date":
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case "datetime":
      return isoDate.map((d) => d.toISOString());
    case "email":
      return fc.oneof(fc.emailAddress(), fc.constantFrom("student@example.com", "college.admin@example.com"));
    case "phone":
      return fc.oneof(
        fc.constantFrom("+977 9800000000", "9800000000", "01-4412345"),
        fc.stringMatching(/^\+?[0-9 -]{0,20}$/),
      );
    case "video":
      return fc.oneof(
        fc.webUrl(),
        fc.constantFrom("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtu.be/dQw4w9WgXcQ", "https://youtu.be/x"),
      );
    case "url":
    case "linkedin":
      return fc.oneof(fc.webUrl(), fc.constantFrom("https://www.linkedin.com/in/someone", "example.com", "ftp://x"));
    case "color":
      return fc.oneof(fc.stringMatching(/^#[0-9a-fA-F]{6}$/), fc.constantFrom("#fff", "red"));
    case "image":
      return fc.constantFrom(
        "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA.png",
        "https://example.com/logo.png",
        "data:image/png;base64,iVBORw0KGgo=",
      );
    case "country":
      return fc.constantFrom("NP", "np", "US", "XX", "Nepal");
    case "tags":
      return fc.array(documented.length > 0 ? fc.oneof(fc.constantFrom(...documented), text(20)) : text(20), {
        maxLength: 6,
      });
    case "relation":
    case "province":
    case "district":
    case "municipality":
      return fc.oneof(ids, fc.integer({ min: -2, max: 800 }));
    case "contacts":
      return fc.array(
        fc.record(
          { full_name: text(30), email: fc.emailAddress(), designation: text(20), phone_no: text(15) },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      );
    case "questions":
      return fc.array(
        fc.record(
          { question: text(40), options: fc.array(text(10), { maxLength: 4 }), answer: fc.oneof(text(10), fc.nat(5)) },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      );
    default:
      return null;
  }
}

/** What the schema says a value is, with its boundaries and one step past them. */
function typedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const documented = documentedValues(schema);
  const kind = schema.description?.split(";")[0]?.trim() ?? "";
  const fromField = byFieldType(kind, documented);
  if (fromField) return fromField;
  if (documented.length > 0) return fc.constantFrom(...documented);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 200;
      const within =
        schema.format === "email"
          ? fc.emailAddress()
          : fc.string({ unit: "grapheme", minLength: min, maxLength: Math.min(max, 60) });
      return fc.oneof(
        { arbitrary: within, weight: 4 },
        { arbitrary: fc.constantFrom("x".repeat(max + 1), "x".repeat(Math.max(0, min - 1))), weight: 1 },
      );
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1, 1.5));
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      const item = valueFor(schema.items ?? {});
      const tooMany =
        schema.maxItems === undefined
          ? []
          : [fc.constant(Array.from({ length: schema.maxItems + 1 }, (_, i) => i + 1))];
      return fc.oneof(fc.array(item, { maxLength: 6 }), ...tooMany);
    }
    case "object":
      return objectFor(schema);
    default:
      return hostileJson;
  }
}

/** A documented value most of the time, anything at all otherwise. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: typedValue(schema), weight: 4 }, { arbitrary: hostileJson, weight: 1 });
}

/** Objects of the documented properties (any subset), sometimes with keys the schema does not name. */
function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const values = Object.fromEntries(properties.map(([name, s]) => [name, valueFor(s)]));
  // resource bodies say "required" in each property's description
  const required = properties
    .filter(([name, s]) => schema.required?.includes(name) || /(^|; )required(;|$)/.test(s.description ?? ""))
    .map(([name]) => name);
  const documented = fc.oneof(
    { arbitrary: fc.record(values, { requiredKeys: required }), weight: 3 },
    { arbitrary: fc.record(values, { requiredKeys: [] }), weight: 2 },
  );
  const extraValue =
    typeof schema.additionalProperties === "object" ? valueFor(schema.additionalProperties) : hostileJson;
  const extras = fc.dictionary(key, extraValue, { maxKeys: typeof schema.additionalProperties === "object" ? 8 : 2 });
  return fc.oneof(
    { arbitrary: documented, weight: properties.length > 0 ? 4 : 0 },
    { arbitrary: fc.tuple(documented, extras).map(([a, b]) => ({ ...b, ...a })), weight: 1 },
    { arbitrary: extras, weight: 1 },
  );
}

export interface BodyCase {
  contentType: string | null;
  payload: string;
}

const BOUNDARY = "----property-boundary";
const part = (headers: string, content: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
/** Multipart junk: never an image (every file part starts with "junk:"), so nothing is stored. */
const multipartJunk: fc.Arbitrary<BodyCase> = fc
  .tuple(
    fc.constantFrom("file", "image", "", 'x"y'),
    fc.constantFrom("x.png", "../../x.png", "", "x.php", "😀.gif"),
    fc.constantFrom("image/png", "text/plain", "", "application/octet-stream"),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.constantFrom("closed", "unclosed", "field-only", "two-files", "empty", "no-boundary", "wrong-boundary"),
  )
  .map(([field, filename, type, junk, shape]) => {
    const file = part(
      `Content-Disposition: form-data; name="${field}"; filename="${filename}"${type ? `\r\nContent-Type: ${type}` : ""}`,
      `junk:${junk}`,
    );
    const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    switch (shape) {
      case "unclosed":
        return { contentType, payload: file };
      case "field-only":
        return {
          contentType,
          payload: `${part(`Content-Disposition: form-data; name="${field}"`, junk)}--${BOUNDARY}--\r\n`,
        };
      case "two-files":
        return { contentType, payload: `${file}${file}--${BOUNDARY}--\r\n` };
      case "empty":
        return { contentType, payload: `--${BOUNDARY}--\r\n` };
      case "no-boundary":
        return { contentType: "multipart/form-data", payload: `${file}--${BOUNDARY}--\r\n` };
      case "wrong-boundary":
        return { contentType: "multipart/form-data; boundary=other", payload: `${file}--${BOUNDARY}--\r\n` };
      default:
        return { contentType, payload: `${file}--${BOUNDARY}--\r\n` };
    }
  });

const DEEP = `${"[".repeat(5000)}${"]".repeat(5000)}`;
const OVERSIZED = `{"x":"${"x".repeat(1024 * 1024 + 16)}"}`;
const rawJunk: fc.Arbitrary<BodyCase> = fc.record({
  contentType: fc.constantFrom<string | null>(
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=latin1",
    "APPLICATION/JSON",
    "application/vnd.api+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/xml",
    "application/octet-stream",
    "image/png",
    "",
    null,
  ),
  payload: fc.oneof(
    fc.constantFrom(
      "",
      "{not json",
      "null",
      "[]",
      "12",
      '"text"',
      "1e400",
      '{"a":1e400}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      "\u0000",
      "a=1&b=2",
      "<a/>",
      DEEP,
      OVERSIZED,
    ),
    fc.string({ unit: "binary", maxLength: 100 }),
  ),
});

const json = (
  value: fc.Arbitrary<unknown>,
  contentType = fc.constantFrom("application/json", "application/json; charset=utf-8"),
) => fc.tuple(value, contentType).map(([v, type]): BodyCase => ({ contentType: type, payload: toJsonText(v) }));

/** A body for the route: its documented JSON most of the time, any JSON, junk, multipart junk or none. */
export function bodyFor(op: Operation): fc.Arbitrary<BodyCase | null> {
  const documented = op.body
    ? json(op.body.type === "object" || op.body.properties ? objectFor(op.body) : valueFor(op.body))
    : null;
  const takesBody = op.method === "POST" || op.method === "PATCH" || op.method === "PUT";
  return fc.oneof(
    { arbitrary: documented ?? fc.constant(null), weight: documented ? 10 : takesBody ? 2 : 12 },
    { arbitrary: json(hostileJson), weight: 2 },
    { arbitrary: rawJunk, weight: 2 },
    { arbitrary: multipartJunk, weight: takesBody ? 2 : 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
}

/** Path parameters by name, where a plausible value gets further than a random one. */
const PLAUSIBLE_PATH: Record<string, string[]> = {
  sub: ["kmc", "himal", "recruiter", "admin", "www", "KMC"],
  lng: ["en-US", "np-NP", "en", "np", "ne", "ne-NP", "fr"],
  ns: ["api", "common", "enums", "fields", "validation"],
  file: ["api.json", "common.json", "enums.json", "fields.json", "validation.json", "api", "api.json.json"],
  name: ["AAAAAAAAAAAAAAAAAAAAAA.png", "AAAAAAAAAAAAAAAAAAAAAA.svg", "..%2F..%2Fjwt-secret", "%2E%2E%2Fcsc.sqlite"],
};

function pathValueFor(param: Parameter): fc.Arbitrary<string> {
  const documented = documentedValues(param.schema).map(String);
  const plausible = [...documented, ...(PLAUSIBLE_PATH[param.name] ?? [])];
  const nasty = fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "1e400",
    "-1e400",
    "1e3",
    "9007199254740993",
    "2147483648",
    "99999999999999999999999",
    "0x10",
    "%201",
    "1%20",
    "..",
    "%2e%2e",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "null",
    "undefined",
    "NaN",
    "Infinity",
    "true",
    `{${param.name}}`,
    `:${param.name}`,
    "export",
    "options",
    "%E0%A4",
    "%ZZ",
    "%FF",
    "%C0%AF",
    "a".repeat(300),
    encodeURIComponent("😀"),
    encodeURIComponent("ज्ञान"),
    "__proto__",
    "constructor",
  );
  return fc.oneof(
    { arbitrary: plausible.length > 0 ? fc.constantFrom(...plausible) : ids.map(String), weight: 3 },
    { arbitrary: ids.map(String), weight: param.schema?.type === "integer" ? 4 : 1 },
    { arbitrary: nasty, weight: 2 },
    { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(encode), weight: 1 },
  );
}

/** What breaks number parsing: past double range, negative, empty, fractional, hex, padded, 400 digits. */
const NUMERIC_EDGES = [
  "1e400",
  "-1e400",
  "-1",
  "",
  "1.5",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "0x10",
  " 7",
  "1e3",
  "-0",
  "007",
  "2147483648",
  "9007199254740993",
];

const RAW_QUERY_JUNK = [
  "%",
  "%zz",
  "&&",
  "=",
  "==x",
  "a[b]=1",
  "_start[]=1",
  "__proto__[x]=1",
  "constructor[prototype][x]=1",
  "_start=1&_start=2",
  "_end=%00",
  "q=%FF",
  "q=%ED%A0%80",
];

const asQueryValue = (value: unknown) => (Array.isArray(value) ? String(value[0] ?? "") : String(value));

/**
 * A value a client could mean: the documented enum, a number for a number, the field's own kind
 * of value (from the route's body, `title_like` → `title`), dates for dates, field names to sort by.
 */
function plausibleQueryValue(
  param: Parameter,
  fields: string[],
  words: string[],
  fieldSchemas: Record<string, JsonSchema>,
): fc.Arbitrary<string> {
  const schema = param.schema?.type === "array" ? (param.schema.items ?? {}) : (param.schema ?? {});
  const documented = documentedValues(schema).map(String);
  const field = param.name.replace(/_(ne|gte|lte|like)$/, "");
  if (documented.length > 0) return fc.constantFrom(...documented);
  if (schema.type === "integer" || schema.type === "number") {
    return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 120, 120) }).map(String);
  }
  if (param.name === "_sort") {
    return fc.array(fc.constantFrom(...fields, "id"), { minLength: 1, maxLength: 3 }).map((f) => f.join(","));
  }
  if (param.name === "_order") {
    return fc.array(fc.constantFrom("asc", "desc"), { minLength: 1, maxLength: 3 }).map((o) => o.join(","));
  }
  if (param.name === "q" || param.name.endsWith("_like")) return fc.oneof(text(20), fc.constantFrom(...words));
  const fieldSchema = fieldSchemas[field];
  if (fieldSchema) return typedValue(fieldSchema).map(asQueryValue);
  if (field === "id" || field.endsWith("_id")) return ids.map(String);
  if (/(_at|date|deadline)$/.test(field)) {
    return fc.oneof(
      isoDate.map((d) => d.toISOString()),
      isoDate.map((d) => d.toISOString().slice(0, 10)),
    );
  }
  return fc.oneof(text(20), fc.constantFrom("true", "false", ...words));
}

function hostileQueryValue(param: Parameter, plausible: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const schema = param.schema?.type === "array" ? (param.schema.items ?? {}) : (param.schema ?? {});
  const numeric = schema.type === "integer" || schema.type === "number";
  const tooLong = schema.maxLength === undefined ? [] : [fc.constant("x".repeat(schema.maxLength + 1))];
  return fc.oneof(
    { arbitrary: plausible, weight: 3 },
    { arbitrary: fc.oneof(fc.constantFrom(...NUMERIC_EDGES), ...tooLong), weight: numeric ? 4 : 2 },
    { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 1 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 1 },
  );
}

/** One parameter with one value, or several (repeated keys), whatever its documented type. */
function queryPairs(param: Parameter, value: fc.Arbitrary<string>): fc.Arbitrary<[string, string][]> {
  const tooMany = Array.from({ length: (param.schema?.maxItems ?? 100) + 1 }, (_, i) => String(i + 1));
  const values =
    param.schema?.type === "array"
      ? fc.oneof(fc.array(value, { minLength: 1, maxLength: 4 }), fc.constant(tooMany))
      : fc.oneof(
          { arbitrary: value.map((v) => [v]), weight: 5 },
          { arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }), weight: 1 },
        );
  return values.map((list) => list.map((v): [string, string] => [param.name, v]));
}

/**
 * A query string of documented parameters, either all with values a client could mean (so the
 * request reaches the database) or with the wrong types and edges mixed in; sometimes unknown
 * parameters and raw junk. `fieldSchemas` are the route's body properties, which type its filters.
 */
export function queryFor(
  op: Operation,
  words: string[],
  fieldSchemas: Record<string, JsonSchema>,
): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === "query");
  if (params.length === 0) {
    return fc.option(fc.constantFrom(...RAW_QUERY_JUNK), { freq: 8 }).map((raw) => (raw === null ? "" : `?${raw}`));
  }
  const fields = [
    ...new Set(
      params
        .filter((p) => !p.name.startsWith("_") && p.name !== "q")
        .map((p) => p.name.replace(/_(ne|gte|lte|like)$/, "")),
    ),
  ];
  // paging, sorting, search and ids are on every list: they get picked as often as all the filters together
  const common = params.filter((p) => p.name.startsWith("_") || p.name === "q" || p.name === "id");
  const pick =
    common.length > 0 && common.length < params.length
      ? fc.oneof(fc.constantFrom(...common), fc.constantFrom(...params))
      : fc.constantFrom(...params);
  const pairs = (hostile: boolean) =>
    fc
      .array(
        pick.chain((param) => {
          const plausible = plausibleQueryValue(param, fields, words, fieldSchemas);
          return queryPairs(param, hostile ? hostileQueryValue(param, plausible) : plausible);
        }),
        { maxLength: 5 },
      )
      .map((groups) => groups.flat());
  const unknown = fc.array(
    fc.tuple(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("_page", "_limit", "password_hash", "deleted_at")),
      fc.constantFrom(...EDGE_STRINGS),
    ),
    { minLength: 1, maxLength: 2 },
  );
  const hostile = fc
    .tuple(
      pairs(true),
      fc.oneof({ arbitrary: fc.constant<[string, string][]>([]), weight: 4 }, { arbitrary: unknown, weight: 1 }),
      fc.option(fc.constantFrom(...RAW_QUERY_JUNK), { freq: 8 }),
    )
    .map(([known, extra, raw]) => ({ pairs: [...known, ...extra], raw }));
  const plausible = pairs(false).map((known) => ({ pairs: known, raw: null }));
  return fc.oneof({ arbitrary: plausible, weight: 2 }, { arbitrary: hostile, weight: 3 }).map(({ pairs, raw }) => {
    const encoded = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`);
    if (raw !== null) encoded.push(raw);
    return encoded.length > 0 ? `?${encoded.join("&")}` : "";
  });
}

/** The documented path with each `{name}` filled in (already URL-encoded, or deliberately raw). */
export function pathFor(op: Operation): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
  if (names.length === 0) return fc.constant(op.path);
  const params = names.map(
    (name) => op.parameters.find((p) => p.in === "path" && p.name === name) ?? { in: "path" as const, name },
  );
  const values: fc.Arbitrary<string[]> = fc.tuple(...params.map(pathValueFor));
  return values.map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i] ?? ""), op.path));
}

// ───────────────────────────── credentials ─────────────────────────────

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An HS* JWT made by hand, so the suite can present tokens the server never issued. */
export function handMadeJwt(payload: object, secret: string, alg: "HS256" | "HS512" | "none" = "HS256"): string {
  const head = `${base64url(JSON.stringify({ alg, typ: "JWT" }))}.${base64url(JSON.stringify(payload))}`;
  if (alg === "none") return `${head}.`;
  const signature = createHmac(alg === "HS256" ? "sha256" : "sha512", secret)
    .update(head)
    .digest();
  return `${head}.${base64url(signature)}`;
}

// ───────────────────────────── requests ─────────────────────────────

export class NoAnswer extends Error {}

/** app.inject that fails when the server does not answer within `ms`. */
export async function injectWithin(
  app: FastifyInstance,
  options: InjectOptions,
  ms: number,
): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([app.inject(options), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

// ───────────────────────────── the database's fingerprint ─────────────────────────────

interface TableInfo {
  name: string;
  key: string[];
}

/**
 * Per table, its row count and a hash of all its rows in primary-key order, taken only when
 * something may have changed: on SQLite when the connection's `total_changes()` moved, on
 * PostgreSQL for the tables whose row count or newest row version (`xmin`) moved. Either way a
 * fingerprint of an unchanged database costs one tiny query.
 */
export class DatabaseFingerprint {
  private hashes = new Map<string, string>();
  private stamps = new Map<string, string>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    readonly tables: TableInfo[],
  ) {}

  /** Every table the catalogue lists, but those in `skip`. */
  static async of(db: Kysely<Database>, dialect: Dialect, skip: readonly string[]): Promise<DatabaseFingerprint> {
    const tables: TableInfo[] = [];
    if (dialect === "sqlite") {
      const names = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
      for (const { name } of names.rows) {
        const key = await sql<{
          name: string;
        }>`select name from pragma_table_info(${name}) where pk > 0 order by pk`.execute(db);
        tables.push({ name, key: key.rows.map((r) => r.name) });
      }
    } else {
      const names = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
      const keys = await sql<{ table: string; column: string }>`
        select kcu.table_name as "table", kcu.column_name as "column"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema and kcu.table_name = tc.table_name
        where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
        order by kcu.ordinal_position`.execute(db);
      for (const { name } of names.rows) {
        tables.push({ name, key: keys.rows.filter((k) => k.table === name).map((k) => k.column) });
      }
    }
    return new DatabaseFingerprint(
      db,
      dialect,
      tables.filter((t) => !skip.includes(t.name)),
    );
  }

  /** Table → `count:hash`. */
  async take(): Promise<Map<string, string>> {
    if (this.dialect === "sqlite") await this.takeSqlite();
    else await this.takePostgres();
    return new Map(this.hashes);
  }

  private orderBy(table: TableInfo, alias?: string) {
    const columns = table.key.length > 0 ? table.key : null;
    if (!columns) return this.dialect === "sqlite" ? sql`rowid` : sql`${sql.raw(alias ?? "")}::text`;
    return sql.join(columns.map((c) => (alias ? sql.ref(`${alias}.${c}`) : sql.ref(c))));
  }

  private async takeSqlite() {
    const changes = (await sql<{ n: number }>`select total_changes() as n`.execute(this.db)).rows[0]?.n ?? -1;
    if (this.stamps.get("") === String(changes)) return;
    for (const table of this.tables) {
      const rows = await sql`select * from ${sql.table(table.name)} order by ${this.orderBy(table)}`.execute(this.db);
      const hash = createHash("sha1").update(JSON.stringify(rows.rows)).digest("hex");
      this.hashes.set(table.name, `${rows.rows.length}:${hash}`);
    }
    this.stamps.set("", String(changes));
  }

  private async takePostgres() {
    // every committed change writes WAL first: an unmoved insert position means nothing changed
    const wal = (await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(this.db)).rows[0]
      ?.lsn;
    if (wal !== undefined && this.stamps.get("") === wal) return;
    const stamps = await sql<{ t: string; stamp: string }>`${sql.join(
      this.tables.map(
        (table) =>
          sql`select ${table.name} as t, count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) as stamp from ${sql.table(table.name)} x`,
      ),
      sql` union all `,
    )}`.execute(this.db);
    const moved = this.tables.filter(
      (table) => this.stamps.get(table.name) !== stamps.rows.find((r) => r.t === table.name)?.stamp,
    );
    if (moved.length > 0) {
      const hashes = await sql<{ t: string; n: string; hash: string }>`${sql.join(
        moved.map(
          (table) =>
            sql`select ${table.name} as t, count(*)::text as n, md5(coalesce(string_agg(md5(x::text), ',' order by ${this.orderBy(table, "x")}), '')) as hash from ${sql.table(table.name)} x`,
        ),
        sql` union all `,
      )}`.execute(this.db);
      for (const row of hashes.rows) this.hashes.set(row.t, `${row.n}:${row.hash}`);
    }
    for (const row of stamps.rows) this.stamps.set(row.t, row.stamp);
    if (wal !== undefined) this.stamps.set("", wal);
  }
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t)).sort();
}
