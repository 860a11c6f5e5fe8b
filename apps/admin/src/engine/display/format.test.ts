import { intlLocale, localDigits } from "@csc/shared";
import { describe, expect, it, vi } from "vitest";
import {
  countryName,
  displayCalendar,
  formatDate,
  formatDateTime,
  formatNumber,
  isEmptyValue,
  parseDateValue,
  setDisplayCalendar,
} from "./format";
import { richTextIsEmpty } from "./sanitize";

describe("how values read on screen", () => {
  it("shows dates as short month, day and year", () => {
    expect(formatDate("2026-12-08", "en-US")).toBe("Dec 8, 2026");
    expect(formatDate("2026-01-31T23:30:00.000Z", "en-US")).toMatch(/^(Jan 31|Feb 1), 2026$/);
    expect(formatDateTime("2026-12-08T09:05:00", "en-US")).toBe("Dec 8, 2026, 9:05 AM");
  });

  it("reads a date without a time as that calendar day wherever the browser is", () => {
    const day = parseDateValue("2026-03-01");
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2026, 2, 1]);
  });

  it("follows the user's calendar, Gregorian unless Bikram Sambat is chosen", () => {
    expect(displayCalendar()).toBe("gregorian");
    setDisplayCalendar("bikram-sambat");
    try {
      expect(formatDate("2026-12-08", "en-US")).toBe("22 Mangsir 2083");
      expect(formatDateTime("2026-12-08T09:05:00", "en-US")).toBe("22 Mangsir 2083, 9:05 AM");
      expect(formatDate("2026-12-08", "np-NP")).toBe("२२ मंसिर २०८३");
    } finally {
      setDisplayCalendar("gregorian");
    }
    expect(formatDate("2026-12-08", "en-US")).toBe("Dec 8, 2026");
  });

  it("has no date for empty or broken values (the screen says N/A)", () => {
    expect(formatDate(null, "en-US")).toBeNull();
    expect(formatDate("", "en-US")).toBeNull();
    expect(formatDate("not a date", "en-US")).toBeNull();
  });

  it("writes dates and countries in Nepali for np-NP", () => {
    expect(formatDate("2026-12-08", "np-NP")).toMatch(/[\u0900-\u097F]/);
    expect(formatDate("2026-12-08", "np-NP")).not.toMatch(/[0-9]/);
    expect(countryName("NP", "en-US")).toBe("Nepal");
    expect(countryName("NP", "np-NP")).toMatch(/[\u0900-\u097F]/);
  });

  it("knows empty values and an empty editor", () => {
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue("  ")).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue(false)).toBe(false);
    expect(richTextIsEmpty("<p><br></p>")).toBe(true);
    expect(richTextIsEmpty("<p>Hi</p>")).toBe(false);
  });
});

describe("numbers", () => {
  it("writes a whole number without a formatter exactly as the language's formatter does", () => {
    // Node's ICU has every locale's grouping (Nepali: the last three digits, then twos); a browser
    // with a trimmed ICU may write Nepali in threes, as English
    const wholes = [
      ...Array.from({ length: 1200 }, (_, value) => value),
      ...Array.from({ length: 16 }, (_, power) => 10 ** power),
      ...Array.from({ length: 16 }, (_, power) => 10 ** power - 1),
      98_765_432_101,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const language of ["en-US", "np-NP"]) {
      const formatter = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 });
      const made = vi.spyOn(Intl, "NumberFormat");
      for (const value of wholes) {
        expect(formatNumber(value, language)).toBe(localDigits(formatter.format(value), language));
      }
      expect(made).not.toHaveBeenCalled();
      made.mockRestore();
    }
    expect(formatNumber(12, "np-NP")).toBe("१२");
    expect(formatNumber(150_000, "np-NP")).toBe("१,५०,०००");
    expect(formatNumber(1_234_567, "en-US")).toBe("1,234,567");
  });

  it("groups larger numbers and keeps two decimals, in the language's digits", () => {
    expect(formatNumber(1000, "en-US")).toBe("1,000");
    expect(formatNumber(2.125, "en-US")).toBe("2.13");
    expect(formatNumber(-3, "en-US")).toBe("-3");
    expect(formatNumber(-150_000.5, "en-US")).toBe("-150,000.5");
    expect(formatNumber(Number.NaN, "en-US")).toBeNull();
    expect(formatNumber("7", "en-US")).toBeNull();
  });
});
