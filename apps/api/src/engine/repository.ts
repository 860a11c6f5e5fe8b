import type { ResourceDefinition } from "@csc/shared";
import type { Insertable, Kysely } from "kysely";
import type { Database, DownloadLogTable } from "../platform/db/schema.js";
import { nowIso } from "../platform/time.js";
import type { AnyDb } from "./store.js";
import type { Values } from "./types.js";
import { keepsUpdatedAt } from "./write.js";

/**
 * The generic engine's writes, `db` (or a transaction) first: rows of the resource's table, by
 * id, with values the engine has already checked. Reads are `findRow` and `listRows` in store.ts.
 */

// resource tables are chosen at run time from the registry
const anyOf = (db: Kysely<Database>) => db as unknown as AnyDb;

/** Inserts a new row; answers its id. */
export async function insertRow(db: Kysely<Database>, resource: ResourceDefinition, values: Values): Promise<number> {
  const inserted = await anyOf(db).insertInto(resource.table).values(values).returning("id").executeTakeFirstOrThrow();
  return (inserted as { id: number }).id;
}

/** Writes the changed columns of a row, and when it changed where the table keeps that. */
export async function updateRow(db: Kysely<Database>, resource: ResourceDefinition, id: number, values: Values) {
  await anyOf(db)
    .updateTable(resource.table)
    .set({ ...values, ...(keepsUpdatedAt(resource) ? { updated_at: nowIso() } : {}) })
    .where("id", "=", id)
    .execute();
}

/** Hides a row (soft delete): it stays, with who deleted it, when and why, for Deleted Users to restore. */
export async function hideRow(
  db: Kysely<Database>,
  resource: ResourceDefinition,
  id: number,
  deletion: { by: number; reason: string | null },
) {
  await anyOf(db)
    .updateTable(resource.table)
    .set({ deleted_at: nowIso(), deleted_by: deletion.by, delete_reason: deletion.reason })
    .where("id", "=", id)
    .execute();
}

/** Deletes a row for good; throws while other rows still point at it. */
export async function deleteRow(db: Kysely<Database>, resource: ResourceDefinition, id: number) {
  await anyOf(db).deleteFrom(resource.table).where("id", "=", id).execute();
}

/** Records an export in the download log: who, which resource, with which filters, how many rows. */
export async function logDownload(db: Kysely<Database>, entry: Insertable<DownloadLogTable>) {
  await db.insertInto("download_logs").values(entry).execute();
}
