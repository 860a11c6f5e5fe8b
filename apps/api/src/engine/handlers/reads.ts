import { exportText, type ResourceAction, type ResourceDefinition, type Role, readableFields } from "@csc/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest, forbidden, notFound } from "../../platform/errors.js";
import { nowIso } from "../../platform/time.js";
import type { IdParams } from "../../routes/schemas.js";
import { type Reach, reachOf } from "../access.js";
import { CONTENT_TYPES, contentDisposition, csvFile, type ExportFormat, type Sheet, xlsxFile } from "../export.js";
import { hooksOf } from "../hooks.js";
import { type ListQuery, parseListQuery, withLearner } from "../list.js";
import { relationOptions } from "../options.js";
import { rowFor } from "../read.js";
import { logDownload } from "../repository.js";
import { ALIAS, findRow, listRows } from "../store.js";

/**
 * The reads of the simple-rest contract: list, export, one row, a relation's choices; and the
 * reach every handler starts from, the rows the caller may act on.
 */

const EXPORT_LIMIT = 50_000;

type ListRequest = FastifyRequest<{ Querystring: Record<string, string> }>;
type OptionsRequest = FastifyRequest<{ Params: { field: string }; Querystring: { q?: string; id?: number[] } }>;
type OneRequest = FastifyRequest<{ Params: IdParams }>;

/**
 * The rows of a resource the caller may act on with `verb`, as SQL; a 403 when the ability gives
 * them none at all (a row out of reach is then a 404, never a 403).
 */
export function reachFor(request: FastifyRequest, resource: ResourceDefinition, verb: ResourceAction): Reach {
  if (!request.ability.can(verb, resource.name)) throw forbidden(request.t("forbidden"));
  return reachOf(request.ability, verb, resource.name, ALIAS);
}

/** The row the path names, as stored, when the caller may act on it with `verb`; a 404 for any other. */
export async function reachedRow(
  request: FastifyRequest<{ Params: IdParams }>,
  resource: ResourceDefinition,
  verb: ResourceAction,
): Promise<Record<string, unknown>> {
  const row = await findRow(request.server.db, resource, reachFor(request, resource, verb), request.params.id);
  if (!row) throw notFound(request.t("notFound"));
  return row;
}

/**
 * The list query of the request, with the learner it is for when its tab or scope is theirs; a
 * 400 naming each parameter the registry does not allow, or that only a learner may use.
 */
async function listQueryOf(
  request: ListRequest,
  resource: ResourceDefinition,
  query: Record<string, string> = request.query,
): Promise<ListQuery> {
  const parsed = parseListQuery(resource, query);
  if (!parsed.ok) throw badRequest(request.t("invalidInput"), parsed.errors);
  return withLearner(request, parsed.query);
}

type ReaderRows = (request: FastifyRequest, stored: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;

/** Stored rows as the caller reads them: the field rules, then what the resource's own read rule takes out. */
function readerRowsOf(resource: ResourceDefinition): ReaderRows {
  const { readRows } = hooksOf(resource);
  return async (request, stored) => {
    const rows = stored.map((row) => rowFor(resource, request.auth.role, row));
    return readRows ? readRows(request, rows) : rows;
  };
}

/** `GET /{res}`: a page of the rows the caller may read, the total of them in `X-Total-Count`. */
export function listHandler(resource: ResourceDefinition) {
  const readerRows = readerRowsOf(resource);
  return async (request: ListRequest, reply: FastifyReply) => {
    const list = await listQueryOf(request, resource);
    const { rows, total } = await listRows(request.server.db, resource, reachFor(request, resource, "read"), list);
    return reply.header("X-Total-Count", String(total)).send(await readerRows(request, rows));
  };
}

/** The rows as the reader sees them, a column per readable field under its name, as the API writes them. */
function rawSheet(resource: ResourceDefinition, role: Role, rows: Record<string, unknown>[]): Sheet {
  const columns = readableFields(resource, role).map((f) => f.name);
  return { columns, rows: rows.map((row) => columns.map((name) => exportText(row[name]))) };
}

/** The filters of an export as the download log keeps them: the query without its paging. */
const filtersOf = (query: Record<string, string | string[]>) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([name]) => name !== "_start" && name !== "_end")
      // the schema makes every repeatable filter a list; one value reads better as itself in the log
      .map(([name, value]) => [name, Array.isArray(value) && value.length === 1 ? value[0] : value]),
  );

/**
 * `GET /{res}/export`: every row of the list's filters (up to a limit) as CSV or, with
 * `format=xlsx`, as an Excel workbook of the same cells, recorded in the download log with its
 * format. Applicants export as their table reads (export/applicants.ts), named after the posting.
 */
export function exportHandler(resource: ResourceDefinition) {
  const readerRows = readerRowsOf(resource);
  const { exportSheet } = hooksOf(resource);
  return async (request: ListRequest, reply: FastifyReply) => {
    // the path exists for every resource so that "export" never reads as an id
    if (!resource.actions.includes("export")) throw notFound(request.t("notFound"));
    const { format: asked, ...query } = request.query;
    const format: ExportFormat = asked === "xlsx" ? "xlsx" : "csv";
    const list = { ...(await listQueryOf(request, resource, query)), start: 0, end: EXPORT_LIMIT };
    const { db } = request.server;
    const { rows } = await listRows(db, resource, reachFor(request, resource, "export"), list);
    const readable = await readerRows(request, rows);
    const { sheet, name } = exportSheet
      ? await exportSheet(request, readable)
      : { sheet: rawSheet(resource, request.auth.role, readable), name: [resource.name] };
    const file = format === "xlsx" ? await xlsxFile(sheet, name.join("-")) : csvFile(sheet);
    await logDownload(db, {
      user_id: request.auth.id,
      resource: resource.name,
      filters: JSON.stringify({ ...filtersOf(query), format }),
      row_count: rows.length,
      created_at: nowIso(),
    });
    return reply
      .header("Content-Type", CONTENT_TYPES[format])
      .header("Content-Disposition", contentDisposition(name, format))
      .send(file);
  };
}

/**
 * `GET /{res}/options/{field}`: the choices of a relation field, for whoever reads or fills in the
 * resource's form, out of the target's rows they may read (options.ts).
 */
export const optionsHandler = (resource: ResourceDefinition) => async (request: OptionsRequest) => {
  const { ability } = request;
  if (!(["read", "create", "update"] as const).some((verb) => ability.can(verb, resource.name))) {
    throw forbidden(request.t("forbidden"));
  }
  const field = resource.fields.find((f) => f.relation && f.name === request.params.field);
  return relationOptions(request.server.db, resource, field, request.auth, ability, request.query);
};

/** `GET /{res}/{id}`: one row the caller may read; a 404 for any other. */
export function oneHandler(resource: ResourceDefinition) {
  const readerRows = readerRowsOf(resource);
  return async (request: OneRequest) => {
    const [row] = await readerRows(request, [await reachedRow(request, resource, "read")]);
    return row;
  };
}
