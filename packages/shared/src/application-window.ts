import type { PostingType } from "./enums.js";

/**
 * When a posting stops taking applications (a closed posting is "not open to them").
 * The API turns these rules into SQL (apply, the public pages' lists) and the admin asks
 * `isOpenForApplications` before it offers Apply: one rule, written once, here.
 *
 * A posting closes on the first of its closing fields to pass. A `day` field (a date) is open
 * through the whole of its day, a `moment` field (a date and time) until that instant. Both are
 * read in UTC, as the API stores them, so the learner's browser and the server agree whatever
 * the learner's time zone.
 */
interface ClosingField {
  /** The posting's column. */
  field: string;
  unit: "day" | "moment";
  /** A posting without this value: open (the field is optional) or closed (it should have one). */
  whenMissing: "open" | "closed";
}

export const APPLICATIONS_CLOSE_ON: Record<PostingType, readonly ClosingField[]> = {
  // an event takes applications until its registration deadline's day is over (when it has one)
  // and never once it has ended
  "learning-event": [
    { field: "end_at", unit: "moment", whenMissing: "closed" },
    { field: "registration_deadline", unit: "day", whenMissing: "open" },
  ],
  "job-opportunity": [{ field: "deadline", unit: "day", whenMissing: "closed" }],
  // a scholarship may have no deadline: open until someone sets one
  scholarship: [{ field: "deadline", unit: "day", whenMissing: "open" }],
};

/** The value a closing field is compared with at `now`, as stored: `YYYY-MM-DD` for a day, ISO-8601 UTC for a moment. */
export const closingComparand = (unit: ClosingField["unit"], now: Date): string =>
  unit === "day" ? now.toISOString().slice(0, 10) : now.toISOString();

/** A stored day or moment as the text it is compared as; null when it holds nothing readable. */
function storedValue(value: unknown, unit: ClosingField["unit"]): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = value.trim();
  if (unit === "day") return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Whether a posting of this type takes applications at the instant `now` (by default: this one). */
export function isOpenForApplications(
  type: PostingType,
  posting: Readonly<Record<string, unknown>>,
  now: Date = new Date(),
): boolean {
  return APPLICATIONS_CLOSE_ON[type].every(({ field, unit, whenMissing }) => {
    const value = storedValue(posting[field], unit);
    if (value === null) return whenMissing === "open";
    return value >= closingComparand(unit, now);
  });
}

/**
 * The last day (`YYYY-MM-DD`, UTC) a posting takes applications: the day of the first of its
 * closing fields to pass (a moment's own day), or null when none is set (a scholarship without a
 * deadline). A learner who saved the posting is reminded the day before it.
 */
export function lastDayToApply(type: PostingType, posting: Readonly<Record<string, unknown>>): string | null {
  const days = APPLICATIONS_CLOSE_ON[type]
    .map(({ field, unit }) => storedValue(posting[field], unit)?.slice(0, 10))
    .filter((day): day is string => day !== undefined);
  return days.length === 0 ? null : days.reduce((first, day) => (day < first ? day : first));
}
