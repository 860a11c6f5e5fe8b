import { localDigits, TEXT_LANGUAGES, type TextCatalogue, type TextLanguage } from "@csc/shared";
import { readLocales } from "@csc/shared/locale-files";

/** The API answers in the caller's language (Accept-Language), from locales/{lng}/api.json. */
export const LANGUAGES = TEXT_LANGUAGES;
export type Language = TextLanguage;
export const DEFAULT_LANGUAGE: Language = "en-US";

type Catalogue = TextCatalogue;
/** `key` is a path in api.json, or `ns:path` in another namespace (the shared validation messages). */
export type Translate = (key: string, vars?: Record<string, string | number>, fallback?: string) => string;

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function loadMessages(localesDir: string) {
  const catalogues = readLocales(localesDir);
  return (lng: Language): Translate =>
    (key, vars = {}, fallback) => {
      const path = key.includes(":") ? key.replace(":", ".") : `api.${key}`;
      const text = lookup(catalogues[lng], path) ?? lookup(catalogues[DEFAULT_LANGUAGE], path) ?? fallback ?? key;
      // a number in the language's digits, as the admin writes it; a text as it was written
      return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
        const value = vars[name];
        return typeof value === "number" ? localDigits(String(value), lng) : String(value ?? "");
      });
    };
}
