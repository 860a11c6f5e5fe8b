import { type Role, roleKind } from "../roles.js";
import type { FieldDefinition, ResourceDefinition } from "./types.js";

/**
 * Field-level read rules, one source for `/api/meta` and for every row the API sends:
 * a reader receives exactly the fields their meta lists. Provider-only fields (a tenant's
 * subdomain, plan internals) reach provider staff alone, except the tenant columns everybody's
 * rules are written in; a field's `hiddenFrom` keeps it — or, with `keys`,
 * those keys of each of its records, such as an assessment's answers — from the role kinds named.
 * A write-only field (a client secret) reaches nobody.
 */
export function readableFields(resource: ResourceDefinition, role: Role): FieldDefinition[] {
  const kind = roleKind(role);
  return resource.fields.filter((field) => {
    if (field.writeOnly) return false;
    if (field.providerOnly && !field.scopeColumn && kind !== "provider") return false;
    const hidden = field.hiddenFrom;
    return !(hidden && !hidden.keys && hidden.kinds.includes(kind));
  });
}

/** The keys of a field's records that this role never receives (none for most fields). */
export function hiddenKeysOf(field: FieldDefinition, role: Role): readonly string[] {
  const hidden = field.hiddenFrom;
  return hidden?.keys && hidden.kinds.includes(roleKind(role)) ? hidden.keys : [];
}

/**
 * The write-only fields this role may set (a client secret): `/api/meta` lists them for the form
 * with `writeOnly`, and no row ever carries them.
 */
export const writeOnlyFields = (resource: ResourceDefinition, role: Role): FieldDefinition[] =>
  resource.fields.filter(
    (field) => field.writeOnly && !field.readOnly && (!field.providerOnly || roleKind(role) === "provider"),
  );
