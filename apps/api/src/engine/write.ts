import {
  type FieldDefinition,
  fieldType,
  formatCreatedBy,
  isProviderRole,
  type PlaceLevel,
  RESOURCES,
  type ResourceDefinition,
  roleKind,
  uploadNameOf,
} from "@csc/shared";
import type { Kysely } from "kysely";
import type { SessionUser } from "../domain/accounts.js";
import type { Database } from "../platform/db/schema.js";
import type { Translate } from "../platform/messages.js";
import { institutionReach } from "./access.js";
import { encodeValue } from "./codec.js";
import { hooksOf } from "./hooks.js";
import { ALIAS, type AnyDb, scoped } from "./store.js";
import type { FieldErrors, Values } from "./types.js";

/**
 * Columns (or column pairs) unique in their table: a clash is a 409 under the field (the last
 * column of a pair), not a 500.
 */
const UNIQUE: Partial<Record<string, string[][]>> = {
  users: [["email"]],
  institutions: [["subdomain"]],
  tags: [["name"]],
  feature_profiles: [["name"]],
  institution_recruiters: [["institution_id", "recruiter_id"]],
};

/** The entity part of "created by": which kind of account made the row. */
function creatorEntity(user: SessionUser): string {
  const kind = roleKind(user.role);
  if (kind === "institution") return user.institution?.type ?? "institution";
  return kind === "provider" ? "skill_lab" : kind;
}

/**
 * A body as column values: unknown fields are refused, read-only and (for everyone but provider
 * staff) provider-only fields are ignored — they follow the ability, never the body. A field with
 * a default (a NOT NULL column) takes it when a new row leaves it blank, and cannot be cleared. A
 * write-only field left blank keeps what is stored: the form never holds its value to send back.
 */
export function valuesFromBody(
  resource: ResourceDefinition,
  body: unknown,
  user: SessionUser,
  t: Translate,
  mode: "create" | "update",
): { values: Values; errors: FieldErrors } {
  const values: Values = {};
  const errors: FieldErrors = {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { values, errors: { body: t("field.invalid") } };
  }
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const provider = isProviderRole(user.role);
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const field = byName.get(name);
    if (!field) {
      errors[name] = t("field.unknownField");
      continue;
    }
    if (field.readOnly || (field.providerOnly && !provider)) continue;
    const encoded = encodeValue(field, value);
    if (!encoded.ok) errors[name] = t(encoded.message.key, encoded.message.vars, encoded.message.message);
    else if (!(field.writeOnly && encoded.value == null)) values[name] = encoded.value;
  }
  for (const field of resource.fields) {
    if (field.readOnly || (field.providerOnly && !provider) || errors[field.name]) continue;
    const blank = values[field.name] == null;
    if (field.default !== undefined && mode === "create" && blank) {
      values[field.name] = storedDefault(field);
      continue;
    }
    const mustHold = field.required || field.default !== undefined;
    if (mustHold && blank && (mode === "create" || field.name in values)) errors[field.name] = t("validation:required");
  }
  return { values, errors };
}

function storedDefault(field: FieldDefinition): unknown {
  const encoded = encodeValue(field, field.default);
  if (!encoded.ok) throw new Error(`The registry's default of ${field.name} is not one of its values`);
  return encoded.value;
}

/** Every table keeps `updated_at` but the append-only download log. */
export const keepsUpdatedAt = (resource: ResourceDefinition) => resource.table !== "download_logs";

/** Server-set columns of a new row: tenant from the caller, the resource's fixed values, stamps. */
export function createDefaults(resource: ResourceDefinition, user: SessionUser, now: string): Values {
  const has = (name: string) => resource.fields.some((f) => f.name === name);
  const values: Values = { ...resource.fixed };
  const kind = roleKind(user.role);
  if (kind === "institution" && has("institution_id")) values.institution_id = user.institution?.id ?? null;
  if (kind === "recruiter" && has("recruiter_id")) values.recruiter_id = user.recruiterId;
  if (has("created_by")) values.created_by = formatCreatedBy(user.id, creatorEntity(user));
  if (keepsUpdatedAt(resource)) values.updated_at = now;
  values.created_at = now;
  return values;
}

/**
 * What the database cannot check alone: relations point at rows of the same tenant, the Nepal
 * cascade is consistent, images are files uploaded here, unique columns are free, and what the
 * table's own rules ask (hooks: a usable subdomain, a role the caller may give).
 */
export async function integrityErrors(
  db: Kysely<Database>,
  resource: ResourceDefinition,
  row: Values,
  changed: Values,
  user: SessionUser,
  t: Translate,
  existingId: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const any = db as unknown as AnyDb;
  for (const field of resource.fields) {
    if (!(field.name in changed) || changed[field.name] == null) continue;
    const value = changed[field.name];
    const { references, place } = fieldType(field.type);
    const fits =
      references === "row"
        ? !field.relation || (await relationExists(db, field, value, row))
        : references === "upload"
          ? await imageIsOurs(any, resource, field, value, existingId)
          : place
            ? await placeFits(any, place, value, row)
            : true;
    if (!fits) errors[field.name] = t("field.invalid");
  }
  for (const columns of UNIQUE[resource.table] ?? []) {
    if (!columns.some((name) => name in changed) || columns.some((name) => row[name] == null)) continue;
    let query = any.selectFrom(resource.table).select("id");
    for (const name of columns) query = query.where(name, "=", row[name]);
    if (existingId !== null) query = query.where("id", "!=", existingId);
    if (await query.executeTakeFirst()) errors[columns[columns.length - 1] ?? "id"] = t("field.taken");
  }
  const ownRules = hooksOf(resource).rowErrors;
  return ownRules ? { ...errors, ...(await ownRules({ db, resource, row, changed, user, t })) } : errors;
}

async function relationExists(db: Kysely<Database>, field: FieldDefinition, value: unknown, row: Values) {
  const target = RESOURCES[field.relation?.resource ?? "tags"];
  // a relation stays inside its row's institution (or points at the provider's shared rows);
  // the tenant column itself is what names that institution
  const institution =
    field.name !== "institution_id" && typeof row.institution_id === "number" ? row.institution_id : null;
  const found = await scoped(db, target, institutionReach(target, institution, ALIAS))
    .select(`${ALIAS}.id`)
    .where(`${ALIAS}.id`, "=", value)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * An image names a file recorded among the uploads, or is the one the row already has (files
 * stored before uploads were recorded, and the demo's logos, stay with their rows on every save).
 */
async function imageIsOurs(
  db: AnyDb,
  resource: ResourceDefinition,
  field: FieldDefinition,
  value: unknown,
  existingId: number | null,
) {
  const name = typeof value === "string" ? uploadNameOf(value) : null;
  if (name === null) return false;
  if (await db.selectFrom("uploads").select("id").where("name", "=", name).executeTakeFirst()) return true;
  if (existingId === null) return false;
  const current = await db
    .selectFrom(resource.table)
    .select(field.name)
    .where("id", "=", existingId)
    .executeTakeFirst();
  return current?.[field.name] === value;
}

/** A place exists, and lies inside the row's place of the level above when the row names one. */
async function placeFits(db: AnyDb, level: PlaceLevel, value: unknown, row: Values) {
  const found = await db.selectFrom(level.table).selectAll().where("id", "=", value).executeTakeFirst();
  if (!found) return false;
  const parent = level.parentColumn;
  if (parent && typeof row[parent] === "number") return found[parent] === row[parent];
  return true;
}
