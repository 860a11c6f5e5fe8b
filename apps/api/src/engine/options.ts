import {
  type AppAbility,
  type FieldDefinition,
  isProviderRole,
  RESOURCES,
  type ResourceDefinition,
  readableFields,
} from "@csc/shared";
import { type Kysely, sql } from "kysely";
import type { SessionUser } from "../domain/accounts.js";
import type { Database } from "../platform/db/schema.js";
import { anyReach, institutionReach, lookupInstitutionOf, type Reach, reachOf } from "./access.js";
import { ALIAS, likePattern, scoped } from "./store.js";

const LIMIT = 50;

/**
 * Whether the caller fills this field in a form: they may create or update the resource, and the
 * field is not one the API keeps from them (write.ts drops read-only and provider-only values).
 */
function fillsIn(resource: ResourceDefinition, field: FieldDefinition, user: SessionUser, ability: AppAbility) {
  if (field.readOnly || (field.providerOnly && !isProviderRole(user.role))) return false;
  return (["create", "update"] as const).some(
    (verb) => resource.actions.includes(verb) && ability.can(verb, resource.name),
  );
}

const SOURCE = "src";

/**
 * The target rows that rows of `resource` the caller reads point to through `field`: a relation's
 * label is part of the row that names it (a college reads its student's application to a
 * recruiter's posting, and so the posting's title, though not the posting itself).
 */
function pointedTo(resource: ResourceDefinition, field: FieldDefinition, ability: AppAbility): Reach {
  if (!ability.can("read", resource.name)) return { kind: "none" };
  const source = reachOf(ability, "read", resource.name, SOURCE);
  if (source.kind === "none") return source;
  return {
    kind: "some",
    key: JSON.stringify(["pointed", resource.name, field.name, source.kind === "some" ? source.key : "all"]),
    where: (eb) => {
      let rows = eb.selectFrom(`${resource.table} as ${SOURCE}`).select(`${SOURCE}.${field.name}`);
      for (const [name, value] of Object.entries(resource.fixed ?? {}))
        rows = rows.where(`${SOURCE}.${name}`, "=", value);
      if (resource.softDelete === "hide") rows = rows.where(`${SOURCE}.deleted_at`, "is", null);
      if (source.kind === "some") rows = rows.where(source.where);
      return eb(`${ALIAS}.id`, "in", rows);
    },
  };
}

/**
 * Choices for a relation field (`value`, `label`), for the forms' selects and the labels of the
 * related rows a page shows: the target's rows the caller may read, exactly as the target's own
 * list reaches them (tenancy, publishing, feature plan). Whoever fills the field in also gets the
 * rows a save would accept (write.ts `relationExists`): a college picks its recruiter partners
 * among the approved companies, whose list only provider staff read.
 */
export async function relationOptions(
  db: Kysely<Database>,
  resource: ResourceDefinition,
  field: FieldDefinition | undefined,
  user: SessionUser,
  ability: AppAbility,
  query: { q?: string; id?: number[] },
): Promise<{ value: number; label: string }[]> {
  if (!field?.relation) return [];
  if (!readableFields(resource, user.role).some((readable) => readable.name === field.name)) return [];
  const target = RESOURCES[field.relation.resource];
  const reaches: Reach[] = [];
  if (ability.can("read", target.name)) reaches.push(reachOf(ability, "read", target.name, ALIAS));
  if (fillsIn(resource, field, user, ability)) {
    reaches.push(institutionReach(target, lookupInstitutionOf(user), ALIAS));
  }
  // a target the caller may not read at all (a feature outside its plan) names nothing
  if (ability.can("read", target.name)) reaches.push(pointedTo(resource, field, ability));
  const reach = anyReach(reaches);
  if (reach.kind === "none") return [];
  const label = `${ALIAS}.${field.relation.labelField}`;
  let rows = scoped(db, target, reach).select([`${ALIAS}.id as value`, `${label} as label`]);
  if (query.id?.length) rows = rows.where(`${ALIAS}.id`, "in", query.id);
  if (query.q) rows = rows.where(sql<boolean>`lower(${sql.ref(label)}) like ${likePattern(query.q)} escape '\\'`);
  const result = await rows.orderBy(label).limit(LIMIT).execute();
  return result.map((row) => ({ value: Number(row.value), label: String(row.label ?? "") }));
}
