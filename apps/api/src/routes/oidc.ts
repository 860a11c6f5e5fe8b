import { randomBytes } from "node:crypto";
import { subject } from "@casl/ability";
import { hostname, LoginAnswer, type Site, SsoCodeExchange, SsoTestResult, SsoTestStart } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { findSessionUser, homeSiteOf, mayUseSite, profileOf, siteOrigin } from "../domain/accounts.js";
import {
  forgetExpired,
  issueSignInCode,
  personFor,
  providerSettingsOf,
  readTestResult,
  recordLogin,
  recordTestResult,
  type SsoInstitution,
  ssoInstitution,
  takeLogin,
  takeSignInCode,
} from "../domain/single-sign-on.js";
import { badRequest, forbidden, notFound, throttled } from "../platform/errors.js";
import { finishSignIn, providerOf, startSignIn } from "../platform/oidc-client.js";
import { recordFailure, retryAfterSeconds, spendAllowance, type ThrottleRule } from "../platform/throttle.js";
import { bearer, errorResponses, Id } from "./schemas.js";

/** Sign-ins started from one address: a computer room signing in together, not a flood of rows and discoveries. */
const START_RULE: ThrottleRule = { limit: 300, windowMs: 10 * 60_000 };
/** Wrong or spent one-time codes from one address: a few is a reload, more is a search. */
const WRONG_CODE_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };

const CALLBACK_PATH = "/api/auth/oidc/callback";

const Redirect = Type.Null({ description: "302: the browser goes on (Location)" });

