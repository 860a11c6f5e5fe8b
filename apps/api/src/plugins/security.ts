import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

/** A year, as HSTS preload lists expect. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers and CORS for other clients on the product's own domains (X-Total-Count exposed).
 * API answers are personal unless a route says otherwise, so no cache keeps them (`no-store`);
 * HSTS is sent when a trusted proxy says the request came over HTTPS (behind TRUST_PROXY).
 */
export default fp(
  async (app) => {
    const { rootDomain, trustProxy } = app.config;
    app.addHook("onSend", async (request, reply) => {
      if (request.url.startsWith("/api/") && !reply.hasHeader("Cache-Control"))
        reply.header("Cache-Control", "no-store");
      if (trustProxy && request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    });
    await app.register(helmet, {
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
    });
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
      exposedHeaders: ["X-Total-Count", "Retry-After"],
      allowedHeaders: ["Authorization", "Content-Type", "Accept-Language", "X-Site-Subdomain"],
      methods: ["GET", "POST", "PATCH", "PUT", "DELETE"],
      maxAge: 600,
    });
  },
  { name: "security", dependencies: ["context"] },
);
