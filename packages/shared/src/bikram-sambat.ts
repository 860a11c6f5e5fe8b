import * as converter from "nepali-date-converter";

interface ConverterDay {
  year: number;
  month: number;
  date: number;
}

/** What this file uses of the converter's class. */
type NepaliDateClass = new (
  ...args: [Date] | [number, number, number]
) => { getBS(): ConverterDay; getAD(): ConverterDay };

/**
 * The converter ships an ES module (its class is the default export) and CommonJS (the class sits
 * under `default` of the exports, which Node's ES modules put under `default` again): the class is
 * the first function down the `default`s, whichever of them the bundler or Node gives.
 */
function converterClass(): NepaliDateClass {
  let candidate: unknown = converter;
  for (let depth = 0; depth < 3 && typeof candidate !== "function"; depth++) {
    candidate = (candidate as { default?: unknown } | null)?.default;
  }
  if (typeof candidate !== "function") throw new Error("nepali-date-converter: no class found");
  return candidate as NepaliDateClass;
}

const NepaliDate = converterClass();

/** A day of the Bikram Sambat calendar; `month` counts from 1 (Baisakh) to 12 (Chaitra). */
export interface BikramSambatDay {
  year: number;
  month: number;
  day: number;
}

/** The months of Bikram Sambat: English transliteration and Nepali script. */
export const BIKRAM_SAMBAT_MONTHS: Record<"en-US" | "np-NP", readonly string[]> = {
  "en-US": [
    "Baisakh",
    "Jestha",
    "Asar",
    "Shrawan",
    "Bhadra",
    "Asoj",
    "Kartik",
    "Mangsir",
    "Poush",
    "Magh",
    "Falgun",
    "Chaitra",
  ],
  "np-NP": ["बैशाख", "जेठ", "असार", "साउन", "भदौ", "असोज", "कार्तिक", "मंसिर", "पुस", "माघ", "फागुन", "चैत"],
};

/**
 * The Bikram Sambat day of a date's local calendar day; null outside the converter's years (2000 to
 * 2090 BS), where it may answer a wrong day rather than fail, so the answer is checked back.
 */
export function toBikramSambat(date: Date): BikramSambatDay | null {
  try {
    const day = new NepaliDate(new Date(date.getFullYear(), date.getMonth(), date.getDate())).getBS();
    const back = new NepaliDate(day.year, day.month, day.date).getAD();
    if (back.year !== date.getFullYear() || back.month !== date.getMonth() || back.date !== date.getDate()) return null;
    return { year: day.year, month: day.month + 1, day: day.date };
  } catch {
    return null;
  }
}

/** The local Gregorian date of a Bikram Sambat day; null when there is no such day. */
export function fromBikramSambat({ year, month, day }: BikramSambatDay): Date | null {
  try {
    const date = new NepaliDate(year, month - 1, day);
    const back = date.getBS();
    if (back.year !== year || back.month !== month - 1 || back.date !== day) return null;
    const ad = date.getAD();
    return new Date(ad.year, ad.month, ad.date);
  } catch {
    return null;
  }
}

/** A date's local day in Bikram Sambat as day, month name and year ("16 Poush 2080"); null outside the converter's years. */
export function bikramSambatText(date: Date, language: string): string | null {
  const day = toBikramSambat(date);
  if (!day) return null;
  const months = BIKRAM_SAMBAT_MONTHS[language === "np-NP" ? "np-NP" : "en-US"];
  return `${day.day} ${months[day.month - 1]} ${day.year}`;
}
