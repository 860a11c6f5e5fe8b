import { FIELD_TYPES } from "@csc/shared";
import { describe, expect, it } from "vitest";

// the modules index.ts collects, by file name (not loaded: antd needs a browser)
const files = Object.keys(import.meta.glob("./*.tsx")).map((path) => path.slice("./".length, -".tsx".length));

describe("the admin's field types", () => {
  it("has one module for every field type of shared's table, named after it, and none for another", () => {
    expect(files.sort()).toEqual([...FIELD_TYPES].sort());
  });
});
