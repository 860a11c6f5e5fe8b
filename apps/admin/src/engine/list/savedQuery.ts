import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";

/**
 * The list parameters that are neither a filter nor the sort: the `?type=` tab (a time window or
 * a learner's own) and a learner's `?scope=`. The lists keep them in their own state, not refine's.
 */
export const LIST_EXTRAS = ["type", "scope"] as const;

/** Paging is not part of a search: a saved one opens at its first page. */
const PAGING = ["_start", "_end"];

/** simple-rest's suffix of each operator but `eq` (its mapOperator): `year_gte=2020`, `title_like=data`. */
const SUFFIXES: [suffix: string, operator: LogicalFilter["operator"]][] = [
  ["_ne", "ne"],
  ["_gte", "gte"],
  ["_lte", "lte"],
  ["_like", "contains"],
];

export interface ParsedListQuery {
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** The extras present (LIST_EXTRAS), by name. */
  extra: Record<string, string>;
}

function filterOf(param: string, value: string | string[]): CrudFilter {
  if (param === "q") return { field: "q", operator: "eq", value };
  for (const [suffix, operator] of SUFFIXES) {
    if (param.endsWith(suffix) && param.length > suffix.length) {
      return { field: param.slice(0, -suffix.length), operator, value };
    }
  }
  return { field: param, operator: "eq", value };
}

/**
 * The reverse of data.ts `listQueryString`: a list's query string (as a saved search keeps it)
 * back into refine's filters and sorters, and the extras the list keeps itself. A parameter given
 * twice (`stage=a&stage=b`) is one filter over both values; `_order` defaults to ascending, as the
 * API reads it; paging is dropped.
 */
export function parseListQueryString(query: string, extras: readonly string[] = LIST_EXTRAS): ParsedListQuery {
  const values = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(query)) values.set(name, [...(values.get(name) ?? []), value]);
  const single = (name: string) => values.get(name)?.[0] ?? "";

  const orders = single("_order").split(",");
  const sorters: CrudSort[] = single("_sort")
    .split(",")
    .filter(Boolean)
    .map((field, index) => ({ field, order: orders[index] === "desc" ? "desc" : "asc" }));

  const filters: CrudFilter[] = [];
  const extra: Record<string, string> = {};
  for (const [name, given] of values) {
    if (name === "_sort" || name === "_order" || PAGING.includes(name)) continue;
    if (extras.includes(name)) extra[name] = given[0] ?? "";
    else filters.push(filterOf(name, given.length === 1 ? (given[0] ?? "") : given));
  }
  return { filters, sorters, extra };
}
