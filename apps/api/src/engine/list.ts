import {
  ALL_TAB,
  askingFieldsOf,
  decodeFilterValue,
  ENUM_OPTIONS,
  type FieldDefinition,
  fieldType,
  LEARNER_TABS,
  type LearnerTab,
  LIST_SCOPES,
  type ListScope,
  learnerSkillKeys,
  learnerTabsOf,
  MAX_INTEGER,
  type PostingType,
  pendingStagesFor,
  postingTypeOf,
  type ResourceDefinition,
  RULE_FILTERS,
  type RuleFilterName,
  rejectedStagesFor,
  roleKind,
  TIME_WINDOW_FILTERS,
  type TimeWindowFilter,
  takenByLearner,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { type TSchema, Type } from "typebox";
import { learnerSkillNames } from "../domain/learner-skills.js";
import { objectMemo } from "../platform/caches.js";
import { badRequest } from "../platform/errors.js";
import { OPEN, POSTING_COLUMN } from "../resources/postings/open.js";
import { integerParam } from "../routes/schemas.js";

/**
 * A list request's query, in one module: the simple-rest parameters the registry allows for the
 * resource (parsed and checked here, written as SQL by store.ts), and the learner's own views of
 * a posting list, whose rows depend on who asks.
 */

/** Whether a value is one of a list's (a query parameter is any text). */
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

/** simple-rest v6: paging, multi-sort, `_ne`/`_gte`/`_lte`/`_like` filters, `q`, `id=…&id=…`. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

type Operator = "eq" | "ne" | "gte" | "lte" | "like";
const SUFFIXES: [string, Operator][] = [
  ["_ne", "ne"],
  ["_gte", "gte"],
  ["_lte", "lte"],
  ["_like", "like"],
];

export interface Filter {
  field: FieldDefinition;
  operator: Operator;
  values: (string | number)[];
}

/** A filter over a rule rather than a column (`registration`), with the values asked for (any of them). */
export interface RuleFilter {
  name: RuleFilterName;
  values: string[];
}

/** The learner a list is for, when its rows depend on who asks (their tabs and scopes). */
export interface ListLearner {
  id: number;
  /** The keys of their skills, preferences and gained skills: what a posting's skills or tags are matched against. */
  interests: string[];
}

export interface ListQuery {
  window: TimeWindowFilter | null;
  /** A learner's own tab (`?type=suggested|pending|rejected` on postings, `taken|not-taken` on assessments). */
  learnerTab: LearnerTab | null;
  /** `?scope=`; anything but `all` is a learner's, on postings. */
  scope: ListScope;
  rules: RuleFilter[];
  /** Set by the list's handler when the tab or scope is the learner's (withLearner, below). */
  learner: ListLearner | null;
  start: number;
  end: number;
  sort: { field: string; order: "asc" | "desc" }[];
  filters: Filter[];
  ids: number[];
  q: string | null;
}

/** Filterable fields, and searchable ones for `_like` (a search box per column). */
const filterableFields = (resource: ResourceDefinition) => resource.fields.filter((f) => f.filter || f.search);
const sortableFields = (resource: ResourceDefinition) => resource.fields.filter((f) => f.sort);

/** The querystring schema of a resource's list: every known parameter, nothing else (unknown → 400). */
export function listQuerySchema(resource: ResourceDefinition) {
  // PostgreSQL's text cannot hold NUL: such a search or filter would fail in SQL
  const value = Type.String({ maxLength: 200, pattern: "^[^\\u0000]*$" });
  const values = Type.Array(value, { maxItems: 100 });
  const properties: Record<string, TSchema> = {
    _start: integerParam(0),
    _end: integerParam(0),
    _sort: Type.String({ maxLength: 300 }),
    _order: Type.String({ maxLength: 200 }),
    q: value,
    id: Type.Array(integerParam(1), { maxItems: 100 }),
  };
  const windows = resource.timeWindow
    ? TIME_WINDOW_FILTERS.filter((w) => resource.timeWindow?.start || (w !== "upcoming" && w !== "ongoing"))
    : [];
  const tabs = [...windows, ...learnerTabsOf(resource)];
  // `all` is every row: the tab a list with tabs shows when none is chosen (`?type=all`)
  if (tabs.length > 0) properties.type = Type.Union([ALL_TAB, ...tabs].map((tab) => Type.Literal(tab)));
  // checked in parseListQuery, so that an empty value is ignored like any other filter's
  if (postingTypeOf(resource.name)) properties.scope = value;
  for (const name of resource.ruleFilters ?? []) properties[name] = values;
  for (const field of filterableFields(resource)) {
    if (fieldType(field.type).like) properties[`${field.name}_like`] = value;
    if (!field.filter) continue;
    properties[field.name] = values;
    properties[`${field.name}_ne`] = value;
    properties[`${field.name}_gte`] = value;
    properties[`${field.name}_lte`] = value;
  }
  return Type.Object(
    Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)])),
    { additionalProperties: false },
  );
}

