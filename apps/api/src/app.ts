import { existsSync } from "node:fs";
import { join } from "node:path";
import { firstPublicPostingsUrl, institutionLookupUrl, publicApplyPageOf, type Site } from "@csc/shared";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppConfig } from "./config.js";
import { type Digests, startDigests } from "./domain/notification-passes.js";
import commandRoutes from "./engine/commands.js";
import resourceRoutes from "./engine/routes.js";
import { connect, type DatabaseHandle } from "./platform/db/connect.js";
import { migrateToLatest } from "./platform/db/migrate.js";
import { type LiveHub, startLiveHub } from "./platform/live.js";
import { type MailQueue, startMailQueue } from "./platform/mail-queue.js";
import { createDelivery } from "./platform/mailer.js";
import docs from "./platform/plugins/docs.js";
import errors from "./platform/plugins/errors.js";
import passwords from "./platform/plugins/passwords.js";
import request from "./platform/plugins/request.js";
import session from "./platform/plugins/session.js";
import applicantProfileRoutes from "./routes/applicant-profile.js";
import applicationChangeRoutes from "./routes/application-changes.js";
import applicationHistoryRoutes from "./routes/application-history.js";
import attemptScoreRoutes from "./routes/attempt-scores.js";
import authRoutes from "./routes/auth.js";
import certificateRoutes from "./routes/certificates.js";
import courseSiteRoutes from "./routes/course-site.js";
import dashboardRoutes from "./routes/dashboard.js";
import guestStatusRoutes from "./routes/guest-status.js";
import healthRoutes from "./routes/health.js";
import helpRoutes from "./routes/help.js";
import importRoutes from "./routes/imports.js";
import invitationRoutes from "./routes/invitations.js";
import learnerCvRoutes from "./routes/learner-cv.js";
import liveRoutes from "./routes/live.js";
import localeRoutes, { MAX_BUNDLE_FILE_LENGTH } from "./routes/locales.js";
import notificationRoutes from "./routes/notifications.js";
import oidcRoutes from "./routes/oidc.js";
import outboxRoutes from "./routes/outbox.js";
import profileRoutes from "./routes/profile.js";
import publicRoutes from "./routes/public.js";
import publicPostingRoutes from "./routes/public-postings.js";
import savedSearchRoutes from "./routes/saved-searches.js";
import { ErrorResponse } from "./routes/schemas.js";
import tenantRoutes from "./routes/tenants.js";
import uploadRoutes from "./routes/uploads.js";
import { seedIfEmpty } from "./seed/index.js";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's sender of the queued mail (every mail is queued: platform/mail-queue.ts). */
    mailQueue: MailQueue;
    /** This process's sender of notification digests (domain/notifications.ts). */
    digests: Digests;
    /** This process's live connections, told of each change they may read (platform/live.ts). */
    live: LiveHub;
  }
}

