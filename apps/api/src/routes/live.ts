import { LIVE_PATH } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../platform/errors.js";
import { findTokenUser } from "../platform/plugins/session.js";
import { bearer, errorResponses } from "./schemas.js";

/**
 * `GET /live`: the caller's stream of server-sent events about rows they may read (platform/live.ts),
 * resumed from `Last-Event-ID`. Signed in with the bearer token as every call is (the admin reads
 * the stream with fetch, not EventSource, which cannot send it); the stream ends when the session
 * does (sign-out, a disabled account, a changed role) or the server closes.
 */
export default async function liveRoutes(app: FastifyInstance) {
  app.get(
    LIVE_PATH,
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["live"],
        security: bearer,
        headers: {
          type: "object",
          properties: { "last-event-id": { type: "string", maxLength: 40 } },
        },
        response: {
          200: {
            description: "Server-sent events, each `data: { resource, type, ids }` with an `id:` to resume from",
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          406: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // a stream only for a client that asked for one (a plain call answers at once)
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? "")) {
        throw new HttpError(406, request.t("live.eventStreamOnly"));
      }
      const { auth, claims } = request;
      const ability = request.ability;
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-store, no-transform",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      // the browser waits this long before it connects again
      response.write("retry: 2000\n\n");
      const client = {
        userId: auth.id,
        ability,
        response,
        stillValid: async () => {
          if (claims.exp * 1000 <= Date.now()) return false;
          const user = await findTokenUser(app.db, auth.id, claims.jti);
          return (
            user !== null && user.status === "active" && user.role === auth.role && user.tokenVersion === claims.ver
          );
        },
      };
      request.raw.on("close", () => app.live.remove(client));
      const lastEventId = request.headers["last-event-id"];
      await app.live.add(client, typeof lastEventId === "string" ? lastEventId : undefined);
      if (response.destroyed) app.live.remove(client);
    },
  );
}