type RawQuery = Record<string, string | string[] | number | number[] | undefined>;

/** One filter parameter of a resource's list (`year`, `year_gte`, `title_like`…). */
interface FilterParam {
  param: string;
  field: FieldDefinition;
  operator: Operator;
}

/** What a resource's list accepts to sort and filter by, worked out once rather than per request. */
interface ListShape {
  sortable: Set<string>;
  filterParams: FilterParam[];
}
const shapes = objectMemo<ResourceDefinition, ListShape>("listShapes");

function shapeOf(resource: ResourceDefinition): ListShape {
  return shapes(resource, () => {
    const operators: [string, Operator][] = [["", "eq"], ...SUFFIXES];
    return {
      sortable: new Set(sortableFields(resource).map((f) => f.name)),
      filterParams: filterableFields(resource).flatMap((field) =>
        operators.map(([suffix, operator]) => ({ param: `${field.name}${suffix}`, field, operator })),
      ),
    };
  });
}

/** The parsed list query, or the errors per parameter (filters the registry does not mark, bad values). */
export function parseListQuery(
  resource: ResourceDefinition,
  raw: RawQuery,
): { ok: true; query: ListQuery } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  // the schema coerces ids, but an empty `id=` or an exponent can reach here as text: only whole numbers pass
  const rawIds = ([] as unknown[]).concat(raw.id ?? []);
  const ids = rawIds.map(Number).filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_INTEGER);
  if (ids.length !== rawIds.length) errors.id = "This value is not valid.";
  const start = Number(raw._start ?? 0);
  // getMany asks for ids without a page: it gets them all
  const requestedEnd = Number(raw._end ?? start + (ids.length > 0 ? ids.length : DEFAULT_PAGE_SIZE));
  const end = Math.max(start, Math.min(requestedEnd, start + MAX_PAGE_SIZE));

  const sortNames = typeof raw._sort === "string" && raw._sort !== "" ? raw._sort.split(",") : [];
  const orders = typeof raw._order === "string" && raw._order !== "" ? raw._order.split(",") : [];
  const { sortable, filterParams } = shapeOf(resource);
  const sort: ListQuery["sort"] = [];
  sortNames.forEach((name, index) => {
    const order = (orders[index] ?? "asc").toLowerCase();
    if (!sortable.has(name)) errors._sort = `Cannot sort by ${name}.`;
    else if (order !== "asc" && order !== "desc") errors._order = "Use asc or desc.";
    else sort.push({ field: name, order });
  });
  if (sort.length === 0) sort.push(resource.defaultSort);

  const filters: Filter[] = [];
  for (const { param, field, operator } of filterParams) {
    const value = raw[param];
    if (value === undefined) continue;
    // `field=a&field=b` (eq) may repeat; the other operators take one value
    const present = (operator === "eq" ? [value].flat().map(String) : [String(value)]).filter((v) => v !== "");
    if (present.length === 0) continue;
    if (operator === "like") {
      filters.push({ field, operator, values: present });
      continue;
    }
    const decoded = present.map((v) => decodeFilterValue(field, v));
    if (decoded.some((v) => v === undefined)) errors[param] = "This value is not valid.";
    else filters.push({ field, operator, values: decoded as (string | number)[] });
  }

  const rules: RuleFilter[] = [];
  for (const name of resource.ruleFilters ?? []) {
    const present = [raw[name] ?? []]
      .flat()
      .map(String)
      .filter((v) => v !== "");
    if (present.length === 0) continue;
    const allowed = ENUM_OPTIONS[RULE_FILTERS[name]].map((option) => String(option.value));
    if (present.some((v) => !allowed.includes(v))) errors[name] = "This value is not valid.";
    else rules.push({ name, values: present });
  }

  const askedScope = typeof raw.scope === "string" && raw.scope !== "" ? raw.scope : "all";
  const scope = oneOf(LIST_SCOPES, askedScope) ? askedScope : "all";
  if (scope !== askedScope) errors.scope = "This value is not valid.";

  const q = typeof raw.q === "string" && raw.q.trim() !== "" ? raw.q.trim() : null;
  const type = typeof raw.type === "string" ? raw.type : null;
  const learnerTab = oneOf(LEARNER_TABS, type) ? type : null;
  const window = oneOf(TIME_WINDOW_FILTERS, type) ? type : null;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    query: { window, learnerTab, scope, rules, learner: null, start, end, sort, filters, ids, q },
  };
}

