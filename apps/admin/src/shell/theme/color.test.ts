import { describe, expect, it } from "vitest";
import { contrastRatio, mix, normalizeHex, readableOn, withContrast } from "./color";

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

  it("darkens a light colour just enough to read as text on white, and keeps a dark one", () => {
    const ink = withContrast("#f2a900", "#ffffff");
    expect(contrastRatio(ink, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ink, "#ffffff")).toBeLessThan(5.5);
    expect(withContrast("#0e5e9c", "#ffffff")).toBe("#0e5e9c");
    expect(contrastRatio(withContrast("#1b2a4a", "#0d111a"), "#0d111a")).toBeGreaterThanOrEqual(4.5);
  });

  it("mixes two colours", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});
