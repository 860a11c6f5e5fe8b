import {
  DASHBOARD_GRANULARITIES,
  DashboardData,
  type DashboardGranularity,
  type DashboardRange,
  DataOf,
  defaultDashboardRange,
  isIsoDay,
  MAX_PROGRESSION_BUCKETS,
  PROGRESSION_CSV_FILENAME,
  PROGRESSION_PNG_FILENAME,
  progressionBucketCount,
  roleKind,
} from "@csc/shared";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { SessionUser } from "../domain/accounts.js";
import { type DashboardScope, dashboardOf } from "../domain/dashboard.js";
import { logDownload } from "../engine/repository.js";
import { badRequest, notFound, throttled } from "../platform/errors.js";
import { spendAllowance, type ThrottleRule } from "../platform/throttle.js";
import { nowIso } from "../platform/time.js";
import { bearer, errorResponses } from "./schemas.js";

const DashboardQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 10 })),
    to: Type.Optional(Type.String({ maxLength: 10 })),
    granularity: Type.Optional(Type.String({ maxLength: 10 })),
    institution_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

const Downloads = {
  png: PROGRESSION_PNG_FILENAME,
  csv: PROGRESSION_CSV_FILENAME,
} as const;

const DownloadBody = Type.Object(
  {
    kind: Type.Union([Type.Literal("png"), Type.Literal("csv")]),
    // the admin sends the file's name; the log names it from `kind`
    filename: Type.Optional(Type.String({ maxLength: 100 })),
    range: Type.Optional(
      Type.Object(
        {
          from: Type.String({ maxLength: 10 }),
          to: Type.String({ maxLength: 10 }),
          granularity: Type.String({ maxLength: 10 }),
        },
        { additionalProperties: false },
      ),
    ),
    institution_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** A download's body is a few fields: far more is refused before it is read (413). */
const DOWNLOAD_BODY_LIMIT = 2 * 1024;

/**
 * Chart downloads one account may log in a window: a person downloads a few; a script writing the
 * Download Logs full is refused (429) and writes nothing.
 */
export const CHART_DOWNLOAD_RULE: ThrottleRule = { limit: 30, windowMs: 10 * 60_000 };

/** The chart's download, as the download log names it (alongside the resources' exports). */
const CHART_LOG_NAME = "learner-progression";

/**
 * `GET /dashboard`: the metrics and the progression chart over the reader's scope —
 * provider staff the platform or one institution they pick, institution staff their learners,
 * recruiters the applicants to their postings, a learner themselves. `POST /dashboard/downloads`
 * records a download of the chart (PNG or CSV, made in the browser) in the download log.
 */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/dashboard",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["dashboard"],
        security: bearer,
        querystring: DashboardQuery,
        response: { 200: DataOf(DashboardData), ...errorResponses },
      },
    },
    async (request) => {
      const range = rangeOf(request, request.query);
      const scope = await scopeOf(request, request.query.institution_id);
      // the pipeline of an institution's or a recruiter company's postings
      const stages = scope.kind === "institution" || scope.kind === "recruiter" ? scope : null;
      return { data: await dashboardOf(app.db, scope, range, stages) };
    },
  );

  app.post(
    "/dashboard/downloads",
    {
      config: { access: "signed-in" },
      bodyLimit: DOWNLOAD_BODY_LIMIT,
      schema: {
        tags: ["dashboard"],
        security: bearer,
        body: DownloadBody,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { kind, institution_id } = request.body;
      const range = rangeOf(request, request.body.range ?? {});
      // the log says which dashboard was downloaded: one out of the reader's reach is refused as its view is
      await scopeOf(request, institution_id);
      const seconds = await spendAllowance(app.db, `chart-download:user:${request.auth.id}`, CHART_DOWNLOAD_RULE);
      if (seconds > 0) throw throttled(request.t("dashboard.downloadThrottled", { seconds }), seconds);
      await logDownload(app.db, {
        user_id: request.auth.id,
        resource: CHART_LOG_NAME,
        filters: JSON.stringify({
          file: Downloads[kind],
          ...range,
          ...(institution_id ? { institution_id } : {}),
        }),
        row_count: 0,
        created_at: nowIso(),
      });
      return reply.code(204).send(null);
    },
  );
}

/** The range asked for, or the last five years by year; a day that is not one, a reversed or too fine a range is a 400 under its field. */
function rangeOf(
  request: FastifyRequest,
  query: { from?: string | undefined; to?: string | undefined; granularity?: string | undefined },
): DashboardRange {
  const today = nowIso().slice(0, 10);
  const fallback = defaultDashboardRange(today);
  const errors: Record<string, string> = {};
  const granularity = (query.granularity ?? fallback.granularity) as DashboardGranularity;
  if (!DASHBOARD_GRANULARITIES.includes(granularity)) errors.granularity = request.t("field.invalid");
  const from = query.from ?? (query.to && isIsoDay(query.to) ? `${query.to.slice(0, 4)}-01-01` : fallback.from);
  const to = query.to ?? (query.from && isIsoDay(query.from) && query.from > today ? query.from : today);
  if (!isIsoDay(from)) errors.from = request.t("field.invalid");
  if (!isIsoDay(to)) errors.to = request.t("field.invalid");
  else if (!errors.from && to < from) errors.to = request.t("dashboard.reversed");
  if (!Object.keys(errors).length && progressionBucketCount(from, to, granularity) > MAX_PROGRESSION_BUCKETS) {
    errors.granularity = request.t("dashboard.tooFine", { max: MAX_PROGRESSION_BUCKETS });
  }
  if (Object.keys(errors).length) throw badRequest(request.t("invalidInput"), errors);
  return { from, to, granularity };
}

/** Whose activity the reader sees; an institution they may not pick is a 404, as any row out of reach. */
async function scopeOf(request: FastifyRequest, institutionId: number | undefined): Promise<DashboardScope> {
  const user: SessionUser = request.auth;
  const kind = roleKind(user.role);
  if (kind === "provider") {
    if (institutionId === undefined) return { kind: "platform" };
    const found = await request.server.db
      .selectFrom("institutions")
      .select("id")
      .where("id", "=", institutionId)
      .executeTakeFirst();
    if (!found) throw notFound(request.t("notFound"));
    return { kind: "institution", institutionId };
  }
  const own = user.institution?.id ?? null;
  if (institutionId !== undefined && institutionId !== own) throw notFound(request.t("notFound"));
  if (kind === "institution" && own !== null) return { kind: "institution", institutionId: own };
  if (kind === "recruiter" && user.recruiterId !== null) return { kind: "recruiter", recruiterId: user.recruiterId };
  return { kind: "learner", userId: user.id };
}