/**
 * The learner's own views of a posting list: the tabs `suggested`, `pending` and
 * `rejected`, and the scopes `user-taken`, `user-preference` and `user-saved`. Their rows depend on who asks,
 * so they are the learner's alone: anyone else asking for them is a 400 naming the parameter.
 */

// biome-ignore lint/suspicious/noExplicitAny: posting tables are chosen at run time from the registry
type AnyBuilder = ExpressionBuilder<any, any>;

const needsLearner = (list: ListQuery) => list.learnerTab !== null || list.scope !== "all";
const needsInterests = (list: ListQuery) => list.learnerTab === "suggested" || list.scope === "user-preference";

/**
 * The list query with the learner it is for, when its tab or scope is a learner's: their skills,
 * preferences and gained skills are read now, so that a change of them shows in the next list.
 */
export async function withLearner(request: FastifyRequest, list: ListQuery): Promise<ListQuery> {
  if (!needsLearner(list)) return list;
  if (roleKind(request.auth.role) !== "learner") {
    const message = request.t("field.learnersOnly");
    throw badRequest(request.t("invalidInput"), {
      ...(list.learnerTab !== null ? { type: message } : {}),
      ...(list.scope !== "all" ? { scope: message } : {}),
    });
  }
  const learner: ListLearner = { id: request.auth.id, interests: [] };
  if (needsInterests(list)) {
    // the names skill match counts (skill-match.ts): profile skills, preferences and skills gained
    learner.interests = [...learnerSkillKeys(await learnerSkillNames(request.server.db, request.auth.id))];
  }
  return { ...list, learner };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a JSON list of names (a tags column, lower-cased here) holds `key`, a lower-cased name:
 * its JSON string, quotes included, is looked for in the text — the same SQL on SQLite and
 * PostgreSQL, and exact (`"sql"` is not found in `"mysql"`).
 */
export const namesHold = (column: Expression<unknown>, key: string) =>
  sql<SqlBool>`lower(${column}) like ${`%${escapeLike(JSON.stringify(key))}%`} escape '\\'`;

/**
 * Postings whose skills or tags name one of the learner's interests, ignoring case. Tags are
 * stored as JSON text (`["Python","SQL"]`), and JSON functions differ between SQLite and
 * PostgreSQL: a name is matched as its JSON string, quotes included, inside that text — the same
 * SQL on both, and exact (`"sql"` is not found in `"mysql"`).
 */
function matchesInterests(eb: AnyBuilder, resource: ResourceDefinition, interests: string[]): Expression<SqlBool> {
  const columns = ["skills", "tags"].filter((name) =>
    resource.fields.some((f) => f.name === name && fieldType(f.type).holdsNames),
  );
  if (interests.length === 0 || columns.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.or(columns.flatMap((column) => interests.map((name) => namesHold(eb.ref(`r.${column}`), name))));
}

/** Postings the learner applied to, of those in `stages` when given; withdrawn ones only when `withdrawn`. */
function appliedTo(
  eb: AnyBuilder,
  postingType: PostingType,
  learnerId: number,
  { stages, withdrawn = true }: { stages?: readonly string[]; withdrawn?: boolean } = {},
): Expression<SqlBool> {
  const column = POSTING_COLUMN[postingType];
  let applications = eb
    .selectFrom("applications as a")
    .select(`a.${column}`)
    .where("a.user_id", "=", learnerId)
    .where(`a.${column}`, "is not", null);
  if (!withdrawn) applications = applications.where("a.withdrawn_at", "is", null);
  if (stages && stages.length === 0) return sql<SqlBool>`1 = 0`;
  if (stages) applications = applications.where("a.stage", "in", stages);
  return eb("r.id", "in", applications);
}

/** Postings the learner saved (`POST /{posting}/{id}/save`). */
function savedBy(eb: AnyBuilder, postingType: PostingType, learnerId: number): Expression<SqlBool> {
  const column = POSTING_COLUMN[postingType];
  const saved = eb
    .selectFrom("saved_postings as s")
    .select(`s.${column}`)
    .where("s.user_id", "=", learnerId)
    .where(`s.${column}`, "is not", null);
  return eb("r.id", "in", saved);
}

/** Self-assessments the learner has attempted, once or more. */
function attempted(eb: AnyBuilder, learnerId: number): Expression<SqlBool> {
  const attempts = eb
    .selectFrom("assessment_attempts as t")
    .select("t.self_assessment_id")
    .where("t.user_id", "=", learnerId);
  return eb("r.id", "in", attempts);
}

/**
 * The learner's tab and scope as one `where` over the posting (alias `r`), or null when the list
 * has neither:
 * - `pending`: they applied, have not withdrawn, and nothing is decided yet (a pending stage);
 * - `rejected`: they applied and a rejecting stage turned them down;
 * - `suggested`: open for applications (the rule applying uses), matching their skills or
 *   preferences, and not applied to yet;
 * - `user-taken`: they applied to it (withdrawn or not: it is taken, and cannot be applied to again);
 * - `user-preference`: matching their skills or preferences, open or not;
 * - `user-saved`: they saved it, open or not;
 * - on what learners take (self-assessments), `taken`: they have an attempt at it; `not-taken`: none yet.
 */
export function learnerWhere(resource: ResourceDefinition, list: ListQuery) {
  const learner = list.learner;
  if (!learner || !needsLearner(list)) return null;
  if (takenByLearner(resource)) {
    const tab = list.learnerTab;
    if (tab !== "taken" && tab !== "not-taken") return null;
    return (eb: AnyBuilder) => (tab === "taken" ? attempted(eb, learner.id) : eb.not(attempted(eb, learner.id)));
  }
  const postingType = postingTypeOf(resource.name);
  if (!postingType) return null;
  return (eb: AnyBuilder): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    switch (list.learnerTab) {
      case "pending":
        parts.push(appliedTo(eb, postingType, learner.id, { stages: pendingStagesFor(postingType), withdrawn: false }));
        break;
      case "rejected":
        parts.push(appliedTo(eb, postingType, learner.id, { stages: rejectedStagesFor(postingType) }));
        break;
      case "suggested":
        parts.push(OPEN[postingType](eb));
        parts.push(matchesInterests(eb, resource, learner.interests));
        parts.push(eb.not(appliedTo(eb, postingType, learner.id)));
        break;
    }
    if (list.scope === "user-taken") parts.push(appliedTo(eb, postingType, learner.id));
    if (list.scope === "user-preference") parts.push(matchesInterests(eb, resource, learner.interests));
    if (list.scope === "user-saved") parts.push(savedBy(eb, postingType, learner.id));
    return eb.and(parts);
  };
}

/**
 * The learner's "Suggested" tab is ordered by skill match first (skill-match.ts): the posting's
 * score as SQL, the same on SQLite and PostgreSQL — the interests its skills and tags name, out of
 * how many names their JSON lists hold, in whole percent rounded half up (`matchScoreOf`). A name
 * in both lists counts twice here and once in the score, a rare tie broken differently. Null for
 * any other list, or a posting asking nothing.
 */
export function suggestedOrder(resource: ResourceDefinition, list: ListQuery) {
  const fields = askingFieldsOf(resource);
  const interests = list.learner?.interests ?? [];
  if (list.learnerTab !== "suggested" || fields.length === 0 || interests.length === 0) return null;
  return (eb: AnyBuilder): Expression<number> => {
    const columns = fields.map((field) => eb.ref(`r.${field}`));
    const matched = sql.join(
      interests.flatMap((name) =>
        columns.map((column) => sql`(case when ${namesHold(column, name)} then 1 else 0 end)`),
      ),
      sql` + `,
    );
    // the names a JSON list of strings holds: one more than the `","` between them
    const asked = sql.join(
      columns.map(
        (column) =>
          sql`(case when ${column} is null or ${column} = '[]' then 0 else (length(${column}) - length(replace(${column}, '","', ''))) / 3 + 1 end)`,
      ),
      sql` + `,
    );
    return sql<number>`(case when (${asked}) = 0 then 0 else (200 * (${matched}) + (${asked})) / (2 * (${asked})) end)`;
  };
}

/**
 * What makes a list's SQL the learner's own, for the compiled-SQL memo: who they are and what
 * they are interested in. Null for a list that is the same for everyone who reaches the same rows.
 */
export const learnerKeyOf = (list: ListQuery) =>
  list.learner && needsLearner(list) ? [list.learner.id, list.learner.interests] : null;
