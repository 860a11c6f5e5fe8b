import { randomUUID } from "node:crypto";
import jwt from "@fastify/jwt";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { findTokenUser, type SessionUser } from "../../domain/accounts.js";
import { boundedCache } from "../caches.js";
import { unauthorized } from "../errors.js";
import { nowIso } from "../time.js";

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

/**
 * JWT with one allowed algorithm, expiry and an id. A token dies on logout (its id is revoked),
 * on a password reset and on any change of the account's role, permissions, institution, status
 * or deletion (token version, raised by the database: migration 20261126T0300), and while the
 * account is disabled or deleted (checked on every request).
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

    // revoked ids are only needed until their token would have expired anyway
    app.addHook("onReady", async () => {
      await app.db.deleteFrom("revoked_tokens").where("expires_at", "<", nowIso()).execute();
    });
  },
  { name: "auth", dependencies: ["context"] },
);
