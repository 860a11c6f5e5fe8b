import { type Calendar, DEFAULT_CALENDAR, dayjsLocale, intlLocale, localDigits, SHORT_DATE_FORMAT } from "@csc/shared";
import dayjs from "dayjs";
import "dayjs/locale/en";
import "dayjs/locale/ne";
import { bikramSambatText } from "@csc/shared";
import type { Dayjs } from "dayjs";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored date (`YYYY-MM-DD`, read as a local calendar day) or date-time (ISO) as a Date. */
export function parseDateValue(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" || value.trim() === "") return null;
  const day = DATE_ONLY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar dates are shown in, a per-user option; dates are stored and sent as ISO always. */
let activeCalendar: Calendar = DEFAULT_CALENDAR;

/** Set by the signed-in session from the user's option; every date below follows it. */
export function setDisplayCalendar(calendar: Calendar): void {
  activeCalendar = calendar;
}

export function displayCalendar(): Calendar {
  return activeCalendar;
}

/**
 * Dates go through dayjs and its own month names rather than Intl: browsers built with a small ICU
 * (Debian's Chromium among them) know no Nepali calendar words, dayjs's `ne` locale always does.
 */
const TIME_FORMATS: Record<string, string> = { "en-US": "h:mm A", "np-NP": "HH:mm" };

function localDayjs(date: Date, language: string) {
  return dayjs(date).locale(dayjsLocale(language));
}

function dateText(date: Date, language: string, calendar: Calendar): string {
  const bikramSambat = calendar === "bikram-sambat" ? bikramSambatText(date, language) : null;
  return bikramSambat ?? localDayjs(date, language).format(SHORT_DATE_FORMAT);
}

/**
 * Dates as short month, day and year ("Dec 8, 2026"), or in Bikram Sambat ("23 Mangsir
 * 2083") when that is the user's calendar; null when there is none.
 */
export function formatDate(value: unknown, language: string, calendar = activeCalendar): string | null {
  const date = parseDateValue(value);
  if (!date) return null;
  return localDigits(dateText(date, language, calendar), language);
}

/** A date-time: the date and the time of day. */
export function formatDateTime(value: unknown, language: string, calendar = activeCalendar): string | null {
  const date = parseDateValue(value);
  if (!date) return null;
  const time = localDayjs(date, language).format(TIME_FORMATS[language] ?? TIME_FORMATS["en-US"]);
  return localDigits(`${dateText(date, language, calendar)}, ${time}`, language);
}

/** Dates as a picker takes them typed: the short form, or ISO. */
const TYPED_DATE_FORMATS = ["MMM D, YYYY", "YYYY-MM-DD"];
const TYPED_DATE_TIME_FORMATS = ["MMM D, YYYY HH:mm", "YYYY-MM-DD HH:mm"];

/**
 * What a date picker's input shows: in en-US with the Gregorian calendar the typed formats; in
 * Nepali digits or Bikram Sambat the formatter's own text (such a date is chosen from the picker,
 * not typed: antd reads no typing with a format function), so an input never shows a date the
 * rest of the screen would write otherwise.
 */
export function pickerFormat(language: string, withTime = false): string[] | ((value: Dayjs) => string) {
  if (language === "en-US" && activeCalendar === "gregorian")
    return withTime ? TYPED_DATE_TIME_FORMATS : TYPED_DATE_FORMATS;
  return (value: Dayjs) =>
    (withTime ? formatDateTime(value.toISOString(), language) : formatDate(value.format("YYYY-MM-DD"), language)) ?? "";
}

/** A date with its weekday in full ("Tuesday, 8 December 2026", "Tuesday, 23 Mangsir 2083"). */
export function formatLongDate(value: unknown, language: string, calendar = activeCalendar): string | null {
  const date = parseDateValue(value);
  if (!date) return null;
  const local = localDayjs(date, language);
  const day = (calendar === "bikram-sambat" ? bikramSambatText(date, language) : null) ?? local.format("D MMMM YYYY");
  return localDigits(`${local.format("dddd")}, ${day}`, language);
}

/** A calendar year as written (no grouping), in the language's digits. */
export function formatYear(year: string | number, language: string): string {
  return localDigits(String(year), language);
}

/** A calendar month (`YYYY-MM`) as short month and year ("Mar 2024"); null for anything else. */
export function formatMonth(value: string, language: string): string | null {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (!month) return null;
  const date = new Date(Number(month[1]), Number(month[2]) - 1, 1);
  return localDigits(localDayjs(date, language).format("MMM YYYY"), language);
}

/**
 * One formatter per language, made on first use: making an Intl formatter costs far more than
 * using one. The languages are the app's few.
 */
function perLanguage<T>(make: (locale: string) => T): (language: string) => T {
  const made = new Map<string, T>();
  return (language) => {
    let formatter = made.get(language);
    if (formatter === undefined) {
      formatter = make(intlLocale(language));
      made.set(language, formatter);
    }
    return formatter;
  };
}

const numberFormat = perLanguage((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));
const regionNames = perLanguage(
  (locale) => new Intl.DisplayNames([locale, "en-US"], { type: "region", fallback: "code" }),
);

/**
 * A whole number's digits grouped as the language groups them: in threes for English
 * (1,234,567), and for Nepali the last three, then twos (12,34,567), as Intl writes them.
 */
function groupedDigits(digits: string, language: string): string {
  const firstGroup = 3;
  const nextGroups = intlLocale(language) === "ne-NP" ? 2 : 3;
  if (digits.length <= firstGroup) return digits;
  let rest = digits.slice(0, -firstGroup);
  const groups = [digits.slice(-firstGroup)];
  while (rest.length > nextGroups) {
    groups.unshift(rest.slice(-nextGroups));
    rest = rest.slice(0, -nextGroups);
  }
  groups.unshift(rest);
  return groups.join(",");
}

/**
 * A number as the language writes it. A whole number that is not negative (a posting's openings,
 * a salary, a count) is grouped here without a formatter: the first Intl formatter a page makes
 * costs tens of milliseconds (loading its locale's data), which an applicant list's first load
 * paid for its posting's salary (25 ms of a 1.9 s load here, unthrottled) and a public apply
 * page's for a card's openings. Fractions and negative numbers go to Intl.
 */
export function formatNumber(value: unknown, language: string): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  if (Number.isSafeInteger(value) && value >= 0) return localDigits(groupedDigits(String(value), language), language);
  return localDigits(numberFormat(language).format(value), language);
}

/** A percentage as the language writes its digits: 67% or ६७%. */
export function formatPercent(value: number, language: string): string {
  return `${formatNumber(value, language) ?? value}%`;
}

/** A country's name from its ISO code, in the given language. */
export function countryName(code: unknown, language: string): string | null {
  if (typeof code !== "string" || code === "") return null;
  try {
    return regionNames(language).of(code) ?? code;
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
