import { describe, expect, it } from "vitest";
import {
  countryName,
  displayCalendar,
  formatDate,
  formatDateTime,
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
