import { type Site, SUBDOMAIN_PATTERN, siteFromHost } from "@csc/shared";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Dialect } from "../db/connect.js";
import type { Database } from "../db/schema.js";
import { type Language, languageFrom, loadMessages, type Translate } from "../messages.js";

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
    t: Translate;
  }
}

interface ContextOptions {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
}

/** Config, database, site and language: what every other plugin and route reads. */
export default fp<ContextOptions>(
  async (app, { config, db, dialect }) => {
    const messages = loadMessages(config.localesDir);
    app.decorate("config", config);
    app.decorate("db", db);
    app.decorate("dialect", dialect);
    app.decorateRequest("site", null as never);
    app.decorateRequest("language", "en-US");
    app.decorateRequest("t", null as never);
    // hooks on every request are written with `done` rather than async: no promise per request
    app.addHook("onRequest", (request, _reply, done) => {
      request.site = siteFromHost(request.host, config.rootDomain, config.adminSubdomain);
      // hosts without wildcard DNS reach a site as /no-domain/<sub>/…; the admin then names it
      const named = request.headers["x-site-subdomain"];
      if (request.site.kind === "provider" && typeof named === "string" && SUBDOMAIN_PATTERN.test(named)) {
        request.site = siteFromHost(`${named}.${config.rootDomain}`, config.rootDomain, config.adminSubdomain);
      }
      request.language = languageFrom(request.headers["accept-language"]);
      request.t = messages(request.language);
      done();
    });
    app.addHook("onClose", async () => {
      await db.destroy();
    });
  },
  { name: "context" },
);
