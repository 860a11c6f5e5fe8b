import {
  ALERT_RESOURCES,
  isResourceName,
  MAX_SAVED_SEARCHES,
  RESOURCES,
  roleKind,
  SavedSearchCreate,
  SavedSearchRow,
  SavedSearchUpdate,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { homeSiteOf } from "../domain/accounts.js";
import { originFor } from "../domain/site-mail.js";
import { parseListQuery } from "../engine/list.js";
import { pageLimit } from "../platform/db/page.js";
import type { SavedSearchTable } from "../platform/db/schema.js";
import { badRequest, notFound } from "../platform/errors.js";
import { nowIso } from "../platform/time.js";
import { bearer, errorResponses, IdParams, integerParam } from "./schemas.js";

type Stored = Pick<SavedSearchTable, "resource" | "name" | "query" | "user_id" | "institution_id" | "created_at"> & {
  id: number;
  alert: string;
  shared: number;
};

const COLUMNS = [
  "id",
  "resource",
  "name",
  "query",
  "alert",
  "shared",
  "user_id",
  "institution_id",
  "created_at",
] as const;

const answerOf = (row: Stored): SavedSearchRow => ({
  ...row,
  alert: row.alert as SavedSearchRow["alert"],
  shared: row.shared === 1,
});

/** A list's query string as the list's handler receives it: a parameter given twice is a list. */
export function rawQueryOf(query: string): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const before = raw[name];
    raw[name] = before === undefined ? value : [before, value].flat();
  }
  return raw;
}

/** Only institution staff share with their institution: its other staff read what they share. */
const mayShare = (request: FastifyRequest) =>
  roleKind(request.auth.role) === "institution" && request.auth.institution !== null;

/**
 * Saved searches (DESIGN §5b `saved-searches`): a person's own, and for institution staff those
 * their institution's staff shared. Only the owner changes or deletes one. What it saves must be a
 * query its list accepts, of a list the owner may read; only a learner's search of postings may
 * alert (domain/saved-search-alerts.ts), and only institution staff share.
 */
export default async function savedSearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  /** The errors of a search as it would be saved: by field, in the caller's language. */
  function errorsOf(
    request: FastifyRequest,
    search: { resource: string; query: string; alert: string; shared: boolean },
  ) {
    const errors: Record<string, string> = {};
    const { t } = request;
    if (!isResourceName(search.resource) || !request.ability.can("read", search.resource)) {
      errors.resource = t("savedSearches.unknownList");
      return errors;
    }
    const parsed = parseListQuery(RESOURCES[search.resource], rawQueryOf(search.query));
    if (!parsed.ok) errors.query = t("savedSearches.badQuery");
    if (search.alert !== "off") {
      if (roleKind(request.auth.role) !== "learner" || !ALERT_RESOURCES.includes(search.resource)) {
        errors.alert = t("savedSearches.alertNotHere");
      } else if (parsed.ok && (parsed.query.learnerTab !== null || parsed.query.scope !== "all")) {
        // the learner's own tabs depend on them as they are at each pass: not what an alert follows
        errors.alert = t("savedSearches.alertNotOnTab");
      }
    }
    if (search.shared && !mayShare(request)) errors.shared = t("savedSearches.shareNotHere");
    return errors;
  }

  const own = async (request: FastifyRequest, id: number) => {
    const row = await db
      .selectFrom("saved_searches")
      .select(COLUMNS)
      .where("id", "=", id)
      .where("user_id", "=", request.auth.id)
      .executeTakeFirst();
    if (!row) throw notFound(request.t("notFound"));
    return row;
  };

  app.get(
    "/saved-searches",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["saved-searches"],
        security: bearer,
        querystring: Type.Object(
          {
            resource: Type.Optional(Type.String({ maxLength: 60 })),
            _start: Type.Optional(integerParam(0)),
            _end: Type.Optional(integerParam(0)),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(SavedSearchRow), ...errorResponses },
      },
    },
    async (request, reply) => {
      const start = request.query._start ?? 0;
      const end = Math.max(start, Math.min(request.query._end ?? start + MAX_SAVED_SEARCHES, start + 100));
      const institution = mayShare(request) ? request.auth.institution?.id : undefined;
      let query = db
        .selectFrom("saved_searches")
        .where((eb) =>
          institution === undefined
            ? eb("user_id", "=", request.auth.id)
            : eb.or([
                eb("user_id", "=", request.auth.id),
                eb.and([eb("institution_id", "=", institution), eb("shared", "=", 1)]),
              ]),
        );
      if (request.query.resource) query = query.where("resource", "=", request.query.resource);
      const [rows, total] = await Promise.all([
        query
          .select(COLUMNS)
          .orderBy("name")
          .orderBy("id")
          .offset(start)
          .limit(pageLimit(end - start))
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return reply.header("X-Total-Count", String(total.count)).send(rows.map(answerOf));
    },
  );

  app.post(
    "/saved-searches",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["saved-searches"],
        security: bearer,
        body: SavedSearchCreate,
        response: { 201: SavedSearchRow, ...errorResponses },
      },
    },
    async (request, reply) => {
      const search = { alert: "off", shared: false, ...request.body };
      const errors = errorsOf(request, search);
      if (Object.keys(errors).length > 0) throw badRequest(request.t("invalidInput"), errors);
      const count = await db
        .selectFrom("saved_searches")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("user_id", "=", request.auth.id)
        .executeTakeFirstOrThrow();
      if (Number(count.count) >= MAX_SAVED_SEARCHES) {
        throw badRequest(request.t("savedSearches.tooMany", { max: MAX_SAVED_SEARCHES }));
      }
      const now = nowIso();
      const row = await db
        .insertInto("saved_searches")
        .values({
          user_id: request.auth.id,
          institution_id: request.auth.institution?.id ?? null,
          resource: search.resource,
          name: search.name.trim() || search.name,
          query: search.query,
          alert: search.alert as SavedSearchRow["alert"],
          shared: search.shared ? 1 : 0,
          origin: originFor(request, homeSiteOf(request.auth)),
          created_at: now,
          updated_at: now,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return reply.code(201).send(answerOf(row));
    },
  );

  app.patch(
    "/saved-searches/:id",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["saved-searches"],
        security: bearer,
        params: IdParams,
        body: SavedSearchUpdate,
        response: { 200: SavedSearchRow, ...errorResponses },
      },
    },
    async (request) => {
      const current = await own(request, request.params.id);
      const next = {
        resource: current.resource,
        name: request.body.name ?? current.name,
        query: request.body.query ?? current.query,
        alert: request.body.alert ?? current.alert,
        shared: request.body.shared ?? current.shared === 1,
      };
      const errors = errorsOf(request, next);
      if (Object.keys(errors).length > 0) throw badRequest(request.t("invalidInput"), errors);
      const row = await db
        .updateTable("saved_searches")
        .set({
          name: next.name,
          query: next.query,
          alert: next.alert as SavedSearchRow["alert"],
          shared: next.shared ? 1 : 0,
          updated_at: nowIso(),
        })
        .where("id", "=", current.id)
        .where("user_id", "=", request.auth.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return answerOf(row);
    },
  );

  app.delete(
    "/saved-searches/:id",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["saved-searches"],
        security: bearer,
        params: IdParams,
        response: { 200: SavedSearchRow, ...errorResponses },
      },
    },
    async (request) => {
      const current = await own(request, request.params.id);
      await db.deleteFrom("saved_searches").where("id", "=", current.id).execute();
      return answerOf(current);
    },
  );
}
