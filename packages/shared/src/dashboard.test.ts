import { describe, expect, it } from "vitest";
import {
  bucketIndexOf,
  defaultDashboardRange,
  isIsoDay,
  progressionBucketCount,
  progressionBuckets,
} from "./dashboard.js";

describe("the chart's categories (year, month, day or 7-day range, clamped)", () => {
  it("cuts a range into calendar years, the first and last clamped to it", () => {
    expect(progressionBuckets("2022-03-15", "2024-02-10", "year")).toEqual([
      { key: "2022", start: "2022-03-15", end: "2022-12-31" },
      { key: "2023", start: "2023-01-01", end: "2023-12-31" },
      { key: "2024", start: "2024-01-01", end: "2024-02-10" },
    ]);
  });

  it("cuts into months across a year's end, with February's real length", () => {
    expect(progressionBuckets("2023-12-20", "2024-03-01", "month")).toEqual([
      { key: "2023-12", start: "2023-12-20", end: "2023-12-31" },
      { key: "2024-01", start: "2024-01-01", end: "2024-01-31" },
      { key: "2024-02", start: "2024-02-01", end: "2024-02-29" },
      { key: "2024-03", start: "2024-03-01", end: "2024-03-01" },
    ]);
  });

  it("cuts into 7-day ranges from the first day, the last one shorter", () => {
    expect(progressionBuckets("2024-02-26", "2024-03-10", "week")).toEqual([
      { key: "2024-02-26/2024-03-03", start: "2024-02-26", end: "2024-03-03" },
      { key: "2024-03-04/2024-03-10", start: "2024-03-04", end: "2024-03-10" },
    ]);
    expect(progressionBuckets("2024-03-01", "2024-03-09", "week").map((bucket) => bucket.key)).toEqual([
      "2024-03-01/2024-03-07",
      "2024-03-08/2024-03-09",
    ]);
  });

  it("cuts into days, and counts the buckets of every granularity without making them", () => {
    expect(progressionBuckets("2024-12-30", "2025-01-02", "day").map((bucket) => bucket.key)).toEqual([
      "2024-12-30",
      "2024-12-31",
      "2025-01-01",
      "2025-01-02",
    ]);
    for (const granularity of ["year", "month", "week", "day"] as const) {
      for (const [from, to] of [
        ["2020-02-29", "2024-11-24"],
        ["2024-01-01", "2024-01-01"],
        ["2023-12-31", "2024-01-06"],
      ] as const) {
        expect(progressionBucketCount(from, to, granularity)).toBe(progressionBuckets(from, to, granularity).length);
      }
    }
    expect(progressionBuckets("2024-02-01", "2024-01-01", "day")).toEqual([]);
  });

  it("finds the bucket of a date or a date-time, and none outside the range", () => {
    const buckets = progressionBuckets("2022-03-15", "2024-02-10", "year");
    expect(bucketIndexOf(buckets, "2022-03-15T00:00:00.000Z")).toBe(0);
    expect(bucketIndexOf(buckets, "2023-07-01")).toBe(1);
    expect(bucketIndexOf(buckets, "2024-02-10T23:59:59.999Z")).toBe(2);
    expect(bucketIndexOf(buckets, "2022-03-14T23:59:59.999Z")).toBe(-1);
    expect(bucketIndexOf(buckets, "2024-02-11")).toBe(-1);
  });

  it("defaults to the last five calendar years by year, and knows a real day", () => {
    expect(defaultDashboardRange("2026-11-24")).toEqual({ from: "2022-01-01", to: "2026-11-24", granularity: "year" });
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(isIsoDay("2023-02-29")).toBe(false);
    expect(isIsoDay("2024-2-9")).toBe(false);
  });
});
