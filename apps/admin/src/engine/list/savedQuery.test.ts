import type { CrudFilter, CrudSort } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { listQueryString } from "../../shell/providers/data";
import { parseListQueryString } from "./savedQuery";

/** One filter of each operator the list's controls and simple-rest emit, values as text (a query string holds text). */
const EVERY_OPERATOR: CrudFilter[] = [
  { field: "category", operator: "eq", value: "job_placement" },
  { field: "created_at", operator: "gte", value: "2025-01-01" },
  { field: "created_at", operator: "lte", value: "2025-12-31" },
  { field: "q", operator: "eq", value: "data science" },
  { field: "stage", operator: "eq", value: ["applied", "shortlisted"] },
  { field: "status", operator: "ne", value: "draft" },
  { field: "title", operator: "contains", value: "python & R = fun+" },
];
const SORTERS: CrudSort[] = [
  { field: "deadline", order: "asc" },
  { field: "title", order: "desc" },
];

const byParam = (filters: CrudFilter[]) =>
  [...filters].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("a saved list query read back (parseListQueryString, the reverse of listQueryString)", () => {
  it("gives back every operator's filter, the sort and the extras the query was made of", () => {
    const query = listQueryString(EVERY_OPERATOR, SORTERS, { type: "upcoming", scope: "user-preference" });
    const parsed = parseListQueryString(query);
    expect(byParam(parsed.filters)).toEqual(byParam(EVERY_OPERATOR));
    expect(parsed.sorters).toEqual(SORTERS);
    expect(parsed.extra).toEqual({ type: "upcoming", scope: "user-preference" });
  });

  it("makes the same query string again from what it read", () => {
    const query = listQueryString(EVERY_OPERATOR, SORTERS, { type: "expired" });
    const { filters, sorters, extra } = parseListQueryString(query);
    expect(listQueryString(filters, sorters, extra)).toBe(query);
  });

  it("reads the suffixes simple-rest writes: _ne, _gte, _lte, _like, and q for the search box", () => {
    expect(
      parseListQueryString("year_ne=3&year_gte=1&year_lte=4&name_like=ram&q=%E0%A4%95%E0%A4%BE%E0%A4%A0").filters,
    ).toEqual([
      { field: "year", operator: "ne", value: "3" },
      { field: "year", operator: "gte", value: "1" },
      { field: "year", operator: "lte", value: "4" },
      { field: "name", operator: "contains", value: "ram" },
      { field: "q", operator: "eq", value: "काठ" },
    ]);
  });

  it("leaves paging out: a saved search opens at its first page", () => {
    const parsed = parseListQueryString("_start=40&_end=60&_sort=title&_order=asc&city=Pokhara");
    expect(parsed.filters).toEqual([{ field: "city", operator: "eq", value: "Pokhara" }]);
    expect(parsed.sorters).toEqual([{ field: "title", order: "asc" }]);
    expect(parsed.extra).toEqual({});
  });

  it("sorts ascending where no order is given, as the API does", () => {
    expect(parseListQueryString("_sort=title,deadline&_order=desc").sorters).toEqual([
      { field: "title", order: "desc" },
      { field: "deadline", order: "asc" },
    ]);
  });

  it("reads an empty query as no filter, no sort and no extra", () => {
    expect(parseListQueryString("")).toEqual({ filters: [], sorters: [], extra: {} });
  });

  it("takes a field named like a suffix as a field, not an operator", () => {
    expect(parseListQueryString("_like=x").filters).toEqual([{ field: "_like", operator: "eq", value: "x" }]);
  });
});
