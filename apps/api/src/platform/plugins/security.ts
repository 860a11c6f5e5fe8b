import cors from "@fastify/cors";
import fp from "fastify-plugin";
import helmet from "helmet";

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
 * Security headers and CORS for other clients on the product's own domains (X-Total-Count exposed).
 * API answers are personal unless a route says otherwise, so no cache keeps them (`no-store`);
 * HSTS is sent when a trusted proxy says the request came over HTTPS (behind TRUST_PROXY).
 */
export default fp(
  async (app) => {
    const { rootDomain, trustProxy } = app.config;
    app.addHook("onSend", (request, reply, payload, done) => {
      if (request.url.startsWith("/api/") && !reply.hasHeader("Cache-Control"))
        reply.header("Cache-Control", "no-store");
      if (trustProxy && request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
      done(null, payload);
    });
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      done();
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
      exposedHeaders: ["X-Total-Count", "Retry-After", "Content-Disposition"],
      allowedHeaders: ["Authorization", "Content-Type", "Accept-Language", "X-Site-Subdomain"],
      methods: ["GET", "POST", "PATCH", "PUT", "DELETE"],
      maxAge: 600,
    });
  },
  { name: "security", dependencies: ["context"] },
);
