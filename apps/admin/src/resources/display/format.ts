import { intlLocale } from "@csc/shared";
import dayjs from "dayjs";
import "dayjs/locale/en";
import "dayjs/locale/ne";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored date (`YYYY-MM-DD`, read as a local calendar day) or date-time (ISO) as a Date. */
export function parseDateValue(value: unknown): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const day = DATE_ONLY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Dates go through dayjs and its own month names rather than Intl: browsers built with a small ICU
 * (Debian's Chromium among them) know no Nepali calendar words, dayjs's `ne` locale always does.
 */
const DAYJS_LOCALES: Record<string, string> = { "en-US": "en", "np-NP": "ne" };
const DATE_TIME_FORMATS: Record<string, string> = { "en-US": "MMM D, YYYY, h:mm A", "np-NP": "MMM D, YYYY, HH:mm" };

/** Spec §9: dates as short month, day and year ("Dec 8, 2026"); null when there is none. */
export function formatDate(value: unknown, language: string): string | null {
  const date = parseDateValue(value);
  if (!date) return null;
  return dayjs(date)
    .locale(DAYJS_LOCALES[language] ?? "en")
    .format("MMM D, YYYY");
}

/** A date-time: the date of spec §9 and the time of day. */
export function formatDateTime(value: unknown, language: string): string | null {
  const date = parseDateValue(value);
  if (!date) return null;
  return dayjs(date)
    .locale(DAYJS_LOCALES[language] ?? "en")
    .format(DATE_TIME_FORMATS[language] ?? "MMM D, YYYY, h:mm A");
}

export function formatNumber(value: unknown, language: string): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);
}

/** A country's name from its ISO code, in the given language. */
export function countryName(code: unknown, language: string): string | null {
  if (typeof code !== "string" || code === "") return null;
  try {
    return (
      new Intl.DisplayNames([intlLocale(language), "en-US"], { type: "region", fallback: "code" }).of(code) ?? code
    );
  } catch {
    return code;
  }
}

/** Nothing to show: no value, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
