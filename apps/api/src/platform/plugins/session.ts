import { randomUUID } from "node:crypto";
import { type AbilityUser, type Action, type AppAbility, defineAbilityFor, type Role, type Subject } from "@csc/shared";
import jwt from "@fastify/jwt";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CompiledQuery, Kysely } from "kysely";
import { type SessionUser, type SessionUserRow, sessionUserQuery, toSessionUser } from "../../domain/accounts.js";
import { boundedCache, objectMemo } from "../caches.js";
import type { Database } from "../db/schema.js";
import { forbidden, unauthorized } from "../errors.js";
import { nowIso } from "../time.js";

/**
 * Who is asking, and whether the route admits them, for every request: the bearer token (checked
 * once per token), its user in one query (which also sees a revoked token), the user's CASL
 * ability (built once per user), and the route's declared access, deny by default.
 */

/** What a token carries: who, which role and token version it was issued for, and its id. */
interface TokenClaims {
  sub: string;
  role: string;
  ver: number;
  jti: string;
  exp: number;
  iat: number;
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: Omit<TokenClaims, "exp" | "iat">;
    user: TokenClaims;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: a valid, unrevoked token of an active user, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueToken: (user: SessionUser) => string;
  }
  interface FastifyRequest {
    auth: SessionUser;
    claims: TokenClaims;
  }
}

const ALGORITHM = "HS256";

/**
 * A token's signature is checked once: the same token string again gets the claims kept for it,
 * while it has not expired (least recently used out first). request.jwtVerify with fast-jwt's own
 * cache merged options, called the secret back and hashed the token on every request: 6% of a
 * list request's CPU in the profile.
 */
function verifiedClaims(verify: (token: string) => TokenClaims) {
  const verified = boundedCache<string, TokenClaims>("verifiedTokens");
  return (token: string): TokenClaims => {
    const kept = verified.get(token);
    if (kept && kept.exp * 1000 > Date.now()) return kept;
    verified.delete(token);
    const claims = verify(token);
    verified.set(token, claims);
    return claims;
  };
}

/** The token of an `Authorization: Bearer <token>` header; throws without one. */
function bearerToken(header: string | undefined): string {
  const parts = header?.split(" ") ?? [];
  const [scheme, token] = parts;
  if (parts.length !== 2 || scheme?.toLowerCase() !== "bearer" || !token) throw new Error("no bearer token");
  return token;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's CASL ability (built once per user and what it depends on, see `abilityOf`). */
    ability: AppAbility;
  }
}

const abilities = boundedCache<string, AppAbility>("abilities");
const abilityOfUser = objectMemo<object, AppAbility>("abilitiesOfUsers");
const abilityOfRequest = objectMemo<FastifyRequest, AppAbility>("requestAbilities");

/**
 * The user's ability, built once per user, token version and everything the ability reads: the
 * key holds every field of `AbilityUser` (the mapped type fails to compile when one is added and
 * not listed here), so a changed plan, feature, permission or role gets a new ability at once.
 */
export function abilityOf(user: AbilityUser & { tokenVersion: number }): AppAbility {
  // the same session user object (made once per cached row, domain/accounts.ts) has the same ability
  return abilityOfUser(user, () => {
    const inputs: { [K in keyof Required<AbilityUser>]: AbilityUser[K] } = {
      id: user.id,
      role: user.role,
      institution: user.institution,
      enabledFeatures: user.enabledFeatures,
      recruiterId: user.recruiterId,
      planId: user.planId,
      permissions: user.permissions,
    };
    const key = `${user.tokenVersion} ${JSON.stringify(inputs)}`;
    let ability = abilities.get(key);
    if (!ability) {
      ability = defineAbilityFor(inputs);
      abilities.set(key, ability);
    }
    return ability;
  });
}

function tokenUserQuery(db: Kysely<Database>, id: number, jti: string) {
  return sessionUserQuery(db)
    .select((eb) => eb.exists(eb.selectFrom("revoked_tokens").select("jti").where("jti", "=", jti)).as("revoked"))
    .where("u.id", "=", id);
}

type TokenUserRow = SessionUserRow & { revoked: unknown };

/** Stand-ins for the two parameters while the query is compiled: no user id is negative, no token id has a NUL. */
const ID_SLOT = -1;
const JTI_SLOT = "\u0000jti";
const compiledTokenUserQueries = objectMemo<Kysely<Database>, CompiledQuery<TokenUserRow>>("tokenUserQueries");

/**
 * The session user of a token-user row. Rows the SQLite result cache answers (platform/db/connect.ts) are
 * the same frozen objects until a write, so their user — and the ability keyed on it — is made once.
 */
const sessionUsers = objectMemo<TokenUserRow, SessionUser | null>("sessionUsers");
function sessionUserOf(row: TokenUserRow): SessionUser | null {
  return Object.isFrozen(row) ? sessionUsers(row, toSessionUser) : toSessionUser(row);
}

