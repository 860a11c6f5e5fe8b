import { defineAbilityFor, PROVIDER_ROLES, ROLES } from "@csc/shared";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser, type SessionUser } from "../src/domain/accounts.js";
import { admits, type DeclaredRoute, declaredAccess } from "../src/platform/plugins/session.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Deny by default: every API route declares who may reach it, the app refuses to start
 * with one that does not, and no route answers a role its declaration does not name. A route that
 * is "reached" is one that got past access control: any answer but 401, 403 and 404.
 */

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  // the course site's callback exists only with its secret
  t = await createTestApp({ COURSE_SITE_SECRET: "course-site-secret-that-is-long-enough-0123456789" });
  for (const account of DEMO_ACCOUNTS) tokens.set(account.email, await tokenFor(t.app, account.email, account.site));
});
afterAll(async () => {
  await t.close();
});

/** A concrete path for a route: ids of rows that exist, so that a refusal cannot hide behind a 404. */
const concrete = (url: string) =>
  url
    .replace(":id", "1")
    .replace(":field", "institution_id")
    .replace(":sub", "kmc")
    .replace(":lng", "en-US")
    .replace(":ns", "common")
    .replace(":file", "common.json")
    .replace(":name", "aaaaaaaaaaaaaaaaaaaaaa.png")
    .replace(":slug", "help-and-assistant");

const reached = (status: number) => status !== 401 && status !== 403 && status !== 404;