/** What the provider's sign-in says, as it calls us back (providers add parameters of their own). */
const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 500 })),
    code: Type.Optional(Type.String({ maxLength: 2000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    iss: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true },
);

/**
 * Single sign-on with an institution's own identity provider (OpenID Connect, the code flow with
 * PKCE, state and nonce): `GET /auth/oidc/start` sends the browser to the provider, its answer
 * comes back to `GET /auth/oidc/callback`, which hands the site's `/sso` page a one-time code (or a
 * reason it refused), and `POST /auth/oidc/exchange` turns the code into our own session. Test
 * mode (`?test=1`) lets the institution's staff see what the provider answers, signing nobody in.
 */
export default async function oidcRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;

  const originOf = (request: FastifyRequest, site: Site) =>
    siteOrigin(site, config.rootDomain, request.host, request.protocol);

  /** Where a tester returns: the site they started from when it is one of ours (the provider's admin too). */
  const testerOrigin = (request: FastifyRequest) => {
    const name = hostname(request.host);
    const ours = name === config.rootDomain || name.endsWith(`.${config.rootDomain}`);
    return ours ? `${request.protocol}://${request.host}` : originOf(request, request.site);
  };

  /** Whether the signed-in caller may change this institution's single sign-on (provider staff, its own admins). */
  const maySetUp = (request: FastifyRequest, institution: SsoInstitution) =>
    request.ability.can("update", subject("institutions", { ...institution }) as never) ||
    request.ability.can("update", subject("institution-details", { ...institution }) as never);

  /** The institution a test is for: the one named (provider staff on their own site), else the site's. */
  async function testedInstitution(request: FastifyRequest, named: number | undefined) {
    const { site, t } = request;
    const institution =
      named !== undefined
        ? await ssoInstitution(db, { id: named })
        : site.kind === "institution"
          ? await ssoInstitution(db, { subdomain: site.subdomain })
          : null;
    if (!institution) throw notFound(t("institutionNotFound"));
    if (!maySetUp(request, institution)) throw forbidden(t("auth.ssoTestNotAllowed"));
    return institution;
  }

  app.get(
    "/auth/oidc/start",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        description:
          "302 to the site's identity provider. With `test=1` (signed in, allowed to change the institution's " +
          "single sign-on; provider staff name it with `institution_id`) answers where to go instead, and the " +
          "callback signs nobody in but keeps what the provider answered (`GET /auth/oidc/test/{id}`).",
        querystring: Type.Object(
          { test: Type.Optional(Type.Literal("1")), institution_id: Type.Optional(Id) },
          { additionalProperties: false },
        ),
        response: { 200: SsoTestStart, 302: Redirect, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { site, t, query } = request;
      const seconds = await spendAllowance(db, `oidc-start:ip:${request.ip}`, START_RULE);
      if (seconds > 0) throw throttled(t("auth.throttled", { seconds }), seconds);
      const test = query.test === "1";
      if (test) await app.authenticate(request, reply);
      const institution = test
        ? await testedInstitution(request, query.institution_id)
        : site.kind === "institution"
          ? await ssoInstitution(db, { subdomain: site.subdomain })
          : null;
      const settings = institution && providerSettingsOf(institution);
      if (!institution || !settings || (!test && institution.sso_mode === "password")) {
        if (test) throw badRequest(t("auth.ssoNotConfigured"));
        return reply.redirect("/sso?error=not_configured", 302);
      }
      await forgetExpired(db);
      // the address the institution registered at its provider: always its own site's
      const redirectUri = `${originOf(request, { kind: "institution", subdomain: institution.subdomain })}${CALLBACK_PATH}`;
      let started: Awaited<ReturnType<typeof startSignIn>>;
      try {
        started = await startSignIn(await providerOf(settings, config.oidcAllowHttpLoopback), redirectUri);
      } catch (error) {
        request.log.warn({ problem: problemOf(error), institution: institution.id }, "identity provider unreachable");
        if (test) throw badRequest(t("auth.ssoProviderUnreachable"));
        return reply.redirect("/sso?error=provider", 302);
      }
      await recordLogin(db, {
        state: started.state,
        institutionId: institution.id,
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
        redirectUri,
        returnTo: test ? testerOrigin(request) : originOf(request, site),
        testerId: test ? request.auth.id : null,
      });
      if (test) return { data: { url: started.url.href } };
      return reply.redirect(started.url.href, 302);
    },
  );

  app.get(
    "/auth/oidc/callback",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        description:
          "The provider's answer: 302 to `/sso?code=<one-time code>` on the site, to `/sso?test=<id>` in test " +
          "mode, or to `/sso?error=<reason>` (sso.ts `SSO_ERRORS`).",
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { state } = request.query;
      const login = state ? await takeLogin(db, state) : null;
      // not a sign-in we started, or one finished or expired: the provider's answer is not looked at
      if (!login) return reply.redirect("/sso?error=state", 302);
      const back = (outcome: string) => reply.redirect(`${login.return_to}/sso?${outcome}`, 302);
      const testerId = login.tester_id;
      const institution = await ssoInstitution(db, { id: login.institution_id });
      const settings = institution && providerSettingsOf(institution);
      if (!institution || !settings || (testerId === null && institution.sso_mode === "password")) {
        return back("error=not_configured");
      }
      const queryString = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      let answer: Awaited<ReturnType<typeof finishSignIn>>;
      try {
        answer = await finishSignIn(await providerOf(settings, config.oidcAllowHttpLoopback), {
          redirectUri: login.redirect_uri,
          query: queryString,
          state: state ?? "",
          nonce: login.nonce,
          codeVerifier: login.code_verifier,
        });
      } catch (error) {
        request.log.warn({ problem: problemOf(error), institution: institution.id }, "identity provider refused");
        return back("error=provider");
      }
      if (testerId !== null) return back(`test=${await recordTestResult(db, institution, testerId, answer)}`);
      const person = await personFor(db, institution, answer, () =>
        app.passwords.hash(randomBytes(24).toString("base64url"), [`login:ip:${request.ip}`]),
      );
      if ("refused" in person) return back(`error=${person.refused}`);
      return back(`code=${await issueSignInCode(db, institution.id, person.userId)}`);
    },
  );

  app.post(
    "/auth/oidc/exchange",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        body: SsoCodeExchange,
        response: { 200: LoginAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { t } = request;
      const throttleKey = `oidc-code:ip:${request.ip}`;
      const seconds = await retryAfterSeconds(db, throttleKey, WRONG_CODE_RULE);
      if (seconds > 0) throw throttled(t("auth.throttled", { seconds }), seconds);
      const userId = await takeSignInCode(db, request.body.code);
      const user = userId === null ? null : await findSessionUser(db, userId);
      if (user?.status !== "active") {
        await recordFailure(db, throttleKey, WRONG_CODE_RULE);
        throw badRequest(t("auth.ssoCodeInvalid"), { code: t("auth.ssoCodeInvalid") });
      }
      if (!mayUseSite(user, request.site)) {
        throw forbidden(t("auth.wrongSite", { site: new URL(originOf(request, homeSiteOf(user))).host }));
      }
      return { data: { token: app.issueToken(user), user: profileOf(user) } };
    },
  );

  app.get(
    "/auth/oidc/test/:id",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["auth"],
        security: bearer,
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: SsoTestResult, ...errorResponses },
      },
    },
    async (request) => {
      const result = await readTestResult(db, request.params.id, request.auth.id);
      if (!result) throw notFound(request.t("notFound"));
      return { data: result };
    },
  );
}

/** What the log keeps of a provider's refusal: its kind and words, never the tokens or claims it may carry. */
function problemOf(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  return { name: error.name, message: error.message, ...(code ? { code } : {}) };
}
