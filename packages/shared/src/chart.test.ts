import { describe, expect, it } from "vitest";
import {
  CHART_HEIGHT,
  PROGRESSION_CSV_FILENAME,
  PROGRESSION_PNG_FILENAME,
  PROGRESSION_SERIES_KEYS,
  PROGRESSION_SERIES_OPTIONS,
  progressionCsv,
  yAxisMax,
  yAxisScale,
  yAxisTicks,
} from "./chart.js";
import { csvCell } from "./csv.js";

describe("progression series", () => {
  it("are keyed courseEnrolled … skillsGained", () => {
    expect(PROGRESSION_SERIES_KEYS).toEqual([
      "courseEnrolled",
      "courseCompleted",
      "assessmentTaken",
      "internshipJobsApplied",
      "trainingJoined",
      "trainingCompleted",
      "certificateObtained",
      "externalProgramsEnrolled",
      "skillsGained",
    ]);
    expect(PROGRESSION_SERIES_OPTIONS.map((option) => option.labelKey)).toContain(
      "enums:progressionSeries.skillsGained",
    );
  });
});

describe("y axis", () => {
  const series = (...data: number[][]) => data.map((values) => ({ data: values }));

  it("rounds the largest value up to a multiple of 5", () => {
    expect(yAxisMax(series([1, 6, 2]))).toBe(10);
    expect(yAxisMax(series([3], [21]))).toBe(25);
    expect(yAxisMax(series([40]))).toBe(40);
    expect(yAxisMax(series([40.5]))).toBe(45);
  });

  it("is at least 5, also with no data", () => {
    expect(yAxisMax(series([0, 0]))).toBe(5);
    expect(yAxisMax(series([1]))).toBe(5);
    expect(yAxisMax([])).toBe(5);
  });

  it("ignores values that are not finite numbers", () => {
    expect(yAxisMax(series([Number.NaN, Number.POSITIVE_INFINITY, 12]))).toBe(15);
  });

  it("has 4 ticks starting at 0 and ending at the maximum", () => {
    expect(yAxisTicks(15)).toEqual([0, 5, 10, 15]);
    expect(yAxisTicks(5)).toEqual([0, 1.67, 3.33, 5]);
    expect(yAxisScale(series([7, 28]))).toEqual({ min: 0, max: 30, ticks: [0, 10, 20, 30] });
  });

  it("is 400 px high", () => {
    expect(CHART_HEIGHT).toBe(400);
  });
});

describe("downloads", () => {
  it("are named learner-progression-chart (PNG) and progression (CSV)", () => {
    expect(PROGRESSION_PNG_FILENAME).toBe("learner-progression-chart.png");
    expect(PROGRESSION_CSV_FILENAME).toBe("progression.csv");
  });

  it("writes a header row of labels starting with Year, then one quoted row per year", () => {
    const csv = progressionCsv({
      categories: [2024, 2025],
      series: [
        { name: "courseEnrolled", data: [12, 30] },
        { name: "skillsGained", data: [4, 9], tags: [["SQL"], ["React", "Excel"]] },
      ],
    });
    expect(csv.split("\r\n")).toEqual([
      '"Year","Courses Enrolled","Skills Gained"',
      '"2024","12","4"',
      '"2025","30","9"',
    ]);
  });

  it("uses the labels it is given, e.g. translated ones", () => {
    const csv = progressionCsv(
      { categories: ["2081"], series: [{ name: "courseCompleted", data: [3] }] },
      () => "पूरा गरिएका पाठ्यक्रम",
      "वर्ष",
    );
    expect(csv).toBe('"वर्ष","पूरा गरिएका पाठ्यक्रम"\r\n"2081","3"');
  });

  it("leaves a cell empty when a series has no value for a year", () => {
    const csv = progressionCsv({ categories: [2024, 2025], series: [{ name: "trainingJoined", data: [5] }] });
    expect(csv.split("\r\n")[2]).toBe('"2025",""');
  });

  it("doubles quotes inside a value", () => {
    expect(csvCell('The "best" course')).toBe('"The ""best"" course"');
  });

  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1+1", '"\'+1+1"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\rcmd", '"\'\rcmd"'],
  ])("prefixes a single quote to a formula-like cell: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("leaves ordinary text and numbers alone", () => {
    expect(csvCell("Year")).toBe('"Year"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(null)).toBe('""');
  });

  it("neutralises a formula hidden in a series label", () => {
    const csv = progressionCsv(
      { categories: [2024], series: [{ name: "courseEnrolled", data: [1] }] },
      () => "=cmd|'/c calc'!A1",
    );
    expect(csv.split("\r\n")[0]).toBe(`"Year","'=cmd|'/c calc'!A1"`);
  });
});