/**
 * Every signed-in request's one query: the token's user, or null when the account is gone or the
 * token's id was revoked (logout). Nothing is kept beyond the database's own answer (which the
 * embedded SQLite's result cache forgets at any write), so a revocation counts at once; the SQL
 * is built once per database, and each request binds its own id and token id.
 */
export async function findTokenUser(db: Kysely<Database>, id: number, jti: string): Promise<SessionUser | null> {
  const compiled = compiledTokenUserQueries(db, () => tokenUserQuery(db, ID_SLOT, JTI_SLOT).compile());
  const parameters = compiled.parameters.map((value) => (value === ID_SLOT ? id : value === JTI_SLOT ? jti : value));
  const [row] = (await db.executeQuery<TokenUserRow>({ ...compiled, parameters })).rows;
  // SQLite answers 0/1, PostgreSQL a boolean
  return row && !row.revoked ? sessionUserOf(row) : null;
}

/**
 * Who may reach a route at all (the handler then cuts rows further). Deny by default: every API
 * route declares one in `config.access`, or the app refuses to start.
 * - `public`: anybody, signed in or not;
 * - `signed-in`: any signed-in account (the handler answers only with the caller's own records);
 * - `{ roles }`: these roles only;
 * - `{ can }`: whoever's ability allows any one of these actions on these subjects.
 */
export type RouteAccess =
  | "public"
  | "signed-in"
  | { roles: readonly Role[] }
  | { can: readonly (readonly [Exclude<Action, "manage">, Subject])[] };

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every API route with the access it declares, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

/** Whether a declaration admits a user (null: nobody signed in). */
export function admits(access: RouteAccess, user: SessionUser | null, ability: () => AppAbility): boolean {
  if (access === "public") return true;
  if (user === null) return false;
  if (access === "signed-in") return true;
  if ("roles" in access) return access.roles.includes(user.role);
  const abilityOfUser = ability();
  return access.can.some(([action, subject]) => abilityOfUser.can(action, subject as never));
}

/** Every API route must declare its access (`config.access`), or the app refuses to start; each is listed in `declaredRoutes`. */
export const declaredAccess = fp(
  async (app) => {
    app.decorate("declaredRoutes", [] as DeclaredRoute[]);
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/")) return;
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (!access) throw new Error(`${methods.join(",")} ${route.url} declares no access (config.access)`);
      for (const method of methods) app.declaredRoutes.push({ method, url: route.url, access });
    });
  },
  { name: "declared-access" },
);

/**
 * JWT with one allowed algorithm, expiry and an id. A token dies on logout (its id is revoked),
 * on a password reset and on any change of the account's role, permissions, institution, status
 * or deletion (token version, raised by the database: migration 20261126T0300), and while the
 * account is disabled or deleted (checked on every request). `request.ability` is looked up on
 * first use (routes for everyone never build one).
 */
export default fp(
  async (app) => {
    await app.register(jwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: ALGORITHM, expiresIn: app.config.jwtExpiresIn },
      verify: { algorithms: [ALGORITHM] },
    });
    const claimsOf = verifiedClaims((token) => app.jwt.verify<TokenClaims>(token));
    app.decorateRequest("auth", null as never);
    app.decorateRequest("claims", null as never);
    app.decorateRequest("ability", {
      getter(this: FastifyRequest) {
        return abilityOfRequest(this, (request) => abilityOf(request.auth));
      },
    });

    app.decorate("issueToken", (user: SessionUser) =>
      app.jwt.sign({ sub: String(user.id), role: user.role, ver: user.tokenVersion, jti: randomUUID() }),
    );

    app.decorate("authenticate", async (request: FastifyRequest) => {
      let claims: TokenClaims;
      try {
        claims = claimsOf(bearerToken(request.headers.authorization));
      } catch {
        throw unauthorized(request.t("auth.sessionExpired"));
      }
      const user = await findTokenUser(app.db, Number(claims.sub), claims.jti);
      const current =
        user !== null && user.status === "active" && user.role === claims.role && user.tokenVersion === claims.ver;
      if (!current) throw unauthorized(request.t("auth.sessionExpired"));
      request.auth = user;
      request.claims = claims;
    });

    await app.register(declaredAccess);
    app.addHook("onRequest", async (request, reply) => {
      const access = request.routeOptions.config.access;
      if (!access || access === "public") return;
      await app.authenticate(request, reply);
      if (!admits(access, request.auth, () => request.ability)) throw forbidden(request.t("forbidden"));
    });

    // revoked ids are only needed until their token would have expired anyway
    app.addHook("onReady", async () => {
      await app.db.deleteFrom("revoked_tokens").where("expires_at", "<", nowIso()).execute();
    });
  },
  { name: "session", dependencies: ["request"] },
);
