import type { I18nProvider } from "@refinedev/core";
import enUS from "antd/es/locale/en_US";
import dayjs from "dayjs";
import "dayjs/locale/en";
import "dayjs/locale/ne";
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import MultiloadAdapter from "i18next-multiload-backend-adapter";
import { initReactI18next, useTranslation } from "react-i18next";
import { nepaliAntdLocale } from "./antd-nepali";
import { INTERPOLATION, languageDigits } from "./message-digits";

/** En-US (shown as En) and np-NP (shown in Nepali script). */
export const LANGUAGES = [
  { code: "en-US", name: "En" },
  { code: "np-NP", name: "नेपाली" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LANGUAGE: LanguageCode = "en-US";
/** The choice is kept in local storage under this key. */
const LANGUAGE_STORAGE_KEY = "i18nextLng";
/** `fields` and `enums` label the server-driven resources (field labels, enum options). */
const NAMESPACES = [
  "common",
  "validation",
  "fields",
  "enums",
  "pipeline",
  "learner",
  "account",
  "staffLearning",
  "dashboard",
  "help",
  "notifications",
] as const;

/**
 * Browsers say `ne`, `ne-NP`, `en-GB` or plain `en`; our files are en-US and np-NP. Nepali in any
 * spelling is np-NP, anything else falls back to English (the fallback is en).
 */
export function toSupportedLanguage(detected: string | undefined | null): LanguageCode {
  const lower = (detected ?? "").toLowerCase();
  if (lower.startsWith("ne") || lower.startsWith("np")) return "np-NP";
  return DEFAULT_LANGUAGE;
}

const ANTD_LOCALES = { "en-US": enUS, "np-NP": nepaliAntdLocale } as const;
const DAYJS_LOCALES = { "en-US": "en", "np-NP": "ne" } as const;
/** BCP 47 for the document: np-NP is our file name, ne-NP is what screen readers know. */
const HTML_LANG = { "en-US": "en-US", "np-NP": "ne-NP" } as const;

export const currentLanguage = (): LanguageCode => toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
export const antdLocaleFor = (language: LanguageCode) => ANTD_LOCALES[language];

/** The current language, re-rendering when it changes. */
export function useLanguage(): LanguageCode {
  const { i18n: instance } = useTranslation();
  return toSupportedLanguage(instance.resolvedLanguage ?? instance.language);
}

function applyLanguage(language: string) {
  const code = toSupportedLanguage(language);
  dayjs.locale(DAYJS_LOCALES[code]);
  document.documentElement.lang = HTML_LANG[code];
}

let started: Promise<unknown> | null = null;

/**
 * Missing keys go to the API only where it records them (`localesSaveMissing` of the public
 * config) or on Vite's dev server, whose API `npm run dev` starts with recording on.
 */
export function reportMissingKeys(apiRecords: boolean) {
  i18n.options.saveMissing = import.meta.env.DEV || apiRecords;
}

/** Starts i18next once: files from the API, missing keys posted back in development (reportMissingKeys). */
export function startI18n() {
  if (started) return started;
  i18n.on("languageChanged", applyLanguage);
  started = i18n
    .use(MultiloadAdapter)
    .use(LanguageDetector)
    .use(initReactI18next)
    .use(languageDigits)
    .init({
      supportedLngs: LANGUAGES.map((language) => language.code),
      fallbackLng: { en: [DEFAULT_LANGUAGE], default: [DEFAULT_LANGUAGE] },
      load: "currentOnly",
      ns: [...NAMESPACES],
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: INTERPOLATION,
      returnNull: false,
      saveMissing: import.meta.env.DEV,
      // every namespace the language needs in one request (the language, and English beside
      // Nepali), not one apiece: on a phone's network each request waits its turn for a connection.
      // i18next starts at most `maxParallelReads` reads (one per language and namespace) at once,
      // ten unless told: with eleven namespaces the last came in a second request, asked for only
      // once the first had answered, and every page's first render waited for it
      maxParallelReads: LANGUAGES.length * NAMESPACES.length,
      backend: {
        backend: HttpBackend,
        debounceInterval: 0,
        backendOption: {
          loadPath: "/api/locales/bundle/{{lng}}/{{ns}}.json",
          addPath: "/api/locales/add/{{lng}}/{{ns}}",
        },
      },
      detection: {
        order: ["localStorage", "navigator"],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ["localStorage"],
        convertDetectedLanguage: toSupportedLanguage,
      },
      react: { useSuspense: true },
    });
  return started;
}

/** refine's i18n provider over the same i18next instance, built once. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const value = i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === "object" ? options : {}) });
    return typeof value === "string" ? value : key;
  },
  changeLocale: (language) => i18n.changeLanguage(toSupportedLanguage(language)),
  getLocale: () => currentLanguage(),
};
