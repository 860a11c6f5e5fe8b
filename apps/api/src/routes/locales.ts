import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { LocaleBundle, LocaleKeysRecorded, LocaleNamespace } from "@csc/shared";
import { readLocales } from "@csc/shared/locale-files";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { notFound, throttled } from "../platform/errors.js";
import { recordFailure, retryAfterSeconds, type ThrottleRule } from "../platform/throttle.js";
import { nowIso } from "../platform/time.js";
import { errorResponses } from "./schemas.js";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const BROTLI = { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 9 } };

interface Packed {
  br: Buffer;
  gzip: Buffer;
}

/** A text compressed both ways on libuv's threads; null when either fails (the text is then sent as it is). */
function pack(text: string): Promise<Packed | null> {
  return Promise.all([compressBrotli(text, BROTLI), compressGzip(text)]).then(
    ([br, gzip]) => ({ br, gzip }),
    () => null,
  );
}

/** i18next asks for its fallback `en`; it is the en-US file. */
const ALIASES: Record<string, string> = { en: "en-US", np: "np-NP", ne: "np-NP", "ne-NP": "np-NP" };
const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 200;
const MAX_VALUE_LENGTH = 2000;
/** Even in development the table stays small: a full set of missing keys is far below this. */
export const MAX_STORED_MISSING_KEYS = 2000;
/** A bundle names at most this many namespaces (the admin has eleven) and two languages. */
export const MAX_BUNDLE_NAMESPACES = 16;
/**
 * The longest file part of a bundle's address (`common+validation+….json`, names of up to 40
 * characters): the router's bound on a path parameter (app.ts), 100 characters unless told, is
 * raised to it, or a bundle of the admin's eleven namespaces would not be found at all.
 */
export const MAX_BUNDLE_FILE_LENGTH = MAX_BUNDLE_NAMESPACES * 41 + 5;
/** Bundles kept compressed; the admin needs two (a language, and English beside Nepali). */
const MAX_KEPT_BUNDLES = 8;
/** i18next sends one request per namespace and language as it finds keys; a page needs a few. */
export const MISSING_KEYS_RULE: ThrottleRule = { limit: 60, windowMs: 60_000 };

/**
 * Translation files from locales/ (with each resource's own words in place), read once at start-up, and a record of keys the
 * admin found missing. Missing keys only go to a table: no request ever writes a locale file.
 * Recording them is open to anyone signed out, so it is off unless LOCALES_SAVE_MISSING is set
 * (`npm run dev` sets it), and bounded even then.
 */
