import { csvRow } from "./csv.js";
import { defineEnum, type EnumOption } from "./enums.js";

/** The learner progression chart: series keys, y axis and downloads. */

/** Chart series and dashboard metric keys, in legend order. */
export const PROGRESSION_SERIES_KEYS = [
  "courseEnrolled",
  "courseCompleted",
  "assessmentTaken",
  "internshipJobsApplied",
  "trainingJoined",
  "trainingCompleted",
  "certificateObtained",
  "externalProgramsEnrolled",
  "skillsGained",
] as const;
export type ProgressionSeriesKey = (typeof PROGRESSION_SERIES_KEYS)[number];

/** Legend and CSV header labels; the keys are `enums:progressionSeries.<key>`. */
export const PROGRESSION_SERIES_OPTIONS: readonly EnumOption<ProgressionSeriesKey>[] = defineEnum(
  "progressionSeries",
  PROGRESSION_SERIES_KEYS,
  {
    courseEnrolled: "Courses Enrolled",
    courseCompleted: "Courses Completed",
    assessmentTaken: "Assessments Taken",
    internshipJobsApplied: "Internships/Jobs Applied",
    trainingJoined: "Trainings Joined",
    trainingCompleted: "Trainings Completed",
    certificateObtained: "Certificates Obtained",
    externalProgramsEnrolled: "Enrichment Programs Enrolled",
    skillsGained: "Skills Gained",
  },
);

interface ProgressionSeries {
  name: ProgressionSeriesKey;
  /** One number per category (year). */
  data: readonly number[];
  /** Only skillsGained has tags: the names of the skills gained, one list per category. */
  tags?: readonly (readonly string[])[];
}

export interface ProgressionChartData {
  /** The years, as the axis shows them. */
  categories: readonly (string | number)[];
  series: readonly ProgressionSeries[];
}

export const CHART_HEIGHT = 400;
const Y_AXIS_STEP = 5;
const Y_AXIS_MIN_MAX = 5;
const Y_AXIS_TICK_COUNT = 4;

export const PROGRESSION_PNG_FILENAME = "learner-progression-chart.png";
export const PROGRESSION_CSV_FILENAME = "progression.csv";

/** The largest value of all series rounded up to a multiple of 5, at least 5. */
export function yAxisMax(series: readonly Pick<ProgressionSeries, "data">[]): number {
  let largest = 0;
  for (const entry of series) {
    for (const value of entry.data) if (Number.isFinite(value) && value > largest) largest = value;
  }
  return Math.max(Y_AXIS_MIN_MAX, Math.ceil(largest / Y_AXIS_STEP) * Y_AXIS_STEP);
}

/** Four evenly spaced ticks from 0 to `max`, both included, to two decimals at most. */
export function yAxisTicks(max: number): number[] {
  const intervals = Y_AXIS_TICK_COUNT - 1;
  return Array.from({ length: Y_AXIS_TICK_COUNT }, (_, index) => Math.round((max * index * 100) / intervals) / 100);
}

interface YAxisScale {
  min: 0;
  max: number;
  ticks: number[];
}

export function yAxisScale(series: readonly Pick<ProgressionSeries, "data">[]): YAxisScale {
  const max = yAxisMax(series);
  return { min: 0, max, ticks: yAxisTicks(max) };
}

/* CSV download: header row of labels, first column Year, every value in double quotes. */

const CSV_YEAR_HEADER = "Year";

/**
 * The progression CSV: `Year` then one column per series (labelled by `labelFor`, en-US by
 * default; pass the translated label), one row per category. Lines end with CRLF (RFC 4180).
 */
export function progressionCsv(
  chart: ProgressionChartData,
  labelFor: (key: ProgressionSeriesKey) => string = progressionSeriesLabel,
  yearHeader: string = CSV_YEAR_HEADER,
): string {
  const header = csvRow([yearHeader, ...chart.series.map((entry) => labelFor(entry.name))]);
  const rows = chart.categories.map((category, index) =>
    csvRow([category, ...chart.series.map((entry) => entry.data[index])]),
  );
  return [header, ...rows].join("\r\n");
}

function progressionSeriesLabel(key: ProgressionSeriesKey): string {
  return PROGRESSION_SERIES_OPTIONS.find((option) => option.value === key)?.label ?? key;
}
