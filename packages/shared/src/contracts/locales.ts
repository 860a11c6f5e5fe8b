import { type Static, Type } from "typebox";

/**
 * `GET /locales/{lng}/{ns}.json`: one namespace's translations, keys to texts or to nested groups
 * of keys. The file is sent as it is stored (JSON text), never serialised again.
 */
export const LocaleNamespace = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Object({}, { additionalProperties: true, description: "A group of keys" })]),
  { description: "Keys to texts, or to nested groups of keys" },
);
export type LocaleNamespace = Static<typeof LocaleNamespace>;

/**
 * `GET /locales/bundle/{lng}+{lng}/{ns}+{ns}….json`: several namespaces in one or two languages at
 * once, as the admin asks for them when it starts (one request instead of one per namespace):
 * language as asked → namespace → its translations.
 */
export const LocaleBundle = Type.Record(Type.String(), Type.Record(Type.String(), LocaleNamespace), {
  description: "Language as asked, then namespace, then that namespace's translations",
});
export type LocaleBundle = Static<typeof LocaleBundle>;

/** `POST /locales/add/{lng}/{ns}`: how many missing keys were recorded. */
export const LocaleKeysRecorded = Type.Object({
  message: Type.String(),
  data: Type.Object({ recorded: Type.Integer() }),
});
export type LocaleKeysRecorded = Static<typeof LocaleKeysRecorded>;
