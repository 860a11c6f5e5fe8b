import { describe, expect, it } from "vitest";
import type { FieldMeta } from "../types";
import { activeFilterCount, filterKindOf, filterValue, splitFilters, withFilter } from "./filters";

const field = (name: string, type: FieldMeta["type"], filter = true): FieldMeta => ({
  name,
  type,
  label: name,
  labelKey: `fields:${name}`,
  required: false,
  readOnly: false,
  list: true,
  filter,
  sort: false,
  search: false,
});

describe("list filters", () => {
  it("gives each filterable field the control of its type", () => {
    expect(filterKindOf(field("status", "enum"))).toBe("choice");
    expect(filterKindOf(field("publish_status", "boolean"))).toBe("boolean");
    expect(filterKindOf(field("institution_id", "relation"))).toBe("relation");
    expect(filterKindOf(field("start_date", "date"))).toBe("dateRange");
    expect(filterKindOf(field("category", "text"))).toBe("text");
    expect(filterKindOf(field("title", "text", false))).toBeNull();
    expect(filterKindOf(field("id", "number"))).toBeNull();
  });

  it("keeps three select-like filters in the toolbar and the rest under Filters", () => {
    const fields = [
      field("a", "enum"),
      field("b", "text"),
      field("c", "boolean"),
      field("d", "relation"),
      field("e", "enum"),
      field("f", "date"),
    ];
    const { quick, more } = splitFilters(fields);
    expect(quick.map((f) => f.name)).toEqual(["a", "c", "d"]);
    expect(more.map((f) => f.name)).toEqual(["b", "e", "f"]);
  });

  it("sets, replaces and clears one filter without touching the others", () => {
    let filters = withFilter([], "status", "eq", "active");
    filters = withFilter(filters, "q", "eq", "ram");
    filters = withFilter(filters, "status", "eq", "disabled");
    expect(filterValue(filters, "status")).toBe("disabled");
    expect(activeFilterCount(filters)).toBe(1);
    filters = withFilter(filters, "status", "eq", "");
    expect(filterValue(filters, "status")).toBeUndefined();
    expect(filterValue(filters, "q")).toBe("ram");
  });

  it("counts a date range as one filter", () => {
    let filters = withFilter([], "created_at", "gte", "2026-01-01");
    filters = withFilter(filters, "created_at", "lte", "2026-02-01");
    expect(activeFilterCount(filters)).toBe(1);
  });
});