export default async function localeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // each namespace as JSON text once, with the resources' own words in it (@csc/shared/locale-files)
  const files = new Map<string, string>();
  // and compressed once too, as the admin asks for every namespace before its first page shows: on
  // libuv's threads while the process starts (done on its main thread, it was 0.7 s of a start),
  // each answer waiting for its own; a file that fails to compress is sent as it is
  const compressed = new Map<string, Promise<Packed | null>>();
  for (const [lng, namespaces] of Object.entries(readLocales(app.config.localesDir))) {
    for (const [ns, catalogue] of Object.entries(namespaces)) {
      const text = JSON.stringify(catalogue);
      files.set(`${lng}/${ns}`, text);
      compressed.set(`${lng}/${ns}`, pack(text));
    }
  }
  const known = (lng: string, ns: string) => {
    const language = ALIASES[lng] ?? lng;
    return files.has(`${language}/${ns}`) ? language : null;
  };
  // bundles of several namespaces, compressed once each: the admin asks for one or two
  // combinations (its namespaces in a language, with English as the fallback); any others are
  // answered uncompressed once this many are kept, so no client can make the process keep more
  const bundles = new Map<string, Promise<Packed | null>>();

  async function sendJson(
    request: FastifyRequest,
    reply: FastifyReply,
    text: string,
    packing: Promise<Packed | null> | undefined,
  ) {
    reply
      .header("Content-Type", "application/json; charset=utf-8")
      .header("Cache-Control", "public, max-age=300")
      .header("Vary", "Accept-Encoding");
    const accepts = request.headers["accept-encoding"] ?? "";
    const packed = await packing;
    if (packed && /\bbr\b/.test(accepts)) return reply.header("Content-Encoding", "br").send(packed.br);
    if (packed && /\bgzip\b/.test(accepts)) return reply.header("Content-Encoding", "gzip").send(packed.gzip);
    return reply.send(text);
  }

  const LocaleParams = Type.Object({
    lng: Type.String({ maxLength: 10 }),
    ns: Type.String({ maxLength: 40 }),
  });

  app.get(
    "/locales/:lng/:file",
    {
      config: { access: "public" },
      schema: {
        tags: ["locales"],
        params: Type.Object({ lng: Type.String({ maxLength: 10 }), file: Type.String({ maxLength: 45 }) }),
        // the file is sent as the JSON text it is stored as (or those bytes compressed), never serialised again
        response: { 200: Type.Unsafe<string | Uint8Array>(LocaleNamespace), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ns = request.params.file.replace(/\.json$/, "");
      const language = request.params.file.endsWith(".json") ? known(request.params.lng, ns) : null;
      if (!language) throw notFound(request.t("unknownLocale"));
      return sendJson(request, reply, files.get(`${language}/${ns}`) ?? "{}", compressed.get(`${language}/${ns}`));
    },
  );

  app.get(
    "/locales/bundle/:lngs/:file",
    {
      config: { access: "public" },
      schema: {
        tags: ["locales"],
        params: Type.Object({
          lngs: Type.String({ maxLength: 2 * 11 }),
          file: Type.String({ maxLength: MAX_BUNDLE_FILE_LENGTH }),
        }),
        response: { 200: Type.Unsafe<string | Uint8Array>(LocaleBundle), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { lngs, file } = request.params;
      const languages = [...new Set(lngs.split("+"))];
      const namespaces = [...new Set(file.replace(/\.json$/, "").split("+"))];
      // each language as asked (i18next's `en`) and as stored (en-US)
      const stored = languages.map((lng) => ALIASES[lng] ?? lng);
      if (
        !file.endsWith(".json") ||
        languages.length > 2 ||
        namespaces.length > MAX_BUNDLE_NAMESPACES ||
        !stored.every((language) => namespaces.every((ns) => files.has(`${language}/${ns}`)))
      ) {
        throw notFound(request.t("unknownLocale"));
      }
      // { "<lng as asked>": { "<ns>": <the file's text> } }, put together from the stored texts
      const text = `{${languages
        .map(
          (lng, i) =>
            `${JSON.stringify(lng)}:{${namespaces.map((ns) => `${JSON.stringify(ns)}:${files.get(`${stored[i]}/${ns}`)}`).join(",")}}`,
        )
        .join(",")}}`;
      const key = `${languages.join("+")}/${namespaces.join("+")}`;
      let packing = bundles.get(key);
      if (!packing && bundles.size < MAX_KEPT_BUNDLES) {
        packing = pack(text);
        bundles.set(key, packing);
      }
      return sendJson(request, reply, text, packing);
    },
  );

  app.post(
    "/locales/add/:lng/:ns",
    {
      config: { access: "public" },
      bodyLimit: 64 * 1024,
      // before the body is read or validated: switched off, the route is not there at all
      onRequest: async (request) => {
        if (!app.config.localesSaveMissing) throw notFound(request.t("notFound"));
      },
      schema: {
        tags: ["locales"],
        params: LocaleParams,
        body: Type.Record(Type.String(), Type.String({ maxLength: MAX_VALUE_LENGTH }), {
          maxProperties: MAX_KEYS,
          propertyNames: { minLength: 1, maxLength: MAX_KEY_LENGTH },
        }),
        response: { 200: LocaleKeysRecorded, ...errorResponses },
      },
    },
    async (request) => {
      const throttleKey = `missing-locale-keys:ip:${request.ip}`;
      const seconds = await retryAfterSeconds(app.db, throttleKey, MISSING_KEYS_RULE);
      if (seconds > 0) throw throttled(request.t("localeKeysThrottled", { seconds }), seconds);
      await recordFailure(app.db, throttleKey, MISSING_KEYS_RULE);
      const language = known(request.params.lng, request.params.ns);
      if (!language) throw notFound(request.t("unknownLocale"));
      const stored = await app.db
        .selectFrom("missing_locale_keys")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      const room = Math.max(0, MAX_STORED_MISSING_KEYS - Number(stored.count));
      const rows = Object.entries(request.body)
        .slice(0, room)
        .map(([key, fallback]) => ({
          lng: language,
          ns: request.params.ns,
          key,
          fallback,
          created_at: nowIso(),
        }));
      if (rows.length > 0) {
        await app.db
          .insertInto("missing_locale_keys")
          .values(rows)
          .onConflict((oc) => oc.columns(["lng", "ns", "key"]).doNothing())
          .execute();
      }
      return { message: request.t("localeKeysRecorded"), data: { recorded: rows.length } };
    },
  );
}
