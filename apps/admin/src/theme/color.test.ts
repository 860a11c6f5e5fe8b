import { describe, expect, it } from "vitest";
import { contrastRatio, mix, normalizeHex, readableOn } from "./color";

describe("institution colours", () => {
  it("accepts short and long hex, and falls back on anything else", () => {
    expect(normalizeHex("#0E5E9C", "#000000")).toBe("#0e5e9c");
    expect(normalizeHex("abc", "#000000")).toBe("#aabbcc");
    expect(normalizeHex("red", "#123456")).toBe("#123456");
    expect(normalizeHex(null, "#123456")).toBe("#123456");
  });

  it("picks readable text for a background", () => {
    expect(readableOn("#0e5e9c")).toBe("#ffffff");
    expect(readableOn("#f2a900")).toBe("#111827");
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 0);
  });

  it("mixes two colours", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});
