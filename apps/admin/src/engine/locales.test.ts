import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const LOCALES = fileURLToPath(new URL("../../../../locales", import.meta.url));
const load = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8")) as Record<string, unknown>;

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
