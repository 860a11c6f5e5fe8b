/**
 * Query and form building of spec §7. Pure functions over plain data (no URLSearchParams or
 * FormData), so the API's tests, the admin and Node scripts build exactly the same requests.
 */

export type QueryPrimitive = string | number | boolean;
export type QueryValue = QueryPrimitive | readonly QueryPrimitive[];
export type QueryParams = Record<string, QueryValue>;

/**
 * `false` is a real filter value for these params; for any other param it means "filter off"
 * (an unticked checkbox) and is dropped like any other empty value.
 */
export const KEEP_FALSE_PARAMS: readonly string[] = ["publish_status"];

const isPrimitive = (value: unknown): value is QueryPrimitive =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

const isEmptyScalar = (value: unknown, key: string): boolean =>
  value === undefined ||
  value === null ||
  value === "" ||
  (typeof value === "number" && Number.isNaN(value)) ||
  (value === false && !KEEP_FALSE_PARAMS.includes(key));

/**
 * Spec §7: empty values (undefined, null, "", empty arrays, and false) are dropped from query
 * params, except `publish_status=false`. Array entries are cleaned the same way; an array left
 * empty is dropped. 0 is a value (an id, or "all" in a comma list) and is kept.
 */
export function compactQuery(params: Readonly<Record<string, unknown>>): QueryParams {
  const compact: QueryParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      const entries = value.filter(
        (entry): entry is QueryPrimitive => isPrimitive(entry) && !isEmptyScalar(entry, key),
      );
      if (entries.length > 0) compact[key] = entries;
    } else if (isPrimitive(value) && !isEmptyScalar(value, key)) {
      compact[key] = value;
    }
  }
  return compact;
}

/** The `[key, value]` pairs of a query, arrays repeated (`id=1&id=2`, as refine's simple-rest sends them). */
export function queryEntries(params: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.entries(compactQuery(params)).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((entry): [string, string] => [key, String(entry)]) : [[key, String(value)]],
  );
}

/** `?a=1&b=x%20y` from params after `compactQuery`; "" when nothing is left. */
export function buildQueryString(params: Readonly<Record<string, unknown>>): string {
  const pairs = queryEntries(params).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/** A form value that is sent as it is: a File or Blob in the browser. */
export type FormBinary = object;
export type FormEntry = [name: string, value: string | FormBinary];

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

function collectFormEntries(name: string, value: unknown, entries: FormEntry[]): void {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return;
  if (value === null) {
    // an explicit null clears the field on the server
    entries.push([name, ""]);
  } else if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      collectFormEntries(`${name}[${index}]`, entry, entries);
    });
  } else if (value instanceof Date) {
    entries.push([name, value.toISOString()]);
  } else if (isPlainObject(value)) {
    for (const [field, entry] of Object.entries(value)) collectFormEntries(`${name}[${field}]`, entry, entries);
  } else if (typeof value === "object") {
    entries.push([name, value]);
  } else {
    entries.push([name, String(value)]);
  }
}

/**
 * Flattens form values to multipart entries (spec §7): arrays become `name[index]`, arrays of
 * objects `name[index][field]`, nested objects `name[field]`. Numbers and booleans become text,
 * dates ISO text, null an empty value; undefined (and functions) are left out; Files and Blobs pass through.
 * `entries.forEach(([k, v]) => formData.append(k, v))` builds the FormData.
 */
export function toFormEntries(values: Readonly<Record<string, unknown>>): FormEntry[] {
  const entries: FormEntry[] = [];
  for (const [name, value] of Object.entries(values)) collectFormEntries(name, value, entries);
  return entries;
}
