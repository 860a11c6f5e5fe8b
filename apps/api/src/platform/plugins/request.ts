import { type Site, SUBDOMAIN_PATTERN, siteFromHost } from "@csc/shared";
import cors from "@fastify/cors";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Dialect } from "../db/connect.js";
import type { Database } from "../db/schema.js";
import { badRequest, HttpError } from "../errors.js";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, loadMessages, type Translate } from "../messages.js";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    dialect: Dialect;
  }
  interface FastifyRequest {
    /** The site this request is for, from its Host (X-Forwarded-Host behind a trusted proxy). */
    site: Site;
    language: Language;
    /** Messages in the request's language (looked up on first use). */
    t: Translate;
  }
}

/**
 * What every request gets before anyone asks who sent it, in one plugin, in this order: its site
 * (from the Host) and language (from Accept-Language); the security headers and CORS; in
 * maintenance mode, a 503 for everything but what the maintenance page needs; and, before any
 * schema or handler, a 400 for a control character in any parameter or body string. Then the
 * session plugin (session.ts) decides who is asking and whether the route admits them.
 */

/** np, ne and their regional forms mean Nepali; everything else English. */
export function languageFrom(acceptLanguage: string | undefined): Language {
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("np") || first.startsWith("ne") ? "np-NP" : DEFAULT_LANGUAGE;
}

/** A year, as HSTS preload lists expect. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The headers helmet sets, worked out once: they depend on nothing in the request, and running
 * helmet per request (as @fastify/helmet does, parsing the directives each time) was 9% of a list
 * request's CPU in the profile.
 */
const SECURITY_HEADERS = headersSetBy(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", "https://www.youtube-nocookie.com"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  }),
);

/** The headers a connect-style middleware sets on a response, recorded from one run. */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => {},
  };
  middleware({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * C0 control characters (U+0000–U+001F) and DEL. PostgreSQL's text cannot hold NUL at all (a query
 * fails), and the others have no place in what people type: refused in every string a request
 * brings, but that a body's multi-line text may hold tab, line feed and carriage return.
 */
function hasControl(value: string, linesAllowed: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code < 0x20 && !(linesAllowed && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}
/** A value of the body and where it sits: its key in its parent, up to the body itself. */
interface Place {
  value: unknown;
  key: string | number | null;
  parent: Place | null;
}

/** Where a value sits in the body, as the errors of a failed schema name it (`contacts.0.email`). */
function pathOf(place: Place): string {
  const parts: (string | number)[] = [];
  for (let at: Place | null = place; at !== null && at.key !== null; at = at.parent) parts.unshift(at.key);
  return parts.length === 0 ? "body" : parts.join(".");
}

/**
 * The first string of a parsed body holding a control character (keys included), as its path.
 * A walk with a stack of its own: a body may nest deeper than the call stack would like.
 */
function controlInBody(body: unknown): string | null {
  const stack: Place[] = [{ value: body, key: null, parent: null }];
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const { value } = place;
    if (typeof value === "string") {
      if (hasControl(value, true)) return pathOf(place);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: place });
    } else if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      // a key is a field's name: a bad one is named by where it sits
      if (entries.some(([key]) => hasControl(key, false))) return pathOf(place);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, key, parent: place });
      }
    }
  }
  return null;
}

/** The first parameter (path or query string) holding a control character, by name. */
function controlInParameters(parameters: unknown): string | null {
  if (parameters === null || typeof parameters !== "object") return null;
  for (const [name, value] of Object.entries(parameters)) {
    const values = Array.isArray(value) ? value : [value];
    if (hasControl(name, false) || values.some((v) => typeof v === "string" && hasControl(v, false))) {
      return hasControl(name, false) ? "query" : name;
    }
  }
  return null;
}

/**
 * Paths that keep working in maintenance mode: the admin needs them to show the maintenance page,
 * and a load balancer the health check to keep sending requests to the process that shows it.
 */
const MAINTENANCE_OPEN = ["/api/public/config", "/api/locales/", "/api/health"];

interface RequestOptions {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
}

export default fp<RequestOptions>(
  async (app, { config, db, dialect }) => {
    const messages = loadMessages(config.localesDir);
    const translators = Object.fromEntries(LANGUAGES.map((language) => [language, messages(language)])) as Record<
      Language,
      Translate
    >;
    const { rootDomain, trustProxy } = config;
    app.decorate("config", config);
    app.decorate("db", db);
    app.decorate("dialect", dialect);
    app.decorateRequest("site", null as never);
    app.decorateRequest("language", "en-US");
    app.decorateRequest("t", {
      getter(this: FastifyRequest) {
        return translators[this.language];
      },
    });

    // hooks on every request are written with `done` rather than async: no promise per request
    app.addHook("onRequest", (request, reply, done) => {
      request.site = siteFromHost(request.host, config.rootDomain, config.adminSubdomain);
      // hosts without wildcard DNS reach a site as /no-domain/<sub>/…; the admin then names it
      const named = request.headers["x-site-subdomain"];
      if (request.site.kind === "provider" && typeof named === "string" && SUBDOMAIN_PATTERN.test(named)) {
        request.site = siteFromHost(`${named}.${config.rootDomain}`, config.rootDomain, config.adminSubdomain);
      }
      request.language = languageFrom(request.headers["accept-language"]);
      reply.headers(SECURITY_HEADERS);
      done();
    });

    // API answers are personal unless a route says otherwise, so no cache keeps them (`no-store`);
    // HSTS is sent when a trusted proxy says the request came over HTTPS (behind TRUST_PROXY); the
    // admin's files, one URL in several encodings, vary by Accept-Encoding too (CORS has set Origin)
    app.addHook("onSend", (request, reply, payload, done) => {
      if (request.url.startsWith("/api/")) {
        if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
      } else {
        const vary = String(reply.getHeader("vary") ?? "");
        if (!/accept-encoding/i.test(vary)) reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
      }
      if (trustProxy && request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
      done(null, payload);
    });

    // CORS for other clients on the product's own domains (X-Total-Count exposed)
    await app.register(cors, {
      origin: (origin, done) => {
        if (!origin) return done(null, true);
        try {
          const host = new URL(origin).hostname;
          done(null, host === rootDomain || host.endsWith(`.${rootDomain}`));
        } catch {
          done(null, false);
        }
      },
      exposedHeaders: ["X-Total-Count", "Retry-After", "Content-Disposition"],
      allowedHeaders: ["Authorization", "Content-Type", "Accept-Language", "X-Site-Subdomain"],
      methods: ["GET", "POST", "PATCH", "PUT", "DELETE"],
      maxAge: 600,
    });

    app.addHook("onRequest", (request, _reply, done) => {
      const closed =
        config.maintenanceMode &&
        request.url.startsWith("/api/") &&
        !MAINTENANCE_OPEN.some((path) => request.url.startsWith(path));
      done(closed ? new HttpError(503, request.t("maintenance")) : undefined);
    });

    // Control characters are refused once, here, for every route: in a path parameter, a query
    // parameter or a parsed body, before the route's schema or handler sees them — a 400 naming the
    // field, on SQLite as on PostgreSQL. Which fields are one line long is the codec's to say; this
    // lets a body's tab and line breaks through for multi-line text.
    app.addHook("preValidation", (request, _reply, done) => {
      const field =
        controlInParameters(request.params) ?? controlInParameters(request.query) ?? controlInBody(request.body);
      if (field === null) return done();
      done(badRequest(request.t("invalidInput"), { [field]: request.t("field.controlCharacters") }));
    });

    app.addHook("onClose", async () => {
      await db.destroy();
    });
  },
  { name: "request" },
);
