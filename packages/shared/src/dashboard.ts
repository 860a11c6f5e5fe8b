import type { DashboardGranularity, DashboardRange } from "./contracts/dashboard.js";

/**
 * The dashboard's range (its answer is contracts/dashboard.ts), cut into the chart's categories
 * by one rule both sides share: labels by year, month, day or 7-day range, clamped to the chosen
 * range.
 */

/** A range cut finer than this is refused (400 under `granularity`): a chart of it says nothing. */
export const MAX_PROGRESSION_BUCKETS = 400;

/** The skills named under each category of the chart (its tooltip): the most often gained first. */
export const MAX_SKILL_TAGS = 10;

/** Years shown when no range is asked for: this one and the four before it. */
const DEFAULT_DASHBOARD_YEARS = 5;

/** One category of the chart: a year, a month, a day or a 7-day range, clamped to the range asked. */
export interface ProgressionBucket {
  /** `2024`, `2024-03`, `2024-03-05`, or for a week `2024-03-05/2024-03-11`. */
  key: string;
  /** First and last day in it, `YYYY-MM-DD`, both included and both inside the range. */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const time = timeOf(day);
  return Number.isFinite(time) && dayOf(time) === day;
}

/** The range counted when the caller asks for none: by year, the last five calendar years to today. */
export function defaultDashboardRange(today: string): DashboardRange {
  const year = Number(today.slice(0, 4));
  return { from: `${year - DEFAULT_DASHBOARD_YEARS + 1}-01-01`, to: today, granularity: "year" };
}

/** How many buckets a range makes, without making them (to refuse a range before building it). */
export function progressionBucketCount(from: string, to: string, granularity: DashboardGranularity): number {
  if (to < from) return 0;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  switch (granularity) {
    case "year":
      return years + 1;
    case "month":
      return years * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    case "day":
      return Math.round((timeOf(to) - timeOf(from)) / DAY_MS) + 1;
    case "week":
      return Math.ceil((Math.round((timeOf(to) - timeOf(from)) / DAY_MS) + 1) / 7);
  }
}

/**
 * The chart's categories for a range (both ends `YYYY-MM-DD`, included): calendar years, calendar
 * months or days, each clamped to the range, or 7-day ranges counted from `from` (the last one
 * shorter when the range ends inside it).
 */
export function progressionBuckets(from: string, to: string, granularity: DashboardGranularity): ProgressionBucket[] {
  const buckets: ProgressionBucket[] = [];
  if (to < from) return buckets;
  const clamp = (start: string, end: string) => ({ start: start < from ? from : start, end: end > to ? to : end });
  if (granularity === "day" || granularity === "week") {
    const step = granularity === "day" ? 1 : 7;
    for (let time = timeOf(from); dayOf(time) <= to; time += step * DAY_MS) {
      const { start, end } = clamp(dayOf(time), dayOf(time + (step - 1) * DAY_MS));
      buckets.push({ key: granularity === "day" ? start : `${start}/${end}`, start, end });
    }
    return buckets;
  }
  let year = Number(from.slice(0, 4));
  let month = granularity === "month" ? Number(from.slice(5, 7)) : 1;
  for (;;) {
    const first = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
    if (first > to) break;
    const last =
      granularity === "year" ? `${String(year).padStart(4, "0")}-12-31` : dayOf(Date.UTC(year, month, 1) - DAY_MS); // the day before the next month's first
    const { start, end } = clamp(first, last);
    buckets.push({ key: granularity === "year" ? first.slice(0, 4) : first.slice(0, 7), start, end });
    if (granularity === "year") year += 1;
    else if (month === 12) {
      year += 1;
      month = 1;
    } else month += 1;
  }
  return buckets;
}

/** The index of the bucket holding an ISO date or date-time, or -1 outside them (buckets in order). */
export function bucketIndexOf(buckets: readonly ProgressionBucket[], at: string): number {
  const day = at.slice(0, 10);
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const bucket = buckets[middle] as ProgressionBucket;
    if (day < bucket.start) high = middle - 1;
    else if (day > bucket.end) low = middle + 1;
    else return middle;
  }
  return -1;
}
