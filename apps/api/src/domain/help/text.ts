/**
 * How the assistant reads text in English and Nepali: words are runs of letters, their
 * combining marks and digits in any script — so Devanagari vowel signs and the virama stay inside
 * their word — lower-cased; words that carry no meaning in a question are dropped, and Nepali
 * postpositions written onto a word (जागिरको, आवेदनहरू) and common English endings come off.
 */

const WORD = /[\p{L}\p{M}\p{N}\u200C\u200D]+/gu;
/** The zero-width joiner and non-joiner only choose how letters are drawn (गर्‍यो, गर्यो): a word is the same without them. */
const JOINERS = /[\u200C\u200D]/g;

export const wordsOf = (text: string): string[] =>
  (text.normalize("NFC").toLowerCase().match(WORD) ?? []).map((word) => word.replace(JOINERS, "")).filter(Boolean);

const ENGLISH_STOP_WORDS = new Set(
  (
    "a an the and or but if of to in on at by for with from into about as is are was were be been being am do does did " +
    "doing done have has had can could should would will shall may might must i me my mine we us our you your he she it " +
    "its they them their this that these those there here what which who whom whose when where why how please tell show " +
    "want need get got some any all so not no yes one also just then than very more most way ways"
  ).split(" "),
);

const NEPALI_STOP_WORDS = new Set(
  (
    "म मैले मलाई मेरो मेरा मेरी हामी हाम्रो तपाईं तपाईंको तपाईंले यो यी त्यो ती के कसरी कहाँ कहिले किन कुन को कसले " +
    "कति र वा पनि नै मा ले लाई को का की बाट सँग लागि छ छन् छु हो हुन् हुन्छ हुन्छन् गर्ने गर्न गर्छ गर्छु गरी गर्नुहोस् " +
    "गर्नु सक्छु सक्छ सकिन्छ दिने दिन दिनु चाहन्छु चाहिन्छ भने भन्ने एउटा एक अब कृपया"
  ).split(" "),
);

/** Postpositions and the plural, longest first, that Nepali writes onto the word before them. */
const NEPALI_SUFFIXES = ["हरूलाई", "हरूको", "हरूका", "हरूमा", "हरूले", "हरू", "लाई", "बाट", "सँग", "को", "का", "की", "मा", "ले"];
const DEVANAGARI = /[\u0900-\u097F]/;

function nepaliStem(word: string): string {
  for (const suffix of NEPALI_SUFFIXES) {
    // keep at least two letters of the word itself
    if (word.endsWith(suffix) && [...word].length - [...suffix].length >= 2) return word.slice(0, -suffix.length);
  }
  return word;
}

function englishStem(word: string): string {
  if (word.length > 5 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** A word as it is indexed and searched, or null for a word that says nothing on its own. */
export function termOf(word: string): string | null {
  if (ENGLISH_STOP_WORDS.has(word) || NEPALI_STOP_WORDS.has(word)) return null;
  const stem = DEVANAGARI.test(word) ? nepaliStem(word) : englishStem(word);
  if (NEPALI_STOP_WORDS.has(stem)) return null;
  return stem.length > 1 ? stem : null;
}

/** The meaningful terms of a text, in order. */
export const termsOf = (text: string): string[] =>
  wordsOf(text)
    .map(termOf)
    .filter((term): term is string => term !== null);
