import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { parseSeedFile, strictObject } from "./seed-files.js";

const Course = Type.Array(strictObject({ title: Type.String(), hours: Type.Integer({ minimum: 0 }) }));

describe("seed data files", () => {
  it("returns a file's data when it has the expected shape", () => {
    expect(parseSeedFile("seeds/courses.json", '[{"title": "SQL", "hours": 20}]', Course)).toEqual([
      { title: "SQL", hours: 20 },
    ]);
  });

  it("names the file when it is not JSON", () => {
    expect(() => parseSeedFile("seeds/courses.json", '[{"title": "SQL",]', Course)).toThrow(
      /^Seed file seeds\/courses\.json is not valid JSON/,
    );
  });

  it("names the file and the wrong field when the shape is wrong", () => {
    expect(() => parseSeedFile("seeds/courses.json", '[{"title": "SQL", "hours": "twenty"}]', Course)).toThrow(
      /^Seed file seeds\/courses\.json is malformed:\n {2}\/0\/hours /,
    );
  });

  it("rejects a misspelt field name rather than ignoring it", () => {
    expect(() => parseSeedFile("seeds/courses.json", '[{"title": "SQL", "hours": 2, "hour": 3}]', Course)).toThrow(
      /malformed/,
    );
  });
});
