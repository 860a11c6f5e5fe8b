/**
 * A question as it is kept for provider staff: no e-mail address, no phone number and
 * no other run of digits (an id, a date, an account number) — in Latin or Devanagari digits — so
 * nothing in it points back at who asked.
 */
const EMAIL = /[^\s@,;:<>()]+@[^\s@,;:<>()]+/g;
const PHONE = /\+?[0-9०-९][0-9०-९\s().-]{5,}[0-9०-९]/g;
const DIGITS = /[0-9०-९]+/g;

export const redactQuestion = (question: string): string =>
  question
    .normalize("NFC")
    .replace(EMAIL, "[email]")
    .replace(PHONE, "[phone]")
    .replace(DIGITS, "#")
    .replace(/\s+/g, " ")
    .trim();
