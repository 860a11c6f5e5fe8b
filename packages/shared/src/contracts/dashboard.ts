import { type Static, Type } from "typebox";
import { PROGRESSION_SERIES_KEYS } from "../chart.js";
import { POSTING_TYPES } from "../enums.js";
import { OneOf } from "./common.js";

/** `GET /dashboard`: the metrics and the progression chart over the reader's scope and range. */

export const DASHBOARD_GRANULARITIES = ["year", "month", "week", "day"] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];

/** Each metric, a count of rows in the caller's scope and the range. */
export const DashboardMetrics = Type.Object(
  Object.fromEntries(PROGRESSION_SERIES_KEYS.map((key) => [key, Type.Integer()])) as Record<
    (typeof PROGRESSION_SERIES_KEYS)[number],
    ReturnType<typeof Type.Integer>
  >,
);
export type DashboardMetrics = Static<typeof DashboardMetrics>;

/** Applicants to the caller's postings at one stage (recruiters and institution staff). */
export const DashboardStageCount = Type.Object({
  posting_type: OneOf(POSTING_TYPES),
  stage: Type.String(),
  count: Type.Integer(),
});
export type DashboardStageCount = Static<typeof DashboardStageCount>;

/**
 * What a recruiter counts, as it stands today whatever the range: their company's postings (open
 * for applications now, and all of them) and the applications at the hired stage.
 */
export const DashboardRecruiting = Type.Object({
  postingsOpen: Type.Integer(),
  postingsTotal: Type.Integer(),
  hires: Type.Integer(),
});
export type DashboardRecruiting = Static<typeof DashboardRecruiting>;

export const DashboardRange = Type.Object({
  /** First and last day counted, `YYYY-MM-DD`, both included. */
  from: Type.String(),
  to: Type.String(),
  granularity: OneOf(DASHBOARD_GRANULARITIES),
});
export type DashboardRange = Static<typeof DashboardRange>;

/** The chart: one number per category and series; only skillsGained has tags (one list per category). */
export const ProgressionChart = Type.Object({
  categories: Type.Array(Type.Union([Type.String(), Type.Number()])),
  series: Type.Array(
    Type.Object({
      name: OneOf(PROGRESSION_SERIES_KEYS),
      data: Type.Array(Type.Number()),
      tags: Type.Optional(Type.Array(Type.Array(Type.String()))),
    }),
  ),
});
export type ProgressionChart = Static<typeof ProgressionChart>;

/** `GET /dashboard` → `{ data: DashboardData }`. */
export const DashboardData = Type.Object({
  metrics: DashboardMetrics,
  /** `categories` are the bucket keys of `progressionBuckets` for `range`. */
  progression: ProgressionChart,
  range: DashboardRange,
  /** Open applicants by stage to an institution's or a recruiter company's postings; absent for the platform and learners. */
  stages: Type.Optional(Type.Array(DashboardStageCount)),
  /** A recruiter company's postings and hires; absent for everyone else. */
  recruiting: Type.Optional(DashboardRecruiting),
});
export type DashboardData = Static<typeof DashboardData>;
