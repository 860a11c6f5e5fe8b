import { type FilterKind, fieldType } from "@csc/shared";
import type { CrudFilter, CrudOperators } from "@refinedev/core";
import type { FieldMeta } from "../types";

/** The control a filterable field gets, by its type (shared field-types.ts): enum → select, date → range, text → like… */
export function filterKindOf(field: FieldMeta): FilterKind | null {
  if (!field.filter || field.name === "id") return null;
  return fieldType(field.type).filterKind;
}

/** At most this many select-like filters sit in the toolbar; the rest open under "Filters". */
const QUICK_FILTER_LIMIT = 3;
const QUICK_KINDS: readonly FilterKind[] = ["choice", "boolean", "relation"];

export function splitFilters(fields: FieldMeta[]): { quick: FieldMeta[]; more: FieldMeta[] } {
  const filterable = fields.filter((field) => filterKindOf(field) !== null);
  const quick = filterable
    .filter((field) => QUICK_KINDS.includes(filterKindOf(field) as FilterKind))
    .slice(0, QUICK_FILTER_LIMIT);
  return { quick, more: filterable.filter((field) => !quick.includes(field)) };
}

type FieldFilter = Extract<CrudFilter, { field: string }>;
const isFieldFilter = (filter: CrudFilter): filter is FieldFilter => "field" in filter;

export function filterValue(filters: CrudFilter[], field: string, operator: CrudOperators = "eq"): unknown {
  return filters.find((filter) => isFieldFilter(filter) && filter.field === field && filter.operator === operator)
    ?.value;
}

const blank = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** The filters with one field's operator set to a value, or removed when the value is blank. */
export function withFilter(
  filters: CrudFilter[],
  field: string,
  operator: CrudOperators,
  value: unknown,
): CrudFilter[] {
  const others = filters.filter(
    (filter) => !(isFieldFilter(filter) && filter.field === field && filter.operator === operator),
  );
  return blank(value) ? others : [...others, { field, operator, value } as CrudFilter];
}

/** How many of a list's filters are on, the search box not counted. */
export const activeFilterCount = (filters: CrudFilter[], fields?: string[]) =>
  new Set(
    filters
      .filter((filter) => isFieldFilter(filter) && filter.field !== "q" && !blank(filter.value))
      .filter((filter) => !fields || fields.includes((filter as FieldFilter).field))
      .map((filter) => (filter as FieldFilter).field),
  ).size;
