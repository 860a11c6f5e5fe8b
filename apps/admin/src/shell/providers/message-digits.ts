import { localDigits } from "@csc/shared";
import type { FormatterModule, InterpolationOptions } from "i18next";

/**
 * Every value put into a message goes through the formatter (`alwaysFormat`); React escapes what
 * it renders, so i18next need not.
 */
export const INTERPOLATION: InterpolationOptions = { escapeValue: false, alwaysFormat: true };

/**
 * A number put into a message is written in the language's digits, so "{{count}} answered" reads
 * ३ in np-NP while the plural is still chosen by the number; any other value (a name, an e-mail
 * address someone typed) is left as written. The messages name no formats (`{{value, format}}`).
 */
export const languageDigits: FormatterModule = {
  type: "formatter",
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, lng) => (typeof value === "number" ? localDigits(String(value), lng ?? "en-US") : value),
};
