import { randomUUID } from "node:crypto";
import jwt from "@fastify/jwt";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { findTokenUser, type SessionUser } from "../lib/accounts.js";
import { unauthorized } from "../lib/errors.js";
import { nowIso } from "../lib/time.js";

/** What a token carries: who, which role and token version it was issued for, and its id. */
export interface TokenClaims {
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
 * JWT with one allowed algorithm, expiry and an id. A token dies on logout (its id is revoked),
 * on a password reset (token version), on a role change (role claim) and when the account is
 * disabled or deleted (checked on every request).
 */
export default fp(
  async (app) => {
    await app.register(jwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: ALGORITHM, expiresIn: app.config.jwtExpiresIn },
      // a valid token's signature is checked once: its claims are kept (10,000 tokens) until it expires
      verify: { algorithms: [ALGORITHM], cache: 10_000 },
    });
    app.decorateRequest("auth", null as never);
    app.decorateRequest("claims", null as never);

    app.decorate("issueToken", (user: SessionUser) =>
      app.jwt.sign({ sub: String(user.id), role: user.role, ver: user.tokenVersion, jti: randomUUID() }),
    );

    app.decorate("authenticate", async (request: FastifyRequest) => {
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
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
