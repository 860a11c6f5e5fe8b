/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Value } from "typebox/value";
import {
  ResourceTextFile,
  TEXT_LANGUAGES,
  type TextCatalogue,
  type TextLanguage,
  withResourceTexts,
} from "./resource-text.js";

/*
 * Reading `locales/` from disk, for Node only (the API and the tests): the admin gets the same
 * namespaces from the API (`GET /api/locales/{lng}/{ns}.json`). Not exported by the package's
 * index, so no screen bundles `node:fs`.
 */

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

/** `locales/resources/<name>.json`, each resource's own words in both languages; a malformed one throws. */
export function readResourceTexts(localesDir: string): Record<string, ResourceTextFile> {
  const dir = join(localesDir, "resources");
  if (!existsSync(dir)) return {};
  const texts: Record<string, ResourceTextFile> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const text = readJson(join(dir, file));
    if (!Value.Check(ResourceTextFile, text)) {
      const [first] = Value.Errors(ResourceTextFile, text);
      throw new Error(`locales/resources/${file}: ${first?.instancePath || "/"} ${first?.message ?? "is malformed"}`);
    }
    texts[file.slice(0, -".json".length)] = text;
  }
  return texts;
}

/**
 * Every namespace of every language as the screens and the API read it: the files of
 * `locales/<lng>/` (the namespaces are en-US's files) with each resource's own words put in place.
 */
export function readLocales(localesDir: string): Record<TextLanguage, Record<string, TextCatalogue>> {
  const texts = readResourceTexts(localesDir);
  const namespaces = readdirSync(join(localesDir, "en-US"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length));
  const read = (language: TextLanguage) => {
    const files: Record<string, TextCatalogue> = {};
    for (const ns of namespaces) {
      const file = join(localesDir, language, `${ns}.json`);
      files[ns] = existsSync(file) ? (readJson(file) as TextCatalogue) : {};
    }
    return withResourceTexts(files, texts, language);
  };
  return Object.fromEntries(TEXT_LANGUAGES.map((language) => [language, read(language)])) as Record<
    TextLanguage,
    Record<string, TextCatalogue>
  >;
}