describe("deny by default", () => {
  it("refuses to start with an API route that declares no access", async () => {
    const app = Fastify({ logger: false });
    await app.register(declaredAccess);
    expect(() => app.get("/api/forgotten", async () => ({ secret: true }))).toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    await app.close();
  });

  it("declares access for every route the API documents", async () => {
    const docs = (await t.app.inject({ url: "/api/docs" })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const declared = new Set(t.app.declaredRoutes.map((route) => `${route.method} ${route.url}`));
    const documented = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    expect(documented.length).toBeGreaterThan(100);
    for (const route of documented) expect(declared, route).toContain(route);
  });

  it("opens to everybody, to anybody signed in or to named roles only the routes reviewed for it", () => {
    // Routes whose access is not a resource ability. A new one fails here until it is reviewed and
    // written down: this is where the outbox would have shown up as open to every provider role.
    const reviewed: Record<string, string> = {
      "GET /api/docs": "public",
      // whether the process and its database answer, for the load balancer (scripts/cluster.mjs)
      "GET /api/health": "public",
      "GET /api/public/config": "public",
      "GET /api/locations/provinces": "public",
      "GET /api/locations/districts": "public",
      "GET /api/locations/municipalities": "public",
      "GET /api/public/institutions/by-subdomain/:sub": "public",
      "GET /api/public/job-providers/check-job-provider/:id": "public",
      // the public apply pages (public links): only the published, open postings
      // the site may show, no internal column; guests apply with no account, throttled per address
      // and behind the captcha when one is configured (public-apply.test.ts)
      "GET /api/public/learning-events": "public",
      "GET /api/public/learning-events/:id": "public",
      "POST /api/public/learning-events/:id/apply": "public",
      "GET /api/public/job-opportunities": "public",
      "GET /api/public/job-opportunities/:id": "public",
      "POST /api/public/job-opportunities/:id/apply": "public",
      // certificate verification: the holder's name, the item, the date and its issuer, nothing else
      "GET /api/public/certificates/:code": "public",
      // a guest applicant's private status page: the token is the key
      "GET /api/public/applications/:token": "public",
      // the printable certificate of the same code: the same facts, throttled per address
      "GET /api/public/certificates/:code.pdf": "public",
      // the course site's completion callback (course-site-callback.test.ts): admitted by its
      // HMAC signature over timestamp and body, not by an account
      "POST /api/course-site/completions": "public",
      "POST /api/auth/login": "public",
      "POST /api/auth/register": "public",
      "POST /api/auth/verify-email": "public",
      "POST /api/forgot-password": "public",
      "POST /api/invitations/accept": "public",
      // single sign-on (oidc.test.ts): start and callback only send the browser on, the exchange takes a
      // one-time code (throttled per address); test mode starts only for staff who may change the
      // institution's single sign-on, and its result is read only by who ran it
      "GET /api/auth/oidc/start": "public",
      "GET /api/auth/oidc/callback": "public",
      "POST /api/auth/oidc/exchange": "public",
      "GET /api/auth/oidc/test/:id": "signed-in",
      "POST /api/reset-password": "public",
      "GET /api/locales/:lng/:file": "public",
      "GET /api/locales/bundle/:lngs/:file": "public",
      "POST /api/locales/add/:lng/:ns": "public",
      "GET /api/uploads/:name": "public",
      "GET /api/logout": "signed-in",
      "GET /api/profile": "signed-in",
      // one's own profile, its choices, password and photo (profile.test.ts): only the caller's row
      "PATCH /api/profile": "signed-in",
      "GET /api/profile/options": "signed-in",
      "POST /api/profile/password": "signed-in",
      "POST /api/uploads/photo": "signed-in",
      "GET /api/meta": "signed-in",
      // the dashboard (dashboard.test.ts): the caller's own scope only — their rows, their
      // institution's, their company's postings', the platform for provider staff — and a download
      // of it recorded under the caller; an institution out of that scope is a 404
      "GET /api/dashboard": "signed-in",
      "POST /api/dashboard/downloads": "signed-in",
      "GET /api/college/:id": "signed-in",
      "GET /api/institution/:id": "signed-in",
      "GET /api/recruiter-profile": `roles ${[ROLES.RECRUITER_ADMIN, ROLES.RECRUITER_EDITOR, ROLES.RECRUITER_VIEWER]}`,
      // help articles (help.test.ts): only those for the caller's kind about screens their own menu opens
      "GET /api/help/articles": "signed-in",
      "GET /api/help/articles/:slug": "signed-in",
      // the assistant answers from those articles alone; what it could not answer is kept without
      // who asked, for provider staff (help.test.ts)
      "POST /api/help/ask": "signed-in",
      "GET /api/help/questions": `roles ${PROVIDER_ROLES}`,
      "GET /api/mail-outbox": `roles ${[ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN]}`,
      // the mail queue's counts (mail-queue.test.ts); its rows are the `mail-queue` resource
      "GET /api/mail-queue/counts": `roles ${[ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN]}`,
      // a learner's CV (learner-cv.test.ts): their own (uploaded by learners only), and another's
      // only for the staff who reach that learner's account or one of their applications; 404 else
      "GET /api/profile/cv": "signed-in",
      "GET /api/profile/cv/file": "signed-in",
      "POST /api/profile/cv": "signed-in",
      "DELETE /api/profile/cv": "signed-in",
      "GET /api/learners/:id/cv": "signed-in",
      // the notification centre (notifications.test.ts): the caller's own rows and choices only; the
      // unsubscribe link of a mail works without signing in, by its signature alone
      "GET /api/notifications": "signed-in",
      "GET /api/notifications/unread-count": "signed-in",
      "POST /api/notifications/read": "signed-in",
      "GET /api/profile/notification-preferences": "signed-in",
      "PATCH /api/profile/notification-preferences": "signed-in",
      "GET /api/notifications/unsubscribe": "public",
      "POST /api/notifications/unsubscribe": "public",
      // saved searches (saved-searches.test.ts): the caller's own, and the shared ones of their
      // institution's staff to read; only the owner changes or deletes one (404 for anyone else)
      "GET /api/saved-searches": "signed-in",
      "POST /api/saved-searches": "signed-in",
      "PATCH /api/saved-searches/:id": "signed-in",
      "DELETE /api/saved-searches/:id": "signed-in",
      // live updates (live.test.ts): each stream is told only of rows its reader may read
      "GET /api/live": "signed-in",
    };
    const actual = Object.fromEntries(
      t.app.declaredRoutes
        .filter((route) => route.method !== "HEAD")
        .filter((route) => typeof route.access === "string" || "roles" in route.access)
        // a resource without exports answers 404 to everyone signed in
        .filter((route) => !route.url.endsWith("/export"))
        .map((route) => [
          `${route.method} ${route.url}`,
          typeof route.access === "string"
            ? route.access
            : `roles ${"roles" in route.access ? route.access.roles : ""}`,
        ]),
    );
    expect(actual).toEqual(reviewed);
  });

  const accounts = [{ email: "anonymous", site: "provider" }, ...DEMO_ACCOUNTS];
  it.each(accounts)(
    "reaches no route its declaration does not name for $email",
    async (account) => {
      const token = tokens.get(account.email);
      const user = token
        ? await findSessionUser(
            t.app.db,
            (await t.app.inject({ url: "/api/profile", headers: bearer(token) })).json<{ data: { id: number } }>().data
              .id,
          )
        : null;
      const routes = t.app.declaredRoutes.filter(
        // signing out would end the session the rest of the file uses
        (route: DeclaredRoute) => route.url !== "/api/logout" && route.method !== "HEAD",
      );
      const unnamed: string[] = [];
      for (const route of routes) {
        const named = admits(route.access, user, () => defineAbilityFor(user as SessionUser));
        const res = await t.app.inject({
          method: route.method as "GET",
          url: concrete(route.url),
          headers: { host: hostOf(account.site), ...(token ? bearer(token) : {}) },
          // an empty body: access is decided before the body is read
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        if (!named && reached(res.statusCode)) unnamed.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
      expect(unnamed).toEqual([]);
    },
    60_000,
  );
});
