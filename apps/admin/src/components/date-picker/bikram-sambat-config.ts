import { localDigits } from "@csc/shared";
import type { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { BIKRAM_SAMBAT_MONTHS, fromBikramSambat, toBikramSambat } from "../../engine/display/bikram-sambat";

/**
 * antd's picker over Bikram Sambat: the values stay dayjs instants (stored and sent as ISO, like
 * every date), but the picker's years, months and days are read and set in Bikram Sambat, so its
 * grid, headers, month and year panels and cell titles are the BS calendar. antd's own keyboard
 * handling, ranges and accessibility come with it.
 */

/** What antd's `generatePicker` takes: its date library's operations (rc-picker's GenerateConfig). */
type GenerateConfig = Parameters<typeof DatePicker.generatePicker<Dayjs>>[0];

type Language = "en-US" | "np-NP";
/** antd's locale names (`en_US`, `ne_NP`) as the admin's languages. */
const languageOf = (antdLocale: string): Language => (antdLocale.startsWith("ne") ? "np-NP" : "en-US");

const WEEKDAYS: Record<Language, string[]> = {
  "en-US": ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"],
  "np-NP": ["आइत", "सोम", "मंगल", "बुध", "बिही", "शुक्र", "शनि"],
};

interface BsDay {
  year: number;
  /** 0 (Baisakh) to 11 (Chaitra), as the picker counts months. */
  month: number;
  day: number;
}

/** The BS day of a value; the converter's years are 2000–2090 BS, outside them an approximation keeps the grid whole. */
function bsOf(value: Dayjs): BsDay {
  const bs = toBikramSambat(value.toDate());
  if (bs) return { year: bs.year, month: bs.month - 1, day: bs.day };
  return { year: value.year() + 57, month: value.month(), day: value.date() };
}

/** The value on a BS day, keeping its time of day; null when the converter knows no such day. */
function onBsDay(value: Dayjs, { year, month, day }: BsDay): Dayjs | null {
  const date = fromBikramSambat({ year, month: month + 1, day });
  if (!date) return null;
  return dayjs(date).hour(value.hour()).minute(value.minute()).second(value.second()).millisecond(value.millisecond());
}

/** Days in a BS month (29 to 32: the months have no fixed length). */
function monthLength(year: number, month: number): number {
  for (let day = 32; day > 28; day -= 1) if (fromBikramSambat({ year, month: month + 1, day })) return day;
  return 30;
}

/** A BS year and month after carrying months past Chaitra or before Baisakh into the year. */
function normalMonth(year: number, month: number) {
  return { year: year + Math.floor(month / 12), month: ((month % 12) + 12) % 12 };
}

/** The same day in another BS month, the last day of it when the month is shorter. */
function inMonth(value: Dayjs, year: number, month: number): Dayjs {
  const target = normalMonth(year, month);
  const day = Math.min(bsOf(value).day, monthLength(target.year, target.month));
  return onBsDay(value, { ...target, day }) ?? value;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A dayjs-style format with the date tokens in BS; time and weekday tokens as dayjs writes them. */
function formatBs(antdLocale: string, value: Dayjs, format: string): string {
  const language = languageOf(antdLocale);
  const bs = bsOf(value);
  const text = format.replace(
    /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|[Hhms]{1,2}|SSS|A|a|d{1,4}/g,
    (token, literal) => {
      if (literal !== undefined) return literal;
      switch (token) {
        case "YYYY":
          return String(bs.year);
        case "YY":
          return pad(bs.year % 100, 2);
        case "MMMM":
        case "MMM":
          return BIKRAM_SAMBAT_MONTHS[language][bs.month] ?? "";
        case "MM":
          return pad(bs.month + 1, 2);
        case "M":
          return String(bs.month + 1);
        case "DD":
          return pad(bs.day, 2);
        case "D":
          return String(bs.day);
        default:
          return value.locale(language === "np-NP" ? "ne" : "en").format(token);
      }
    },
  );
  return localDigits(text, language);
}

const DEVANAGARI_ZERO = "०".charCodeAt(0);
const asciiDigits = (text: string) => text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - DEVANAGARI_ZERO));

/** A typed BS day, `YYYY-MM-DD` (either script's digits, any separator); null for anything else. */
function parseBs(text: string): Dayjs | null {
  const match = /^\s*(\d{4})\D(\d{1,2})\D(\d{1,2})\s*$/.exec(asciiDigits(text));
  if (!match) return null;
  const date = fromBikramSambat({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
  return date ? dayjs(date) : null;
}

export const bikramSambatConfig: GenerateConfig = {
  getNow: () => dayjs(),
  getFixedDate: (fixed) => dayjs(fixed),
  getEndDate: (value) => {
    const bs = bsOf(value);
    return onBsDay(value, { ...bs, day: monthLength(bs.year, bs.month) }) ?? value.endOf("month");
  },
  getWeekDay: (value) => value.day(),
  getYear: (value) => bsOf(value).year,
  getMonth: (value) => bsOf(value).month,
  getDate: (value) => bsOf(value).day,
  getHour: (value) => value.hour(),
  getMinute: (value) => value.minute(),
  getSecond: (value) => value.second(),
  getMillisecond: (value) => value.millisecond(),
  addYear: (value, diff) => inMonth(value, bsOf(value).year + diff, bsOf(value).month),
  addMonth: (value, diff) => inMonth(value, bsOf(value).year, bsOf(value).month + diff),
  addDate: (value, diff) => value.add(diff, "day"),
  setYear: (value, year) => inMonth(value, year, bsOf(value).month),
  setMonth: (value, month) => inMonth(value, bsOf(value).year, month),
  // from the month's first day, so that a day past the month's end carries on into the next
  setDate: (value, date) => {
    const first = onBsDay(value, { ...bsOf(value), day: 1 });
    return first ? first.add(date - 1, "day") : value;
  },
  setHour: (value, hour) => value.hour(hour),
  setMinute: (value, minute) => value.minute(minute),
  setSecond: (value, second) => value.second(second),
  setMillisecond: (value, millisecond) => value.millisecond(millisecond),
  isAfter: (a, b) => a.isAfter(b),
  isValidate: (value) => value.isValid(),
  locale: {
    // the Nepali week starts on Sunday
    getWeekFirstDay: () => 0,
    getWeekFirstDate: (_locale, value) => value.subtract(value.day(), "day"),
    getWeek: (_locale, value) => Math.floor((bsOf(value).day - 1) / 7) + 1,
    getShortWeekDays: (locale) => WEEKDAYS[languageOf(locale)],
    getShortMonths: (locale) => [...BIKRAM_SAMBAT_MONTHS[languageOf(locale)]],
    format: formatBs,
    parse: (_locale, text) => parseBs(text),
  },
};
