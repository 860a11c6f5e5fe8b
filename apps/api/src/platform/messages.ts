import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { localDigits } from "@csc/shared";

/** The API answers in the caller's language (Accept-Language), from locales/{lng}/api.json. */
export const LANGUAGES = ["en-US", "np-NP"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en-US";

type Catalogue = { [key: string]: string | Catalogue };
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

// enums: mails name a value by its label (an application's stage); pipeline: the applicant table's
// column labels, which its export writes as the screen shows them
const SERVER_NAMESPACES = ["api", "validation", "fields", "enums", "pipeline"];

function readCatalogue(localesDir: string, lng: Language): Catalogue {
  const catalogue: Catalogue = {};
  for (const ns of SERVER_NAMESPACES) {
    const file = join(localesDir, lng, `${ns}.json`);
    if (existsSync(file)) catalogue[ns] = JSON.parse(readFileSync(file, "utf8")) as Catalogue;
  }
  return catalogue;
}

export function loadMessages(localesDir: string) {
  const catalogues = Object.fromEntries(LANGUAGES.map((lng) => [lng, readCatalogue(localesDir, lng)])) as Record<
    Language,
    Catalogue
  >;
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
