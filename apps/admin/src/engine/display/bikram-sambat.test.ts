// @ts-expect-error the independent converter ships no types
import independent from "bikram-sambat";
import { describe, expect, it } from "vitest";
import { type BikramSambatDay, fromBikramSambat, toBikramSambat } from "./bikram-sambat";
import { formatDate, formatDateTime, formatLongDate, formatNumber } from "./format";

/**
 * Known AD/BS pairs: national days and 1 Baisakh (Nepali new year) as published, and the last and
 * first days of BS months and years and of AD years around them. Every pair is also checked against
 * `bikram-sambat` (Medic's converter, its own month tables), which the app does not use.
 */
const PAIRS: [ad: string, bs: string][] = [
  ["1951-02-18", "2007-11-07"], // Democracy Day, 7 Falgun 2007
  ["2008-05-28", "2065-02-15"], // Republic Day, 15 Jestha 2065
  ["2015-09-20", "2072-06-03"], // Constitution Day, 3 Asoj 2072
  ["1999-12-31", "2056-09-16"],
  ["2000-01-01", "2056-09-17"],
  ["2018-04-14", "2075-01-01"],
  ["2019-04-14", "2076-01-01"],
  ["2020-04-13", "2077-01-01"],
  ["2021-04-14", "2078-01-01"],
  ["2022-04-14", "2079-01-01"],
  ["2022-12-31", "2079-09-16"],
  ["2023-01-01", "2079-09-17"],
  ["2023-04-13", "2079-12-30"],
  ["2023-04-14", "2080-01-01"],
  ["2023-12-31", "2080-09-15"],
  ["2024-01-01", "2080-09-16"],
  ["2024-02-29", "2080-11-17"],
  ["2024-04-12", "2080-12-30"],
  ["2024-04-13", "2081-01-01"],
  ["2024-05-13", "2081-01-31"],
  ["2024-05-14", "2081-02-01"],
  ["2024-07-15", "2081-03-31"],
  ["2024-07-16", "2081-04-01"],
  ["2024-10-16", "2081-06-30"],
  ["2024-10-17", "2081-07-01"],
  ["2024-12-31", "2081-09-16"],
  ["2025-01-01", "2081-09-17"],
  ["2025-04-13", "2081-12-31"],
  ["2025-04-14", "2082-01-01"],
  ["2026-03-14", "2082-11-30"],
  ["2026-03-15", "2082-12-01"],
];

const partsOf = (text: string) => text.split("-").map(Number) as [number, number, number];
const localDay = (iso: string) => {
  const [year, month, day] = partsOf(iso);
  return new Date(year, month - 1, day);
};
const bsDay = (text: string): BikramSambatDay => {
  const [year, month, day] = partsOf(text);
  return { year, month, day };
};
const isoOf = (date: Date | null) =>
  date &&
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

describe("Bikram Sambat dates", () => {
  it("has at least twenty known pairs, each confirmed by an independent converter", () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(20);
    for (const [ad, bs] of PAIRS) {
      const other = independent.toBik(ad) as { year: number; month: number; day: number };
      expect({ year: other.year, month: other.month, day: other.day }, ad).toEqual(bsDay(bs));
    }
  });

  it.each(PAIRS)("converts %s AD to %s BS and back", (ad, bs) => {
    expect(toBikramSambat(localDay(ad))).toEqual(bsDay(bs));
    expect(isoOf(fromBikramSambat(bsDay(bs)))).toBe(ad);
  });

  // Calendars are published a few years ahead; past 2083 BS the two converters' forecasts differ.
  it("agrees with the independent converter on every day from 1 Baisakh 2000 to 31 Chaitra 2083 BS", () => {
    const day = new Date(1943, 3, 14);
    const end = new Date(2027, 3, 14);
    while (day < end) {
      const ad = isoOf(day) as string;
      const other = independent.toBik(ad) as { year: number; month: number; day: number };
      expect(toBikramSambat(day), ad).toEqual({ year: other.year, month: other.month, day: other.day });
      day.setDate(day.getDate() + 1);
    }
    // some 30,700 days: more than the default 5 s when the machine is busy with browser tests
  }, 60_000);

  it("knows no 32 Baisakh and no date outside the converter's years", () => {
    expect(fromBikramSambat({ year: 2081, month: 1, day: 32 })).toBeNull();
    expect(toBikramSambat(new Date(1900, 0, 1))).toBeNull();
  });
});

describe("the formatter in Bikram Sambat", () => {
  it("shows day, month and year in English and in Nepali script with Devanagari digits", () => {
    expect(formatDate("2024-04-13", "en-US", "bikram-sambat")).toBe("1 Baisakh 2081");
    expect(formatDate("2024-01-01", "en-US", "bikram-sambat")).toBe("16 Poush 2080");
    expect(formatDate("2024-04-12", "en-US", "bikram-sambat")).toBe("30 Chaitra 2080");
    expect(formatDate("2024-04-13", "np-NP", "bikram-sambat")).toBe("१ बैशाख २०८१");
    expect(formatDate("2026-03-15", "np-NP", "bikram-sambat")).toBe("१ चैत २०८२");
  });

  it("adds the time of day to date-times", () => {
    expect(formatDateTime("2024-04-13T15:05:00", "en-US", "bikram-sambat")).toBe("1 Baisakh 2081, 3:05 PM");
    expect(formatDateTime("2024-04-13T15:05:00", "np-NP", "bikram-sambat")).toBe("१ बैशाख २०८१, १५:०५");
    expect(formatLongDate("2024-04-13", "en-US", "bikram-sambat")).toBe("Saturday, 1 Baisakh 2081");
  });

  it("keeps Gregorian dates for the Gregorian calendar, in Devanagari digits for np-NP", () => {
    expect(formatDate("2024-04-13", "en-US", "gregorian")).toBe("Apr 13, 2024");
    expect(formatDate("2024-04-13", "np-NP", "gregorian")).not.toMatch(/[0-9]/);
    expect(formatDate("2024-04-13", "np-NP", "gregorian")).toContain("२०२४");
  });

  it("writes numbers in Devanagari digits for np-NP only", () => {
    expect(formatNumber(1234.5, "en-US")).toBe("1,234.5");
    expect(formatNumber(1234.5, "np-NP")).toMatch(/^१,?२३४\.५$/);
    expect(formatNumber(42, "np-NP")).toBe("४२");
  });
});
