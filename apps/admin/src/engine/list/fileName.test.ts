import { describe, expect, it } from "vitest";
import { fileNameOf } from "./fileName";

describe("the file name of a download", () => {
  it("reads RFC 5987's UTF-8 name before the plain one", () => {
    const disposition = `attachment; filename="applicants-2026-11-26.csv"; filename*=UTF-8''${encodeURIComponent("तालिम-applicants-2026-11-26.csv")}`;
    expect(fileNameOf(disposition, "applications.csv")).toBe("तालिम-applicants-2026-11-26.csv");
  });

  it("takes the plain name when there is no other, quoted or not", () => {
    expect(fileNameOf('attachment; filename="institutions.csv"', "x.csv")).toBe("institutions.csv");
    expect(fileNameOf("attachment; filename=institutions.xlsx", "x.csv")).toBe("institutions.xlsx");
  });

  it("falls back to the given name when the header is missing or its name malformed", () => {
    expect(fileNameOf(undefined, "applications.csv")).toBe("applications.csv");
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4", "applications.xlsx")).toBe("applications.xlsx");
  });
});
