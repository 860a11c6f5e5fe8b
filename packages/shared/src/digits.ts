/**
 * Digits as each language writes them: in np-NP every digit shown to a person is Devanagari
 * (०-९), whatever the calendar; en-US keeps Western digits. Both sides use it — the admin's
 * formatters and interpolated messages, and the API's messages — so a number reads the same in a
 * message the browser makes and in one the server sends.
 */
const DEVANAGARI_ZERO = 0x0966;

/** Western digits written as Devanagari digits; everything else unchanged. */
export function toDevanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(DEVANAGARI_ZERO + Number(digit)));
}

/** The text with its digits in the language's own (np-NP: Devanagari). */
export function localDigits(text: string, language: string): string {
  return language === "np-NP" ? toDevanagariDigits(text) : text;
}

/**
 * The short date ("Nov 26, 2026") as a dayjs format, and the dayjs locale of each language:
 * the admin writes dates with them and the API's exports too, so a file reads as the screen does.
 */
export const SHORT_DATE_FORMAT = "MMM D, YYYY";
const DAYJS_LOCALES: Readonly<Record<string, string>> = { "en-US": "en", "np-NP": "ne" };
export const dayjsLocale = (language: string): string => DAYJS_LOCALES[language] ?? "en";

/** Devanagari digits written as Western digits, as a person may type either; everything else unchanged. */
export function toLatinDigits(text: string): string {
  return text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - DEVANAGARI_ZERO));
}
