import { randomBytes } from "node:crypto";
import { subject } from "@casl/ability";
import { csvRow, RESOURCES, type ResourceAction, type ResourceDefinition, readableFields } from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { findSessionUser, homeSiteOf, siteOrigin } from "../lib/accounts.js";
import { badRequest, conflict, forbidden, notFound } from "../lib/errors.js";
import { nowIso } from "../lib/time.js";
import { issueUserToken } from "../lib/user-tokens.js";
import type { RouteAccess } from "../plugins/access.js";
import { bearer, errorResponses, Id, IdParams } from "../routes/schemas.js";
import { reachOf } from "./access.js";
import { listQuerySchema, parseListQuery } from "./list-query.js";
import { relationOptions } from "./options.js";
import { rowFor } from "./read.js";
import { bodySchema, rowSchema } from "./schema.js";
import { type AnyDb, findRow, listRows } from "./store.js";
import {
  createDefaults,
  integrityErrors,
  keepsUpdatedAt,
  mayManageAccount,
  type Values,
  valuesFromBody,
} from "./write.js";

type Verb = ResourceAction;
const EXPORT_LIMIT = 50_000;

/** The generic engine: the simple-rest contract (DESIGN §5) for every resource of the registry. */
export default async function resourceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const anyDb = db as unknown as AnyDb;

  for (const resource of Object.values(RESOURCES)) {
    const path = `/${resource.name}`;
    const tags = [resource.name];
    const access = (...verbs: Verb[]): { access: RouteAccess } => ({
      access: { can: verbs.map((verb) => [verb, resource.name] as const) },
    });
    const reach = (request: FastifyRequest, verb: Verb) => {
      if (!request.ability.can(verb, resource.name)) throw forbidden(request.t("forbidden"));
      return reachOf(request.ability, verb, resource.name, "r");
    };
    const readRow = (request: FastifyRequest) => (row: Record<string, unknown>) =>
      rowFor(resource, request.auth.role, row);
    const query = listQuerySchema(resource);
    const rowShape = rowSchema(resource);
    const bodyShape = bodySchema(resource);

    app.get(
      path,
      {
        config: access("read"),
        schema: {
          tags,
          security: bearer,
          querystring: query,
          response: { 200: Type.Array(rowShape), ...errorResponses },
        },
      },
      async (request, reply) => {
        const parsed = parseListQuery(resource, request.query as Record<string, string>);
        if (!parsed.ok) throw badRequest(request.t("invalidInput"), parsed.errors);
        const { rows, total } = await listRows(db, resource, reach(request, "read"), parsed.query);
        return reply.header("X-Total-Count", String(total)).send(rows.map(readRow(request)));
      },
    );

    app.get(
      `${path}/export`,
      {
        // a resource without exports answers 404 to everyone signed in
        config: resource.actions.includes("export") ? access("export") : { access: "signed-in" },
        schema: { tags, security: bearer, querystring: query, response: { 200: Type.String(), ...errorResponses } },
      },
      async (request, reply) => {
        // the path exists for every resource so that "export" never reads as an id
        if (!resource.actions.includes("export")) throw notFound(request.t("notFound"));
        const parsed = parseListQuery(resource, request.query as Record<string, string>);
        if (!parsed.ok) throw badRequest(request.t("invalidInput"), parsed.errors);
        const list = { ...parsed.query, start: 0, end: EXPORT_LIMIT };
        const { rows } = await listRows(db, resource, reach(request, "export"), list);
        const columns = readableFields(resource, request.auth.role).map((f) => f.name);
        const lines = [
          csvRow(columns),
          ...rows
            .map(readRow(request))
            .map((row) =>
              csvRow(
                columns.map((c) =>
                  Array.isArray(row[c]) || typeof row[c] === "object" ? JSON.stringify(row[c]) : (row[c] as string),
                ),
              ),
            ),
        ];
        const filters = Object.fromEntries(
          Object.entries(request.query as object).filter(([k]) => k !== "_start" && k !== "_end"),
        );
        await db
          .insertInto("download_logs")
          .values({
            user_id: request.auth.id,
            resource: resource.name,
            filters: JSON.stringify(filters),
            row_count: rows.length,
            created_at: nowIso(),
          })
          .execute();
        return reply
          .header("Content-Type", "text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="${resource.name}.csv"`)
          .send(`\uFEFF${lines.join("\r\n")}\r\n`);
      },
    );

    const relationFields = resource.fields.filter((f) => f.relation);
    if (relationFields.length > 0) {
      app.get(
        `${path}/options/:field`,
        {
          config: access("read", "create", "update"),
          schema: {
            tags,
            security: bearer,
            params: Type.Object({ field: Type.Union(relationFields.map((f) => Type.Literal(f.name))) }),
            querystring: Type.Object(
              {
                q: Type.Optional(Type.String({ maxLength: 100 })),
                id: Type.Optional(Type.Array(Id, { maxItems: 100 })),
              },
              { additionalProperties: false },
            ),
            response: {
              200: Type.Array(Type.Object({ value: Type.Integer(), label: Type.String() })),
              ...errorResponses,
            },
          },
        },
        async (request) => {
          const ability = request.ability;
          if (!(["read", "create", "update"] as const).some((verb) => ability.can(verb, resource.name))) {
            throw forbidden(request.t("forbidden"));
          }
          const field = relationFields.find((f) => f.name === request.params.field);
          return relationOptions(db, field, request.auth, request.query);
        },
      );
    }

    app.get(
      `${path}/:id`,
      {
        config: access("read"),
        schema: { tags, security: bearer, params: IdParams, response: { 200: rowShape, ...errorResponses } },
      },
      async (request) => {
        const row = await findRow(db, resource, reach(request, "read"), request.params.id);
        if (!row) throw notFound(request.t("notFound"));
        return readRow(request)(row);
      },
    );

    if (resource.actions.includes("create")) {
      app.post(
        path,
        {
          config: access("create"),
          schema: { tags, security: bearer, body: bodyShape, response: { 201: rowShape, ...errorResponses } },
        },
        async (request, reply) => {
          const { auth, t } = request;
          if (!request.ability.can("create", resource.name)) throw forbidden(t("forbidden"));
          const { values, errors } = valuesFromBody(resource, request.body, auth, t, "create");
          if (Object.keys(errors).length > 0) throw badRequest(t("invalidInput"), errors);
          const row: Values = { ...values, ...createDefaults(resource, auth, nowIso()) };
          await checkWrite(request, resource, "create", row, row, null);
          const id = await insertRow(request, resource, row);
          reply.status(201);
          return readRow(request)((await findRow(db, resource, { kind: "all" }, id)) ?? {});
        },
      );
    }

    if (resource.actions.includes("update")) {
      app.patch(
        `${path}/:id`,
        {
          config: access("update"),
          schema: {
            tags,
            security: bearer,
            params: IdParams,
            body: bodyShape,
            response: { 200: rowShape, ...errorResponses },
          },
        },
        async (request) => {
          const { auth, t } = request;
          const current = await findRow(db, resource, reach(request, "update"), request.params.id);
          if (!current) throw notFound(t("notFound"));
          if (resource.table === "users" && !mayManageAccount(auth, resource, current)) {
            throw forbidden(t("forbidden"));
          }
          const { values, errors } = valuesFromBody(resource, request.body, auth, t, "update");
          if (resource.table === "users" && current.id === auth.id) {
            // nobody changes their own role or locks themselves out
            for (const name of ["role", "status", "permissions"]) delete values[name];
          }
          if (Object.keys(errors).length > 0) throw badRequest(t("invalidInput"), errors);
          const row = { ...current, ...values };
          await checkWrite(request, resource, "update", row, values, request.params.id);
          if (Object.keys(values).length > 0) {
            await anyDb
              .updateTable(resource.table)
              .set({ ...values, ...(keepsUpdatedAt(resource) ? { updated_at: nowIso() } : {}) })
              .where("id", "=", request.params.id)
              .execute();
          }
          return readRow(request)((await findRow(db, resource, { kind: "all" }, request.params.id)) ?? {});
        },
      );
    }

    if (resource.actions.includes("delete")) {
      app.delete(
        `${path}/:id`,
        {
          config: access("delete"),
          schema: {
            tags,
            security: bearer,
            params: IdParams,
            querystring: Type.Object(
              { reason: Type.Optional(Type.String({ maxLength: 500 })) },
              { additionalProperties: false },
            ),
            response: { 200: rowShape, ...errorResponses },
          },
        },
        async (request) => {
          const { auth, t } = request;
          const current = await findRow(db, resource, reach(request, "delete"), request.params.id);
          if (!current) throw notFound(t("notFound"));
          if (resource.table === "users" && !mayManageAccount(auth, resource, current)) {
            throw forbidden(t("forbidden"));
          }
          if (resource.softDelete === "hide") {
            await anyDb
              .updateTable(resource.table)
              .set({ deleted_at: nowIso(), deleted_by: auth.id, delete_reason: request.query.reason?.trim() || null })
              .where("id", "=", request.params.id)
              .execute();
          } else {
            try {
              await anyDb.deleteFrom(resource.table).where("id", "=", request.params.id).execute();
            } catch {
              throw conflict(t("inUse"));
            }
          }
          return readRow(request)(current);
        },
      );
    }
  }

  /** The ability must allow the row as it will be written, and its data must hold together. */
  async function checkWrite(
    request: FastifyRequest,
    resource: ResourceDefinition,
    verb: "create" | "update",
    row: Values,
    changed: Values,
    existingId: number | null,
  ) {
    const errors = await integrityErrors(db, resource, row, changed, request.auth, request.t, existingId);
    if (Object.keys(errors).length > 0) {
      const clash = Object.values(errors).includes(request.t("field.taken"));
      throw clash ? conflict(request.t("invalidInput"), errors) : badRequest(request.t("invalidInput"), errors);
    }
    if (!request.ability.can(verb, subject(resource.name, { ...row }) as never)) {
      throw forbidden(request.t("forbidden"));
    }
  }

  /** Inserts a row; a new account gets an unusable password and an e-mail to choose one. */
  async function insertRow(request: FastifyRequest, resource: ResourceDefinition, row: Values): Promise<number> {
    const values = { ...row };
    if (resource.table === "users") {
      values.password_hash = await app.passwords.hash(randomBytes(24).toString("base64url"));
      values.permissions ??= "[]";
      values.status ??= "active";
      values.token_version = 0;
    }
    const inserted = (await anyDb
      .insertInto(resource.table)
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow()) as {
      id: number;
    };
    if (resource.table === "users") await sendInvitation(request, inserted.id);
    return inserted.id;
  }

  async function sendInvitation(request: FastifyRequest, userId: number) {
    const user = await findSessionUser(db, userId);
    if (!user) return;
    const token = await issueUserToken(db, userId, "reset-password", 7 * 24 * 3_600_000);
    const origin = siteOrigin(homeSiteOf(user), app.config.rootDomain, request.host, request.protocol);
    await app.sendMail({
      to: user.email,
      subject: request.t("mail.inviteSubject"),
      text: request.t("mail.inviteBody", { name: user.fullName, link: `${origin}/reset-password?token=${token}` }),
    });
  }
}
