import { RESOURCES } from "@csc/shared";
import { describe, expect, it } from "vitest";
import { COMPUTED_COLUMNS } from "./applicant-match.js";

describe("computed fields", () => {
  it("each has the SQL that works it out, and nothing else is computed", () => {
    const declared = Object.values(RESOURCES).flatMap((resource) =>
      resource.fields.filter((field) => field.computed).map((field) => `${resource.table}.${field.name}`),
    );
    const built = Object.entries(COMPUTED_COLUMNS).flatMap(([table, fields]) =>
      Object.keys(fields).map((name) => `${table}.${name}`),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect([...new Set(declared)].sort()).toEqual(built.sort());
  });

  it("are read only and never filtered or searched", () => {
    for (const resource of Object.values(RESOURCES)) {
      for (const field of resource.fields.filter((f) => f.computed)) {
        expect(field, `${resource.name}.${field.name}`).toMatchObject({ readOnly: true });
        expect(field.filter || field.search, `${resource.name}.${field.name}`).toBeFalsy();
      }
    }
  });
});
