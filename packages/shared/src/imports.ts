import { fromBikramSambat } from "./bikram-sambat.js";
import { toLatinDigits } from "./digits.js";

/**
 * Loading learners from a registrar's spreadsheet (DESIGN §5b "Onboarding"): the resources that
 * take a file, its columns in the template's order, and how a cell's text reads — the API checks
 * every row with these, and the admin names the same columns.
 */

/** The learner resources that take an import: a college's students, a company's employees. */
export const IMPORT_RESOURCES = ["students", "employees"] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];
export const isImportResource = (name: string): name is ImportResource =>
  (IMPORT_RESOURCES as readonly string[]).includes(name);

/**
 * The template's columns, named as the learner's fields are: their headers are the fields' labels
 * in the user's language. Relations and places are written by name (English or Nepali), the
 * skills separated by commas or semicolons.
 */
export const IMPORT_COLUMNS = [
  "full_name",
  "email",
  "phone",
  "program_department_id",
  "year",
  "date_of_birth",
  "province_id",
  "district_id",
  "municipality_id",
  "skills",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Without these a file is refused as a whole: no row could be read. */
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = ["full_name", "email"];

export const IMPORT_MODES = ["check", "commit"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A registrar's whole intake fits; a file past these is refused before a row is read. */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** A header or a name as it is compared: the same letters whatever the spacing and case. */
export const importKey = (text: string): string => text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/** Suffixes that name a date's calendar: Bikram Sambat or Gregorian. */
const BIKRAM_SAMBAT_MARK = /\s*(b\.?\s*s\.?|वि\.?\s*सं\.?|बि\.?\s*सं\.?)$/i;
const GREGORIAN_MARK = /\s*(a\.?\s*d\.?|ई\.?\s*सं\.?)$/i;
const DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * A date as a spreadsheet cell holds it, as `YYYY-MM-DD` (Gregorian), or null when it names no
 * day: year, month and day in that order (`-`, `/` or `.` between), Latin or Devanagari digits, in
 * the Gregorian calendar or Bikram Sambat. A suffix names the calendar (`BS`, `वि.सं.`; `AD`,
 * `ई.सं.`); without one, a year after this one is Bikram Sambat (which runs 56–57 years ahead).
 */
export function parseImportDate(text: string, today: Date = new Date()): string | null {
  let value = toLatinDigits(text.normalize("NFKC").trim());
  let calendar: "bs" | "ad" | null = null;
  if (BIKRAM_SAMBAT_MARK.test(value)) {
    calendar = "bs";
    value = value.replace(BIKRAM_SAMBAT_MARK, "");
  } else if (GREGORIAN_MARK.test(value)) {
    calendar = "ad";
    value = value.replace(GREGORIAN_MARK, "");
  }
  const match = DAY.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if ((calendar ?? (year > today.getFullYear() ? "bs" : "ad")) === "bs") {
    const date = fromBikramSambat({ year, month, day });
    return date ? isoDay(date) : null;
  }
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return isoDay(date);
}

/** A whole number written with Latin or Devanagari digits, or null. */
export function parseImportInteger(text: string): number | null {
  const value = toLatinDigits(text.trim());
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** Skills as a cell lists them: separated by commas or semicolons. */
export const parseImportList = (text: string): string[] => [
  ...new Set(
    text
      .split(/[,;]/)
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];
