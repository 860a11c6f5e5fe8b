import { fileURLToPath } from "node:url";
import { EMAIL_CHOICES, NOTIFICATION_KINDS, TEXT_LANGUAGES } from "@csc/shared";
import { readLocales } from "@csc/shared/locale-files";
import { describe, expect, it } from "vitest";

const LOCALES = readLocales(fileURLToPath(new URL("../../../../locales", import.meta.url)));

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe("the notification centre's words", () => {
  it.each(TEXT_LANGUAGES)("name every kind and every e-mail choice the shared package declares, in %s", (language) => {
    const words = (LOCALES[language].notifications ?? {}) as Tree;
    const missing = [
      ...NOTIFICATION_KINDS.flatMap((kind) => [`kinds.${kind}.label`, `kinds.${kind}.description`]),
      ...EMAIL_CHOICES.map((choice) => `emailChoices.${choice}`),
    ].filter((key) => typeof lookup(words, key) !== "string");
    expect(missing).toEqual([]);
  });
});
