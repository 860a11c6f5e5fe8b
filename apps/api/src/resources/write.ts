import {
  assignableRoles,
  type FieldDefinition,
  formatCreatedBy,
  type InstitutionType,
  isProviderRole,
  isRole,
  RESERVED_SUBDOMAINS,
  RESOURCES,
  type ResourceDefinition,
  type Role,
  roleFitsInstitution,
  roleKind,
  SUBDOMAIN_PATTERN,
} from "@csc/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { SessionUser } from "../lib/accounts.js";
import type { Translate } from "../lib/messages.js";
import { encodeValue, uploadNameOf } from "./codec.js";
import type { AnyDb } from "./store.js";

export type Values = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

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

/** The entity part of "created by" (spec §3): which kind of account made the row. */
function creatorEntity(user: SessionUser): string {
  const kind = roleKind(user.role);
  if (kind === "institution") return user.institution?.type ?? "institution";
  return kind === "provider" ? "skill_lab" : kind;
}

/**
 * A body as column values: unknown fields are refused, read-only and (for everyone but provider
 * staff) provider-only fields are ignored — they follow the ability, never the body. A field with
 * a default (a NOT NULL column) takes it when a new row leaves it blank, and cannot be cleared.
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
    else values[name] = encoded.value;
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

async function institutionType(db: Kysely<Database>, id: unknown): Promise<InstitutionType | null> {
  if (typeof id !== "number") return null;
  const row = await db.selectFrom("institutions").select("type").where("id", "=", id).executeTakeFirst();
  return row?.type ?? null;
}

/**
 * What the database cannot check alone: relations point at rows of the same tenant, the Nepal
 * cascade is consistent, images are files uploaded here, unique columns are free, subdomains are
 * usable, and a user's role is one the caller may give and fits the account's institution.
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
    if (field.type === "relation" && field.relation) {
      if (!(await relationExists(any, field, value, row))) errors[field.name] = t("field.invalid");
    }
    if (field.type === "province" || field.type === "district" || field.type === "municipality") {
      if (!(await placeFits(any, field, value, row))) errors[field.name] = t("field.invalid");
    }
    if (field.type === "image" && !(await imageIsOurs(any, resource, field, value, existingId))) {
      errors[field.name] = t("field.invalid");
    }
  }
  for (const columns of UNIQUE[resource.table] ?? []) {
    if (!columns.some((name) => name in changed) || columns.some((name) => row[name] == null)) continue;
    let query = any.selectFrom(resource.table).select("id");
    for (const name of columns) query = query.where(name, "=", row[name]);
    if (existingId !== null) query = query.where("id", "!=", existingId);
    if (await query.executeTakeFirst()) errors[columns[columns.length - 1] ?? "id"] = t("field.taken");
  }
  if (resource.table === "institutions" && typeof changed.subdomain === "string") {
    const sub = changed.subdomain.toLowerCase();
    if (!SUBDOMAIN_PATTERN.test(sub) || (RESERVED_SUBDOMAINS as readonly string[]).includes(sub)) {
      errors.subdomain = t("field.subdomain");
    }
  }
  if (resource.table === "users" && ("role" in changed || "institution_id" in changed)) {
    const role = row.role;
    if (!isRole(role) || !assignableRoles(user.role).includes(role)) errors.role = t("field.roleNotAllowed");
    else {
      const type = await institutionType(db, row.institution_id);
      const fits = roleFitsInstitution(role, type) && (roleKind(role) !== "recruiter" || row.recruiter_id != null);
      if (!fits) errors[resource.fixed?.role ? "institution_id" : "role"] = t("field.roleMismatch");
    }
  }
  return errors;
}

async function relationExists(db: AnyDb, field: FieldDefinition, value: unknown, row: Values) {
  const target = RESOURCES[field.relation?.resource ?? "tags"];
  let query = db.selectFrom(target.table).select("id").where("id", "=", value);
  for (const [name, fixed] of Object.entries(target.fixed ?? {})) query = query.where(name, "=", fixed);
  if (target.softDelete === "hide") query = query.where("deleted_at", "is", null);
  // a relation stays inside its row's institution (or points at the provider's shared rows)
  const tenantScoped = target.fields.some((f) => f.name === "institution_id") && field.name !== "institution_id";
  if (tenantScoped && typeof row.institution_id === "number") {
    query = query.where((eb) =>
      eb.or([eb("institution_id", "=", row.institution_id), eb("institution_id", "is", null)]),
    );
  }
  return (await query.executeTakeFirst()) !== undefined;
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

async function placeFits(db: AnyDb, field: FieldDefinition, value: unknown, row: Values) {
  const table = field.type === "province" ? "provinces" : field.type === "district" ? "districts" : "municipalities";
  const place = await db.selectFrom(table).selectAll().where("id", "=", value).executeTakeFirst();
  if (!place) return false;
  if (field.type === "district" && typeof row.province_id === "number") return place.province_id === row.province_id;
  if (field.type === "municipality" && typeof row.district_id === "number")
    return place.district_id === row.district_id;
  return true;
}

/**
 * Whether the caller may change or delete this account: their own, or one whose role they may
 * give (so never their admin). Learner resources fix the role rather than list it as a field.
 */
export function mayManageAccount(user: SessionUser, resource: ResourceDefinition, current: Values): boolean {
  if (current.id === user.id) return true;
  const role = current.role ?? resource.fixed?.role;
  return isRole(role) && assignableRoles(user.role).includes(role as Role);
}
