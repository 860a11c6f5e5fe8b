import { describe, expect, it } from "vitest";
import { localDigits, toDevanagariDigits } from "./digits.js";

describe("digits as the language writes them", () => {
  it("writes Western digits in Devanagari and leaves the rest", () => {
    expect(toDevanagariDigits("2081-01-01, 10:45")).toBe("२०८१-०१-०१, १०:४५");
  });

  it("changes digits in np-NP only", () => {
    expect(localDigits("12 of 40", "np-NP")).toBe("१२ of ४०");
    expect(localDigits("12 of 40", "en-US")).toBe("12 of 40");
  });
});
