import { decoderOf, hiddenKeysOf, type ResourceDefinition, type Role, readableFields } from "@csc/shared";
import { objectMemo } from "../platform/caches.js";

const withoutKeys = (record: unknown, keys: readonly string[]) =>
  typeof record === "object" && record !== null && !Array.isArray(record)
    ? Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))
    : record;

/** One readable field as a reader receives it: its name and how its stored value is shown to them. */
interface ReadField {
  name: string;
  decode: (value: unknown) => unknown;
}

/**
 * The fields a role reads of a resource, each with its decoder, worked out once: the rules are
 * fixed at start-up, and a list answer applies them to every row it sends.
 */
const readers = objectMemo<ResourceDefinition, Map<Role, ReadField[]>>("readers");

function readerOf(resource: ResourceDefinition, role: Role): ReadField[] {
  const byRole = readers(resource, () => new Map());
  let reader = byRole.get(role);
  if (!reader) {
    reader = readableFields(resource, role).map((field) => {
      const decode = decoderOf(field);
      const keys = hiddenKeysOf(field, role);
      if (keys.length === 0) return { name: field.name, decode };
      // record keys this role may not read (an assessment's answers for learners) are taken out
      const strip = (value: unknown) => {
        const decoded = decode(value);
        return Array.isArray(decoded) ? decoded.map((record) => withoutKeys(record, keys)) : decoded;
      };
      return { name: field.name, decode: strip };
    });
    byRole.set(role, reader);
  }
  return reader;
}

/**
 * A stored row as one reader receives it, in every answer the engine sends (list, one, many,
 * export, create/update/delete answers): exactly the fields their `/api/meta` lists, with any
 * record keys their role may not read (an assessment's answers for learners) taken out.
 */
export function rowFor(resource: ResourceDefinition, role: Role, stored: Record<string, unknown>) {
  const reader = readerOf(resource, role);
  if (!Object.isFrozen(stored)) return decoded(reader, stored);
  // a row the SQLite result cache answers (platform/db/connect.ts) is the same frozen object until a write:
  // its reader's copy is made once (parsing JSON columns was a tenth of a cached list request's CPU)
  const copies = decodedCopies(stored, () => new Map());
  let row = copies.get(reader);
  if (!row) {
    row = Object.freeze(decoded(reader, stored));
    copies.set(reader, row);
  }
  return row;
}

const decodedCopies = objectMemo<Record<string, unknown>, Map<ReadField[], Record<string, unknown>>>("decodedRows");

function decoded(reader: readonly ReadField[], stored: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const { name, decode } of reader) row[name] = decode(stored[name]);
  return row;
}
