import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MODES,
  IMPORT_RESOURCES,
  type ImportResource,
  ImportResult,
  isProviderRole,
  RESOURCES,
  type Role,
} from "@csc/shared";
import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { planImport } from "../domain/imports/check.js";
import { commitImport } from "../domain/imports/commit.js";
import { type Cells, readCells, templateHeader, UnreadableFile } from "../domain/imports/sheet.js";
import {
  CONTENT_TYPES,
  contentDisposition,
  csvFile,
  EXPORT_FORMATS,
  type ExportFormat,
  slugOf,
  xlsxFile,
} from "../engine/export.js";
import { badRequest, throttled } from "../platform/errors.js";
import { spendAllowance, type ThrottleRule } from "../platform/throttle.js";
import { bearer, errorResponses } from "./schemas.js";

/** Each check or import reads a whole file: a person fixing a file runs a few a minute, not hundreds. */
const IMPORT_RULE: ThrottleRule = { limit: 60, windowMs: 15 * 60_000 };

/** Which institution each list belongs to: students to a college, employees to a company. */
const INSTITUTION_TYPE: Record<ImportResource, "college" | "company"> = { students: "college", employees: "company" };

const ImportQuery = Type.Object(
  {
    mode: Type.Union(IMPORT_MODES.map((mode) => Type.Literal(mode))),
    all_or_nothing: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What a multipart body carried: the file, and the institution provider staff name. */
interface Upload {
  bytes: Buffer;
  fileName: string;
  institutionId: number | null;
}

/** A cell a CSV export made formula-safe (`'+977…`) reads as what it was. */
const unguarded = (cells: Cells): Cells =>
  cells.map((row) => row.map((cell) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell)));

async function readUpload(request: FastifyRequest): Promise<Upload> {
  const { t } = request;
  if (!request.isMultipart()) throw badRequest(t("invalidInput"), { file: t("validation:required") });
  let upload: Upload | null = null;
  let institutionId: number | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.file.truncated) {
          throw badRequest(t("invalidInput"), { file: t("imports.tooLarge", { max: IMPORT_MAX_BYTES / 1024 / 1024 }) });
        }
        upload = { bytes, fileName: part.filename.slice(0, 200) || "import", institutionId: null };
      } else if (part.fieldname === "institution_id") {
        const value = Number(part.value);
        if (Number.isInteger(value) && value > 0) institutionId = value;
      }
    }
  } catch (error) {
    if (error instanceof Error && "statusCode" in error && error.statusCode === 413) {
      throw badRequest(t("invalidInput"), { file: t("imports.tooLarge", { max: IMPORT_MAX_BYTES / 1024 / 1024 }) });
    }
    throw error;
  }
  if (!upload || upload.bytes.length === 0) throw badRequest(t("invalidInput"), { file: t("validation:required") });
  return { ...upload, institutionId };
}

/**
 * The institution whose list the file loads: the caller's own, or for provider staff the one
 * they name, which must be of the list's kind (a college's students, a company's employees).
 */
async function institutionFor(request: FastifyRequest, resource: ImportResource, named: number | null) {
  const { t, auth } = request;
  const id = isProviderRole(auth.role) ? named : (auth.institution?.id ?? null);
  if (id === null) throw badRequest(t("invalidInput"), { institution_id: t("validation:required") });
  const institution = await request.server.db
    .selectFrom("institutions")
    .select(["id", "type"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!institution || institution.type !== INSTITUTION_TYPE[resource]) {
    throw badRequest(t("invalidInput"), { institution_id: t("field.invalid") });
  }
  return institution.id;
}

/**
 * Loading learners from a spreadsheet (DESIGN §5b "Onboarding"), for whoever may add the list's
 * learners: `GET /{list}/import/template` is an empty file with the columns in the caller's
 * language; `POST /{list}/import?mode=check` reads a file and reports every row's every problem
 * without writing; `mode=commit` writes every valid row in one transaction (none with
 * `all_or_nothing=true` if any row is invalid) and records the import.
 */
export default async function importRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  for (const resource of IMPORT_RESOURCES) {
    const config = { access: { can: [["create", resource]] as const } };
    const role = RESOURCES[resource].fixed?.role as Role;

    app.get(
      `/${resource}/import/template`,
      {
        config,
        schema: {
          tags: ["imports"],
          security: bearer,
          querystring: Type.Object(
            { format: Type.Optional(Type.Union(EXPORT_FORMATS.map((format) => Type.Literal(format)))) },
            { additionalProperties: false },
          ),
          // the file itself: CSV text or a workbook's bytes
          response: { 200: Type.Unsafe<string | Buffer>({ type: "string", format: "binary" }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const format: ExportFormat = request.query.format === "xlsx" ? "xlsx" : "csv";
        const sheet = { columns: templateHeader(request.t), rows: [] };
        const name = [slugOf(request.t(`menu.${resource}`, {}, resource)) || resource, "template"];
        const file = format === "xlsx" ? await xlsxFile(sheet, resource) : csvFile(sheet);
        return reply
          .header("Content-Type", CONTENT_TYPES[format])
          .header("Content-Disposition", contentDisposition(name, format))
          .send(file);
      },
    );

    app.post(
      `/${resource}/import`,
      {
        config,
        schema: {
          tags: ["imports"],
          security: bearer,
          consumes: ["multipart/form-data"],
          querystring: ImportQuery,
          response: { 200: ImportResult, ...errorResponses },
        },
      },
      async (request) => {
        const { t, server } = request;
        const retryAfter = await spendAllowance(server.db, `import:user:${request.auth.id}`, IMPORT_RULE);
        if (retryAfter > 0) throw throttled(t("imports.throttled", { seconds: retryAfter }), retryAfter);
        const upload = await readUpload(request);
        const institutionId = await institutionFor(request, resource, upload.institutionId);
        const target = { institutionId, role };
        let plan: Awaited<ReturnType<typeof planImport>>;
        try {
          // one row past the limit tells a file that is too long from one that fits exactly
          const cells = unguarded(await readCells(upload.bytes, t, IMPORT_MAX_ROWS + 2));
          while (cells.length > 0 && (cells.at(-1) ?? []).every((cell) => cell.trim() === "")) cells.pop();
          if (cells.length - 1 > IMPORT_MAX_ROWS) {
            throw new UnreadableFile(t("imports.tooManyRows", { max: IMPORT_MAX_ROWS }));
          }
          plan = await planImport(server.db, server.config.localesDir, t, cells, target);
        } catch (error) {
          if (error instanceof UnreadableFile) throw badRequest(t("invalidInput"), { file: error.message });
          throw error;
        }
        const planned = {
          created: plan.rows.filter((row) => row.kind === "create").length,
          updated: plan.rows.filter((row) => row.kind === "update").length,
          unchanged: plan.rows.filter((row) => row.kind === "unchanged").length,
        };
        const refused = request.query.all_or_nothing === true && plan.invalid > 0;
        const counts =
          request.query.mode === "check"
            ? planned
            : refused
              ? { created: 0, updated: 0, unchanged: 0 }
              : await commitImport(request, plan, { ...target, resource, fileName: upload.fileName });
        return {
          data: {
            total: plan.total,
            valid: plan.total - plan.invalid,
            invalid: plan.invalid,
            ...counts,
            errors: plan.errors,
          },
        };
      },
    );
  }
}
