import { describe, expect, it } from "vitest";
import { importKey, parseImportDate, parseImportInteger, parseImportList } from "./imports.js";

const TODAY = new Date(2026, 10, 27);

describe("a date in an imported file", () => {
  it("reads Gregorian days, with any separator and Devanagari digits", () => {
    expect(parseImportDate("2001-08-28", TODAY)).toBe("2001-08-28");
    expect(parseImportDate("2001/8/3", TODAY)).toBe("2001-08-03");
    expect(parseImportDate("२००१.०८.२८", TODAY)).toBe("2001-08-28");
    expect(parseImportDate("2030-01-01 AD", TODAY)).toBe("2030-01-01");
  });

  it("reads Bikram Sambat days by their mark, or by a year after this one", () => {
    // 12 Bhadra 2058 BS is 28 August 2001
    expect(parseImportDate("2058-05-12 BS", TODAY)).toBe("2001-08-28");
    expect(parseImportDate("२०५८-०५-१२ वि.सं.", TODAY)).toBe("2001-08-28");
    expect(parseImportDate("2058-05-12", TODAY)).toBe("2001-08-28");
    expect(parseImportDate("2020-01-01 B.S.", TODAY)).not.toBe("2020-01-01");
  });

  it("names no day for what is not one", () => {
    for (const text of ["2003-02-30", "2058-13-01 BS", "28/08/2001", "yesterday", "", "2001-08"]) {
      expect(parseImportDate(text, TODAY), text).toBeNull();
    }
  });
});

describe("numbers, lists and names in an imported file", () => {
  it("reads whole numbers in either script", () => {
    expect(parseImportInteger("३")).toBe(3);
    expect(parseImportInteger(" 12 ")).toBe(12);
    expect(parseImportInteger("1.5")).toBeNull();
    expect(parseImportInteger("-1")).toBeNull();
  });

  it("splits a list on commas and semicolons, once each", () => {
    expect(parseImportList("Excel, Python; Excel ,,")).toEqual(["Excel", "Python"]);
  });

  it("compares names whatever their spacing and case", () => {
    expect(importKey("  Kathmandu   Metropolitan City ")).toBe(importKey("kathmandu metropolitan city"));
  });
});