export interface BuildOptions {
  /** An open database (tests share one); by default one is opened from config.databaseUrl. */
  database?: DatabaseHandle;
  /** Migrate and, when empty, seed before serving. */
  prepareDatabase?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what a developer would see). */
  logStream?: NodeJS.WritableStream;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { db, dialect } = options.database ?? connect(config.databaseUrl, { resultCache: config.resultCache });
  if (options.prepareDatabase ?? true) {
    await migrateToLatest(db);
    await seedIfEmpty(db, {
      demo: config.seedDemo,
      demoPassword: config.demoPassword,
      passwordHashCost: config.passwordHashCost,
      uploadsDir: join(config.dataDir, "uploads"),
    });
  }

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // a count of hops trusts that many proxies from the socket inwards, whatever a client adds
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // a translation bundle names its namespaces in one path parameter (routes/locales.ts)
    routerOptions: { maxParamLength: MAX_BUNDLE_FILE_LENGTH },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: "array", allErrors: true } },
  });

  // the request's site, language, headers, maintenance and control characters, before who is asking
  await app.register(request, { config, db, dialect });
  await app.register(errors);
  await app.register(docs);
  app.decorate(
    "mailQueue",
    startMailQueue(db, createDelivery(config.smtpUrl, config.mailFrom, app.log), app.log, {
      from: config.mailFrom,
      staleClaimMs: config.mailClaimStaleSeconds * 1000,
    }),
  );
  app.decorate(
    "digests",
    startDigests(db, config, app.log, () => app.mailQueue.wake()),
  );
  app.decorate("live", startLiveHub(db, dialect, config.databaseUrl, app.log));
  // before the database closes (onClose): a pass under way finishes first
  app.addHook("preClose", async () => {
    // the open streams end first, or the server would wait for them to close
    await app.live.close();
    await app.digests.stop();
    await app.mailQueue.stop();
  });
  await app.register(passwords);
  app.addSchema(ErrorResponse);
  // after the maintenance check (request.ts), so that a closed site answers 503 before asking who you are
  await app.register(session);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicRoutes);
      await api.register(publicPostingRoutes);
      await api.register(certificateRoutes);
      await api.register(guestStatusRoutes);
      await api.register(courseSiteRoutes);
      await api.register(tenantRoutes);
      await api.register(authRoutes);
      await api.register(invitationRoutes);
      await api.register(oidcRoutes);
      await api.register(profileRoutes);
      await api.register(localeRoutes);
      await api.register(outboxRoutes);
      await api.register(resourceRoutes);
      await api.register(commandRoutes);
      await api.register(applicationHistoryRoutes);
      await api.register(applicationChangeRoutes);
      await api.register(attemptScoreRoutes);
      await api.register(dashboardRoutes);
      await api.register(uploadRoutes);
      await api.register(helpRoutes);
      await api.register(applicantProfileRoutes);
      await api.register(learnerCvRoutes);
      await api.register(importRoutes);
      await api.register(notificationRoutes);
      await api.register(savedSearchRoutes);
      await api.register(liveRoutes);
      api.get("/docs", { schema: { hide: true }, config: { access: "public" } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );

  const adminIndex = join(config.adminDistDir, "index.html");
  if (existsSync(adminIndex)) {
    // wildcard: files are looked up per request, so a rebuilt admin is served without a restart
    await app.register(fastifyStatic, {
      root: config.adminDistDir,
      wildcard: true,
      // the page itself, "/" too, is sent by the not-found handler below, with its preload header
      index: false,
      allowedPath: (pathname) => pathname !== "/",
      // the admin build writes .br and .gz beside each asset; sent to clients that accept them
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // hashed bundles never change; the page that names them must always be fresh
        res.setHeader("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // the admin is a single-page app: every path that is not the API is its index.html
    if (
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      existsSync(adminIndex)
    ) {
      const preloads = pagePreloads(request.url, request.site);
      if (preloads.length > 0) reply.header("Link", preloads.join(", "));
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: request.t("notFound") });
  });

  return app;
}

/**
 * The page's `Link` header: what the admin asks for before it can show the page, asked for with
 * the page rather than after the scripts, as index.html asks for the config. On an institution's
 * own host, its look-up (`resolveSite`, before anything renders); on a public apply page, its
 * first page of postings (`startFirstPublicPage`), which otherwise waits for the scripts and then
 * behind them for one of the browser's six connections. A site named by a `/no-domain/` path is
 * left to the scripts. Both answers are public and the same for every visitor of the site.
 */
function pagePreloads(url: string, site: Site): string[] {
  const pathname = url.split("?")[0] ?? url;
  if (pathname.startsWith("/no-domain/")) return [];
  const fetched = (href: string) => `<${href}>; rel=preload; as=fetch; crossorigin=anonymous`;
  const preloads: string[] = [];
  if (site.kind === "institution") preloads.push(fetched(institutionLookupUrl(site.subdomain)));
  const applyPage = publicApplyPageOf(pathname);
  if (applyPage) preloads.push(fetched(firstPublicPostingsUrl(applyPage.resource)));
  return preloads;
}
