import { Line } from "@ant-design/plots";
import { CHART_HEIGHT, type ProgressionChartData, yAxisScale } from "@csc/shared";
import { theme } from "antd";
import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { useAppearance } from "../shell/theme/AppearanceProvider";
import { categoryLabel } from "./dashboardQuery";
import { metricLabelKey } from "./MetricCards";
import { type ProgressionPoint, progressionPoints } from "./progressionRows";

/** Distinct on both the dark admin theme and the light ones, one per series in legend order. */
const SERIES_COLOURS = [
  "#4c6ef5",
  "#12b886",
  "#f59f00",
  "#e64980",
  "#15aabf",
  "#7950f2",
  "#fa5252",
  "#82c91e",
  "#fd7e14",
];

interface TooltipItem {
  name?: string;
  value?: unknown;
  color?: string;
}

/**
 * The tooltip's body: the category, then each series with its colour and count, the skills gained
 * listed under their count. Built from text nodes: skill names are typed by people.
 */
function tooltipBody(title: string, items: readonly TooltipItem[], skillsOf: (item: TooltipItem) => readonly string[]) {
  const body = document.createElement("div");
  body.className = "csc-chart-tooltip";
  const heading = document.createElement("div");
  heading.className = "csc-chart-tooltip__title";
  heading.textContent = title;
  body.append(heading);
  const list = document.createElement("ul");
  for (const item of items) {
    const row = document.createElement("li");
    const marker = document.createElement("span");
    marker.className = "csc-chart-tooltip__marker";
    marker.style.background = item.color ?? "currentColor";
    const name = document.createElement("span");
    name.className = "csc-chart-tooltip__name";
    name.textContent = item.name ?? "";
    const value = document.createElement("strong");
    value.textContent = String(item.value ?? "");
    row.append(marker, name, value);
    const skills = skillsOf(item);
    if (skills.length > 0) {
      const tags = document.createElement("div");
      tags.className = "csc-chart-tooltip__skills";
      tags.textContent = skills.join(", ");
      row.append(tags);
    }
    list.append(row);
  }
  body.append(list);
  return body;
}

/**
 * The chart itself: a line per series, the y axis from 0 to the shared rounded maximum in
 * 4 ticks, categories labelled through the user's formatter, legend and tooltip in the user's
 * language. Drawn again only when the data, the language or the theme change (the plots library
 * redraws on every new configuration).
 */
export const ProgressionLines = memo(function ProgressionLines({ progression }: { progression: ProgressionChartData }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const { appearance } = useAppearance();
  // the canvas inherits neither the page's text colours nor its fonts (Devanagari shapes only in
  // the page's own): the theme's, at their full contrast
  const { token } = theme.useToken();
  const points = useMemo(
    () =>
      progressionPoints(
        progression,
        (key) => t(metricLabelKey(key)),
        (key) => categoryLabel(key, language),
      ),
    [progression, language, t],
  );
  const scale = yAxisScale(progression.series);
  const skillsLabel = t(metricLabelKey("skillsGained"));
  const skillsByCategory = new Map(
    points.filter((point) => point.seriesKey === "skillsGained").map((point) => [point.category, point.tags]),
  );
  const dark = appearance.kind === "admin";
  const axisStyle = {
    title: false,
    labelFill: token.colorTextSecondary,
    labelOpacity: 1,
    labelFontSize: 12,
    labelFontFamily: token.fontFamily,
    lineStroke: token.colorBorder,
    tickStroke: token.colorBorder,
    gridStroke: token.colorBorder,
    gridStrokeOpacity: 0.6,
  } as const;
  const number = (value: unknown) => formatNumber(Number(value), language) ?? String(value);

  return (
    <Line
      data={points}
      xField="category"
      yField="value"
      colorField="series"
      height={CHART_HEIGHT}
      autoFit
      containerStyle={{ height: CHART_HEIGHT }}
      theme={dark ? "classicDark" : "classic"}
      scale={{
        y: { domainMin: scale.min, domainMax: scale.max, nice: false, tickMethod: () => scale.ticks },
        color: { range: SERIES_COLOURS },
      }}
      axis={{
        // labels stay level: those that would overlap are left out (the tooltip names every category)
        x: { ...axisStyle, labelAutoRotate: false, labelAutoHide: true },
        y: { ...axisStyle, labelFormatter: number },
      }}
      point={{ shapeField: "point", sizeField: 3 }}
      legend={{
        color: {
          position: "bottom",
          layout: { justifyContent: "center" },
          maxRows: 3,
          itemLabelFill: token.colorText,
          itemLabelFillOpacity: 1,
          itemLabelFontSize: 13,
          itemLabelFontFamily: token.fontFamily,
        },
      }}
      interaction={{
        tooltip: {
          shared: true,
          css: {
            ".g2-tooltip": {
              background: token.colorBgElevated,
              color: token.colorText,
              opacity: 1,
              "box-shadow": token.boxShadowSecondary,
              "font-family": token.fontFamily,
            },
          },
          render: (_event: unknown, { title, items }: { title: string; items: TooltipItem[] }) =>
            tooltipBody(String(title), items, (item) =>
              item.name === skillsLabel ? (skillsByCategory.get(String(title)) ?? []) : [],
            ),
        },
      }}
      tooltip={{
        title: (point: ProgressionPoint) => point.category,
        items: [(point: ProgressionPoint) => ({ name: point.series, value: number(point.value) })],
      }}
    />
  );
});
