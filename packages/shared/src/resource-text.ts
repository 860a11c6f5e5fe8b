import { type Static, Type } from "typebox";

/** The languages every text of the product is written in. */
export const TEXT_LANGUAGES = ["en-US", "np-NP"] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

const Words = Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }));

/**
 * A resource's own words in one language: its menu label, its help topic's label when that is
 * not the menu label, and the labels of the fields no other resource had before it.
 */
export const ResourceText = Type.Object(
  {
    menu: Type.Optional(Type.String({ minLength: 1 })),
    helpTopic: Type.Optional(Type.String({ minLength: 1 })),
    fields: Type.Optional(Words),
  },
  { additionalProperties: false },
);
export type ResourceText = Static<typeof ResourceText>;

/**
 * `locales/resources/<name>.json`: a resource's own words in both languages side by side, so that
 * adding a resource adds one text file and the two languages are written together.
 */
export const ResourceTextFile = Type.Object(
  { "en-US": ResourceText, "np-NP": ResourceText },
  { additionalProperties: false },
);
export type ResourceTextFile = Static<typeof ResourceTextFile>;

export type TextCatalogue = { [key: string]: string | TextCatalogue };

function put(catalogue: TextCatalogue, path: readonly string[], text: string, from: string) {
  let node = catalogue;
  for (const part of path.slice(0, -1)) {
    const next = node[part] ?? {};
    if (typeof next === "string") throw new Error(`${from}: ${path.join(".")} is inside a text`);
    node[part] = next;
    node = next;
  }
  const key = path[path.length - 1] as string;
  if (key in node) throw new Error(`${from}: ${path.join(".")} is written twice`);
  node[key] = text;
}

/**
 * One language's namespaces with every resource's own words put where the screens look them up:
 * `common:menu.<name>`, `enums:helpTopic.<name>` and `fields:<field>`. A word written twice (in a
 * namespace file and a resource's, or by two resources) is an error, never a silent choice.
 * Nothing passed in is changed.
 */
export function withResourceTexts(
  namespaces: Readonly<Record<string, TextCatalogue>>,
  texts: Readonly<Record<string, ResourceTextFile>>,
  language: TextLanguage,
): Record<string, TextCatalogue> {
  const merged = structuredClone(namespaces) as Record<string, TextCatalogue>;
  const namespace = (name: string) => {
    merged[name] ??= {};
    return merged[name];
  };
  for (const [name, file] of Object.entries(texts)) {
    const text = file[language];
    const from = `locales/resources/${name}.json (${language})`;
    if (text.menu) put(namespace("common"), ["menu", name], text.menu, from);
    const topic = text.helpTopic ?? text.menu;
    if (topic) put(namespace("enums"), ["helpTopic", name], topic, from);
    for (const [field, label] of Object.entries(text.fields ?? {})) put(namespace("fields"), [field], label, from);
  }
  return merged;
}
