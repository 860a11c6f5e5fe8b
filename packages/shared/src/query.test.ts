import { describe, expect, it } from "vitest";
import { buildQueryString, compactQuery, queryEntries, toFormEntries } from "./query.js";

describe("query building (spec §7)", () => {
  it("drops undefined, null, empty strings and empty arrays", () => {
    expect(compactQuery({ q: "", type: undefined, institution_id: null, stage: [], sort: "name", _start: 0 })).toEqual({
      sort: "name",
      _start: 0,
    });
  });

  it("keeps publish_status=false, but drops false elsewhere", () => {
    expect(compactQuery({ publish_status: false, is_remote: false, featured: true })).toEqual({
      publish_status: false,
      featured: true,
    });
  });

  it("keeps 0, which is a value (an id, or 'all' in a comma list)", () => {
    expect(compactQuery({ department: 0, year: 0 })).toEqual({ department: 0, year: 0 });
  });

  it("cleans array entries and drops an array left empty", () => {
    expect(compactQuery({ stage: ["hired", "", null, "spam"], tags: ["", undefined] })).toEqual({
      stage: ["hired", "spam"],
    });
  });

  it("drops values a query cannot carry (objects, NaN)", () => {
    expect(compactQuery({ nested: { a: 1 }, count: Number.NaN, ok: "y" })).toEqual({ ok: "y" });
  });

  it("repeats array params and encodes the query string", () => {
    expect(queryEntries({ id: [1, 2], q: "a b" })).toEqual([
      ["id", "1"],
      ["id", "2"],
      ["q", "a b"],
    ]);
    expect(buildQueryString({ id: [1, 2], q: "ram & sita", publish_status: false, empty: "" })).toBe(
      "?id=1&id=2&q=ram%20%26%20sita&publish_status=false",
    );
    expect(buildQueryString({ q: "", stage: [] })).toBe("");
  });
});

describe("form data (spec §7)", () => {
  it("names array entries name[index]", () => {
    expect(toFormEntries({ skills: ["React", "SQL"] })).toEqual([
      ["skills[0]", "React"],
      ["skills[1]", "SQL"],
    ]);
  });

  it("names fields of array objects name[index][field]", () => {
    expect(
      toFormEntries({
        contacts: [
          { full_name: "Sita Sharma", phone_no: "9841000000" },
          { full_name: "Ram Thapa", designation: "HR" },
        ],
      }),
    ).toEqual([
      ["contacts[0][full_name]", "Sita Sharma"],
      ["contacts[0][phone_no]", "9841000000"],
      ["contacts[1][full_name]", "Ram Thapa"],
      ["contacts[1][designation]", "HR"],
    ]);
  });

  it("writes numbers, booleans and dates as text, null as empty, and leaves undefined out", () => {
    expect(
      toFormEntries({
        title: "Workshop",
        seats: 30,
        is_online: false,
        starts_at: new Date("2026-01-05T10:00:00Z"),
        venue: null,
        notes: undefined,
      }),
    ).toEqual([
      ["title", "Workshop"],
      ["seats", "30"],
      ["is_online", "false"],
      ["starts_at", "2026-01-05T10:00:00.000Z"],
      ["venue", ""],
    ]);
  });

  it("nests plain objects and deeper arrays", () => {
    expect(toFormEntries({ address: { city: "Kathmandu", wards: [1, 2] } })).toEqual([
      ["address[city]", "Kathmandu"],
      ["address[wards][0]", "1"],
      ["address[wards][1]", "2"],
    ]);
  });

  it("passes files and other non-plain objects through untouched", () => {
    class FakeFile {
      readonly name = "cv.pdf";
    }
    const cv = new FakeFile();
    const entries = toFormEntries({ attachments: [cv] });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.[0]).toBe("attachments[0]");
    expect(entries[0]?.[1]).toBe(cv);
  });

  it("sends nothing for an empty array", () => {
    expect(toFormEntries({ skills: [] })).toEqual([]);
  });
});
