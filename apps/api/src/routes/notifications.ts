import {
  emailChoicesFor,
  isNotificationKind,
  isRole,
  MarkReadAnswer,
  MarkReadBody,
  type NotificationKind,
  NotificationPreferencesAnswer,
  NotificationPreferencesBody,
  NotificationRow,
  notificationKindsFor,
  preferencesFor,
  UnreadCountAnswer,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { type NoticeParams, noticeWords, verifiedUnsubscribe } from "../domain/notifications.js";
import { pageLimit } from "../platform/db/page.js";
import { badRequest } from "../platform/errors.js";
import { nowIso } from "../platform/time.js";
import { bearer, errorResponses, integerParam } from "./schemas.js";

/** Most rows one page of the notification list answers. */
const PAGE_LIMIT = 100;

const UnsubscribeQuery = Type.Object(
  {
    u: Type.Optional(Type.String({ maxLength: 20 })),
    k: Type.Optional(Type.String({ maxLength: 300 })),
    s: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The notification centre (DESIGN §5b): a person's own notifications, newest first, with their
 * words in the reader's language; the unread count the bell shows; marking read; the choices per
 * kind; and the one-click unsubscribe every notification mail carries (RFC 8058: a POST to the
 * link in `List-Unsubscribe`; the link itself opens a page asking to confirm, since mail scanners
 * open links).
 */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  /** The caller's notifications the bell may show now. */
  const own = (userId: number) =>
    db
      .selectFrom("notifications")
      .where("user_id", "=", userId)
      .where("in_app", "=", 1)
      .where("show_after", "<=", nowIso());

  app.get(
    "/notifications",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["notifications"],
        security: bearer,
        querystring: Type.Object(
          {
            _start: Type.Optional(integerParam(0)),
            _end: Type.Optional(integerParam(0)),
            unread: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(NotificationRow), ...errorResponses },
      },
    },
    async (request, reply) => {
      const start = request.query._start ?? 0;
      const end = Math.max(start, Math.min(request.query._end ?? start + 20, start + PAGE_LIMIT));
      let query = own(request.auth.id);
      if (request.query.unread) query = query.where("read_at", "is", null);
      const [rows, total] = await Promise.all([
        query
          .select(["id", "kind", "params", "link", "read_at", "show_after"])
          .orderBy("show_after", "desc")
          .orderBy("id", "desc")
          .offset(start)
          .limit(pageLimit(end - start))
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      const answer = rows.flatMap((row) => {
        if (!isNotificationKind(row.kind)) return [];
        let params: NoticeParams = {};
        try {
          params = JSON.parse(row.params) as NoticeParams;
        } catch {}
        return [
          {
            id: row.id,
            kind: row.kind,
            ...noticeWords(request.t, row.kind, params),
            link: row.link,
            read_at: row.read_at,
            // when the person could first see it: the end of an undo window, not the moment of the change
            created_at: row.show_after,
          },
        ];
      });
      return reply.header("X-Total-Count", String(total.count)).send(answer);
    },
  );

  app.get(
    "/notifications/unread-count",
    {
      config: { access: "signed-in" },
      schema: { tags: ["notifications"], security: bearer, response: { 200: UnreadCountAnswer, ...errorResponses } },
    },
    async (request) => {
      const row = await own(request.auth.id)
        .where("read_at", "is", null)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return { data: { count: Number(row.count) } };
    },
  );

  app.post(
    "/notifications/read",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["notifications"],
        security: bearer,
        body: Type.Optional(MarkReadBody),
        response: { 200: MarkReadAnswer, ...errorResponses },
      },
    },
    async (request) => {
      let query = db
        .updateTable("notifications")
        .set({ read_at: nowIso() })
        .where("user_id", "=", request.auth.id)
        .where("read_at", "is", null)
        .where("show_after", "<=", nowIso());
      const ids = request.body?.ids;
      if (ids) query = query.where("id", "in", ids);
      const result = await query.executeTakeFirst();
      return { data: { updated: Number(result.numUpdatedRows) } };
    },
  );

  const preferencesSchema = {
    tags: ["notifications"],
    security: bearer,
    response: { 200: NotificationPreferencesAnswer, ...errorResponses },
  };

  async function storedPreferences(userId: number): Promise<unknown> {
    const row = await db
      .selectFrom("users")
      .select("notification_preferences")
      .where("id", "=", userId)
      .executeTakeFirst();
    try {
      return JSON.parse(row?.notification_preferences ?? "{}");
    } catch {
      return {};
    }
  }

  app.get(
    "/profile/notification-preferences",
    { config: { access: "signed-in" }, schema: preferencesSchema },
    async (request) => ({ data: preferencesFor(request.auth.role, await storedPreferences(request.auth.id)) }),
  );

  app.patch(
    "/profile/notification-preferences",
    { config: { access: "signed-in" }, schema: { ...preferencesSchema, body: NotificationPreferencesBody } },
    async (request) => {
      const offered = notificationKindsFor(request.auth.role);
      const errors: Record<string, string> = {};
      for (const kind of Object.keys(request.body)) {
        if (!offered.includes(kind as NotificationKind)) errors[kind] = request.t("notifications.unknownKind");
        else if (!emailChoicesFor(kind as NotificationKind).includes(request.body[kind]?.email ?? "off")) {
          errors[`${kind}.email`] = request.t("notifications.choiceNotOffered");
        }
      }
      if (Object.keys(errors).length > 0) throw badRequest(request.t("invalidInput"), errors);
      const stored = await storedPreferences(request.auth.id);
      const next = { ...preferencesFor(request.auth.role, stored), ...request.body };
      await db
        .updateTable("users")
        .set({ notification_preferences: JSON.stringify(next), language: request.language })
        .where("id", "=", request.auth.id)
        .execute();
      return { data: preferencesFor(request.auth.role, next) };
    },
  );

  /** The page of an unsubscribe link, or its answer: in the reader's language, no script, no styles from elsewhere. */
  const page = (reply: FastifyReply, lang: string, title: string, body: string) =>
    reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="${lang === "np-NP" ? "ne" : "en"}"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
          `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      );

  const kindNames = (request: FastifyRequest, kinds: readonly NotificationKind[]) =>
    kinds.map((kind) => request.t(`notifications.kindNames.${kind}`)).join(", ");

  const unsubscribeOptions = {
    config: { access: "public" as const },
    schema: { tags: ["notifications"], hide: true, querystring: UnsubscribeQuery },
  };

  /** The link's person and kinds; or null, the page saying the link is not valid already sent. */
  function linkOf(request: FastifyRequest, reply: FastifyReply) {
    const link = verifiedUnsubscribe(app.config.jwtSecret, request.query as Static<typeof UnsubscribeQuery>);
    if (!link) page(reply.code(404), request.language, request.t("notifications.unsubscribe.invalid"), "");
    return link;
  }

  app.get("/notifications/unsubscribe", unsubscribeOptions, async (request, reply) => {
    const link = linkOf(request, reply);
    if (!link) return reply;
    const action = `?${new URLSearchParams(request.query as Record<string, string>)}`;
    return page(
      reply,
      request.language,
      request.t("notifications.unsubscribe.title"),
      `<p>${escapeHtml(request.t("notifications.unsubscribe.ask", { kinds: kindNames(request, link.kinds) }))}</p>` +
        `<form method="post" action="${escapeHtml(action)}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(request.t("notifications.unsubscribe.confirm"))}</button></form>`,
    );
  });

  app.register(async (scope) => {
    // RFC 8058's POST carries `List-Unsubscribe=One-Click` as a form; nothing in it is needed
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .post("/notifications/unsubscribe", unsubscribeOptions, async (request, reply) => {
        const link = linkOf(request, reply);
        if (!link) return reply;
        await db.transaction().execute(async (trx) => {
          const user = await trx
            .selectFrom("users")
            .select(["role", "notification_preferences"])
            .where("id", "=", link.userId)
            .executeTakeFirst();
          if (!user) return;
          let stored: Record<string, unknown> = {};
          try {
            stored = JSON.parse(user.notification_preferences ?? "{}") as Record<string, unknown>;
          } catch {}
          if (!isRole(user.role)) return;
          const current = preferencesFor(user.role, stored);
          const next: Record<string, unknown> = { ...current };
          for (const kind of link.kinds) {
            const choice = current[kind];
            if (choice) next[kind] = { ...choice, email: "off" };
          }
          await trx
            .updateTable("users")
            .set({ notification_preferences: JSON.stringify(next) })
            .where("id", "=", link.userId)
            .execute();
        });
        return page(
          reply,
          request.language,
          request.t("notifications.unsubscribe.done"),
          `<p>${escapeHtml(request.t("notifications.unsubscribe.doneBody", { kinds: kindNames(request, link.kinds) }))}</p>`,
        );
      });
  });
}
