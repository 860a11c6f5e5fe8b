import { type FieldDefinition, isProviderRole, RESOURCES } from "@csc/shared";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { SessionUser } from "../lib/accounts.js";
import { type AnyDb, likePattern } from "./store.js";

const LIMIT = 50;

/**
 * Choices for a relation field (`value`, `label`), for the forms' selects: the target's rows
 * within the caller's institution (or the provider's shared rows), by search or by ids.
 */
export async function relationOptions(
  db: Kysely<Database>,
  field: FieldDefinition | undefined,
  user: SessionUser,
  query: { q?: string; id?: number[] },
): Promise<{ value: number; label: string }[]> {
  if (!field?.relation) return [];
  const target = RESOURCES[field.relation.resource];
  const label = field.relation.labelField;
  let rows = (db as unknown as AnyDb).selectFrom(target.table).select(["id as value", `${label} as label`]);
  for (const [name, value] of Object.entries(target.fixed ?? {})) rows = rows.where(name, "=", value);
  if (target.softDelete === "hide") rows = rows.where("deleted_at", "is", null);
  const tenantScoped = target.fields.some((f) => f.name === "institution_id");
  if (!isProviderRole(user.role)) {
    if (target.table === "institutions") rows = rows.where("id", "=", user.institution?.id ?? 0);
    else if (tenantScoped) {
      rows = rows.where((eb) =>
        eb.or([eb("institution_id", "=", user.institution?.id ?? 0), eb("institution_id", "is", null)]),
      );
    }
  }
  if (query.id?.length) rows = rows.where("id", "in", query.id);
  if (query.q) rows = rows.where(sql<boolean>`lower(${sql.ref(label)}) like ${likePattern(query.q)} escape '\\'`);
  const result = await rows.orderBy(label).limit(LIMIT).execute();
  return result.map((row) => ({ value: Number(row.value), label: String(row.label ?? "") }));
}
