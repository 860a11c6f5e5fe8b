import type { ProgressionChartData, ProgressionSeriesKey } from "@csc/shared";

/** One point of the progression chart: a series' count in one category, labelled for the screen. */
export interface ProgressionPoint {
  /** The category's bucket key (`2024`, `2024-03`, …) and its label on the axis. */
  key: string;
  category: string;
  seriesKey: ProgressionSeriesKey;
  series: string;
  value: number;
  /** skillsGained only: the skills gained in this category. */
  tags: readonly string[];
}

/** The chart's rows, series by series in legend order, each category labelled by `categoryLabel`. */
export function progressionPoints(
  progression: ProgressionChartData,
  seriesLabel: (key: ProgressionSeriesKey) => string,
  categoryLabel: (key: string) => string,
): ProgressionPoint[] {
  const labels = progression.categories.map((category) => categoryLabel(String(category)));
  return progression.series.flatMap((series) =>
    progression.categories.map((category, index) => ({
      key: String(category),
      category: labels[index] ?? String(category),
      seriesKey: series.name,
      series: seriesLabel(series.name),
      value: series.data[index] ?? 0,
      tags: series.tags?.[index] ?? [],
    })),
  );
}
