import { type FieldDefinition, RESOURCES } from "@csc/shared";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { SessionUser } from "../lib/accounts.js";
import { institutionReach, lookupInstitutionOf } from "./access.js";
import { ALIAS, likePattern, scoped } from "./store.js";

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
  const label = `${ALIAS}.${field.relation.labelField}`;
  const reach = institutionReach(target, lookupInstitutionOf(user), ALIAS);
  let rows = scoped(db, target, reach).select([`${ALIAS}.id as value`, `${label} as label`]);
  if (query.id?.length) rows = rows.where(`${ALIAS}.id`, "in", query.id);
  if (query.q) rows = rows.where(sql<boolean>`lower(${sql.ref(label)}) like ${likePattern(query.q)} escape '\\'`);
  const result = await rows.orderBy(label).limit(LIMIT).execute();
  return result.map((row) => ({ value: Number(row.value), label: String(row.label ?? "") }));
}
