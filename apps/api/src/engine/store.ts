import { fieldType, type ResourceDefinition } from "@csc/shared";
import {
  type CompiledQuery,
  type Expression,
  type Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { LRUCache } from "lru-cache";
import { COMPUTED_COLUMNS } from "../domain/applicant-match.js";
import { boundedCache, objectMemo } from "../platform/caches.js";
import { pageLimit } from "../platform/db/page.js";
import type { Database } from "../platform/db/schema.js";
import type { Reach } from "./access.js";
import { type Filter, type ListQuery, learnerKeyOf, learnerWhere, suggestedOrder } from "./list.js";
import { ruleFilterSql } from "./rule-filters.js";

// biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
type AnySelect = SelectQueryBuilder<any, any, any>;

export const ALIAS = "r";
const col = (name: string) => `${ALIAS}.${name}`;

/** `%`, `_` and `\` in a user's search match themselves. */
export const likePattern = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every row of the resource the reach allows: its fixed values, soft deletion and the ability's conditions. */
export function scoped(db: Kysely<Database>, resource: ResourceDefinition, reach: Reach): AnySelect {
  let query = (db as unknown as AnyDb).selectFrom(`${resource.table} as ${ALIAS}`);
  for (const [name, value] of Object.entries(resource.fixed ?? {})) query = query.where(col(name), "=", value);
  if (resource.softDelete === "hide") query = query.where(col("deleted_at"), "is", null);
  if (resource.softDelete === "only") query = query.where(col("deleted_at"), "is not", null);
  if (reach.kind === "none") query = query.where(sql<SqlBool>`1 = 0`);
  if (reach.kind === "some") query = query.where(reach.where);
  return query;
}

/** Whether the reach (and `applies`, a further condition over the alias) takes in every one of the ids. */
export async function reachesAll(
  db: Kysely<Database>,
  resource: ResourceDefinition,
  reach: Reach,
  ids: readonly number[],
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen at run time from the registry
  applies?: (eb: any) => Expression<SqlBool>,
): Promise<boolean> {
  let query = scoped(db, resource, reach).select(col("id")).where(col("id"), "in", ids);
  if (applies) query = query.where(applies);
  return (await query.execute()).length === ids.length;
}

/** Which of the ids the reach takes in (a live event is told to a reader with those alone). */
export async function reachedIds(
  db: Kysely<Database>,
  resource: ResourceDefinition,
  reach: Reach,
  ids: readonly number[],
): Promise<number[]> {
  if (reach.kind === "none" || ids.length === 0) return [];
  const rows = await scoped(db, resource, reach).select(col("id")).where(col("id"), "in", ids).execute();
  return rows.map((row) => Number(row.id));
}

function filterSql(filter: Filter) {
  // biome-ignore lint/suspicious/noExplicitAny: dynamic column reference
  return (eb: any): Expression<SqlBool> => {
    const ref = eb.ref(col(filter.field.name));
    const [first] = filter.values;
    switch (filter.operator) {
      case "eq":
        return filter.values.length === 1 ? eb(ref, "=", first) : eb(ref, "in", filter.values);
      case "ne":
        return eb.or([eb(ref, "!=", first), eb(ref, "is", null)]);
      case "gte":
        return eb(ref, ">=", first);
      case "lte":
        return eb(ref, "<=", first);
      case "like":
        return sql<SqlBool>`lower(${ref}) like ${likePattern(String(first))} escape '\\'`;
    }
  };
}

/**
 * Time filters over a resource's time window. Dates and date-times are ISO strings, so
 * "now" compares as text: today's date for date fields, the instant for date-time ones.
 */
function windowed(query: AnySelect, resource: ResourceDefinition, list: ListQuery): AnySelect {
  const window = resource.timeWindow;
  if (!window || !list.window) return query;
  const nowFor = (name: string) => {
    const iso = new Date().toISOString();
    const field = resource.fields.find((f) => f.name === name);
    return field ? (fieldType(field.type).nowAs?.(iso) ?? iso) : iso;
  };
  const end = col(window.end);
  const start = window.start ? col(window.start) : null;
  switch (list.window) {
    case "current":
      return query.where(end, ">=", nowFor(window.end));
    case "expired":
      return query.where(end, "<", nowFor(window.end));
    case "upcoming":
      return start && window.start ? query.where(start, ">", nowFor(window.start)) : query;
    case "ongoing":
      return start && window.start
        ? query.where(start, "<=", nowFor(window.start)).where(end, ">=", nowFor(window.end))
        : query;
  }
}

/**
 * The list's where: filters, rule filters, ids, time window, the learner's own tab and scope, and
 * the free-text search over the searchable fields.
 */
export function filtered(query: AnySelect, resource: ResourceDefinition, list: ListQuery): AnySelect {
  let result = windowed(query, resource, list);
  const learner = learnerWhere(resource, list);
  if (learner) result = result.where(learner);
  for (const filter of list.filters) result = result.where(filterSql(filter));
  for (const rule of list.rules) result = result.where(ruleFilterSql(rule));
  if (list.ids.length > 0) result = result.where(col("id"), "in", list.ids);
  if (list.q) {
    const searchable = resource.fields.filter((f) => f.search);
    const pattern = likePattern(list.q);
    if (searchable.length > 0) {
      result = result.where((eb) =>
        eb.or(searchable.map((f) => sql<SqlBool>`lower(${eb.ref(col(f.name))}) like ${pattern} escape '\\'`)),
      );
    }
  }
  return result;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A computed field's SQL over the alias (applicant-match.ts), for this database. */
function computedSql(db: Kysely<Database>, resource: ResourceDefinition, name: string) {
  const build = COMPUTED_COLUMNS[resource.table]?.[name];
  if (!build) throw new Error(`${resource.name}.${name} is computed, and nothing computes it`);
  return build(isPostgres(db));
}

/** What a row of the resource reads: its columns, and each computed field's SQL under its name. */
const columnsOf = (db: Kysely<Database>, resource: ResourceDefinition) =>
  resource.fields.map((f) => (f.computed ? computedSql(db, resource, f.name).as(f.name) : col(f.name)));

/** What a sort by this field orders by: its column, or a computed field's SQL with no value last (below 0). */
function sortKey(db: Kysely<Database>, resource: ResourceDefinition, name: string) {
  const field = resource.fields.find((f) => f.name === name);
  return field?.computed ? sql`coalesce(${computedSql(db, resource, name)}, -1)` : sql.ref(col(name));
}

/** A list's page and total as SQL, compiled once per resource, reach and query (see compiledList). */
interface CompiledList {
  page: CompiledQuery;
  count: CompiledQuery;
}
/** Per database: SQLite's SQL is not PostgreSQL's. */
const compiledListsOf = objectMemo<Kysely<Database>, LRUCache<string, CompiledList>>("compiledListsOfDatabase");

/**
 * What identifies a list's SQL: the resource, whose rows the reach allows (`key`, stable for the
 * same ability), the query, and — for a learner's own tab or scope — the learner and their
 * interests, so that one learner's list is never another's. None when the SQL holds "now": a
 * time window, or the suggestions (open postings only).
 */
function listKey(resource: ResourceDefinition, reach: Reach, list: ListQuery): string | null {
  if (list.window || list.learnerTab === "suggested") return null;
  const reachKey = reach.kind === "some" ? reach.key : reach.kind;
  const filters = list.filters.map((f) => [f.field.name, f.operator, f.values]);
  const rules = list.rules.map((r) => [r.name, r.values]);
  const learner = learnerKeyOf(list);
  return JSON.stringify([
    resource.name,
    reachKey,
    list.start,
    list.end,
    list.sort,
    filters,
    rules,
    list.ids,
    list.q,
    list.learnerTab,
    list.scope,
    learner,
  ]);
}

/**
 * The page and total of a list as compiled SQL. Building and compiling them with Kysely was a
 * tenth of a list request's CPU in the profile, for SQL that is the same each time the same
 * reader asks for the same page: it is kept by `listKey`.
 */
function compiledList(db: Kysely<Database>, resource: ResourceDefinition, reach: Reach, list: ListQuery): CompiledList {
  const key = listKey(resource, reach, list);
  const compiledLists = compiledListsOf(db, () => boundedCache("compiledLists"));
  const kept = key === null ? undefined : compiledLists.get(key);
  if (kept) return kept;
  const base = filtered(scoped(db, resource, reach), resource, list);
  let page = base.select(columnsOf(db, resource));
  const bestMatchFirst = suggestedOrder(resource, list);
  if (bestMatchFirst) page = page.orderBy(bestMatchFirst, "desc");
  for (const { field, order } of list.sort) page = page.orderBy(sortKey(db, resource, field), order);
  if (!list.sort.some((s) => s.field === "id")) page = page.orderBy(col("id"), "asc");
  const compiled = {
    page: page
      .offset(list.start)
      .limit(pageLimit(list.end - list.start))
      .compile(),
    count: base.select((eb) => eb.fn.countAll().as("count")).compile(),
  };
  if (key !== null) compiledLists.set(key, compiled);
  return compiled;
}

export async function listRows(db: Kysely<Database>, resource: ResourceDefinition, reach: Reach, list: ListQuery) {
  const { page, count } = compiledList(db, resource, reach, list);
  const [rows, total] = await Promise.all([db.executeQuery(page), db.executeQuery(count)]);
  return {
    rows: rows.rows as Record<string, unknown>[],
    total: Number((total.rows[0] as { count: unknown } | undefined)?.count ?? 0),
  };
}

export async function findRow(db: Kysely<Database>, resource: ResourceDefinition, reach: Reach, id: number) {
  const row = await scoped(db, resource, reach)
    .select(columnsOf(db, resource))
    .where(col("id"), "=", id)
    .executeTakeFirst();
  return (row as Record<string, unknown> | undefined) ?? null;
}
