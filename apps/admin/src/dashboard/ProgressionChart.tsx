import { FileTextOutlined, PictureOutlined } from "@ant-design/icons";
import { Line } from "@ant-design/plots";
import {
  CHART_HEIGHT,
  type DashboardRange,
  PROGRESSION_CSV_FILENAME,
  PROGRESSION_PNG_FILENAME,
  type ProgressionChartData,
  progressionCsv,
  yAxisScale,
} from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Button, Space, theme } from "antd";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../providers/i18n";
import { formatDate, formatNumber } from "../resources/display/format";
import { useAppearance } from "../theme/AppearanceProvider";
import { type DashboardDownloadKind, logDashboardDownload, saveFile } from "./dashboardApi";
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

interface ChartHandle {
  toDataURL?: (type?: string) => string | undefined;
}

/** The chart's canvas as a PNG on the card's own background (the canvas itself is transparent). */
function chartPng(container: HTMLElement | null): string | null {
  const canvas = container?.querySelector("canvas");
  if (!canvas) return null;
  const out = document.createElement("canvas");
  out.width = canvas.width;
  out.height = canvas.height;
  const context = out.getContext("2d");
  if (!context) return null;
  const card = container?.closest(".ant-card") ?? document.body;
  context.fillStyle = getComputedStyle(card).backgroundColor || "#ffffff";
  context.fillRect(0, 0, out.width, out.height);
  context.drawImage(canvas, 0, 0);
  return out.toDataURL("image/png");
}

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
 * The learner progression chart of spec §2 and §9: a line per series, the y axis from 0 to the
 * shared rounded maximum in 4 ticks, categories labelled through the user's formatter, and the
 * PNG and CSV downloads, each logged in Download Logs. Loaded on its own with the chart library.
 */
export default function ProgressionChart({
  progression,
  range,
  institutionId,
}: {
  progression: ProgressionChartData;
  range: DashboardRange;
  /** Provider staff's chosen institution, named in the download's log. */
  institutionId?: number;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const { appearance } = useAppearance();
  const { open } = useNotification();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const [busy, setBusy] = useState<DashboardDownloadKind | null>(null);
  const seriesLabel = (key: Parameters<typeof metricLabelKey>[0]) => t(metricLabelKey(key));
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
  // the canvas inherits neither the page's text colours nor its fonts (Devanagari shapes only in
  // the page's own): the theme's, at their full contrast
  const { token } = theme.useToken();
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

  const download = async (kind: DashboardDownloadKind) => {
    setBusy(kind);
    try {
      if (kind === "png") {
        const png = chartPng(container.current) ?? chart.current?.toDataURL?.("image/png");
        if (!png) throw new Error("no canvas");
        saveFile(png, PROGRESSION_PNG_FILENAME);
      } else {
        const csv = progressionCsv(progression, seriesLabel, t("chart.year"));
        saveFile(new Blob([csv], { type: "text/csv;charset=utf-8" }), PROGRESSION_CSV_FILENAME);
      }
    } catch {
      open?.({ type: "error", message: t("chart.downloadFailed"), key: "dashboard-download" });
      setBusy(null);
      return;
    }
    const filename = kind === "png" ? PROGRESSION_PNG_FILENAME : PROGRESSION_CSV_FILENAME;
    try {
      await logDashboardDownload(kind, filename, range, institutionId);
      open?.({ type: "success", message: t("chart.downloaded", { file: filename }), key: "dashboard-download" });
    } catch {
      open?.({ type: "error", message: t("chart.logFailed"), key: "dashboard-download" });
    } finally {
      setBusy(null);
    }
  };

  const description = t("chart.description", {
    from: formatDate(range.from, language),
    to: formatDate(range.to, language),
    granularity: t(`granularity.${range.granularity}`),
  });

  return (
    <div className="csc-progression" data-testid="progression-chart">
      <Space wrap className="csc-progression__actions">
        <Button
          icon={<PictureOutlined />}
          onClick={() => download("png")}
          loading={busy === "png"}
          data-testid="download-png"
        >
          {t("chart.downloadPng")}
        </Button>
        <Button
          icon={<FileTextOutlined />}
          onClick={() => download("csv")}
          loading={busy === "csv"}
          data-testid="download-csv"
        >
          {t("chart.downloadCsv")}
        </Button>
      </Space>
      <div ref={container} role="img" aria-label={description} className="csc-progression__canvas">
        <Line
          data={points}
          xField="category"
          yField="value"
          colorField="series"
          height={CHART_HEIGHT}
          autoFit
          containerStyle={{ height: CHART_HEIGHT }}
          theme={dark ? "classicDark" : "classic"}
          onReady={(instance: ChartHandle) => {
            chart.current = instance;
          }}
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
      </div>
    </div>
  );
}
