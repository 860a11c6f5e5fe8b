import { fileURLToPath } from "node:url";
import type { TextLanguage } from "@csc/shared";
import { readLocales } from "@csc/shared/locale-files";
import { describe, expect, it } from "vitest";

// each namespace as the API serves it: the language's file with the resources' own words in place
const LOCALES = readLocales(fileURLToPath(new URL("../../../../locales", import.meta.url)));
const load = (language: TextLanguage, namespace: string) =>
  (LOCALES[language][namespace] ?? {}) as Record<string, unknown>;

function flatten(tree: Record<string, unknown>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === "object") {
      for (const [inner, text] of flatten(value as Record<string, unknown>, `${prefix}${key}.`)) out.set(inner, text);
    } else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}

describe("the admin's translations (every string in en-US and np-NP)", () => {
  for (const namespace of [
    "common",
    "fields",
    "pipeline",
    "learner",
    "account",
    "staffLearning",
    "dashboard",
    "help",
    "notifications",
  ]) {
    it(`has the same ${namespace} keys in both languages, the Nepali ones in Devanagari`, () => {
      const english = flatten(load("en-US", namespace));
      const nepali = flatten(load("np-NP", namespace));
      expect([...nepali.keys()].sort()).toEqual([...english.keys()].sort());
      const untranslated = [...nepali.entries()]
        .filter(([key]) => key.startsWith("resources.") || namespace !== "common")
        .filter(([, text]) => /[A-Za-z]{3,}/.test(text.replace(/\{\{\w+\}\}|PNG|JPEG|GIF|WebP|MB/g, "")))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  }
});
