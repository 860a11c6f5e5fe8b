import { FileTextOutlined, PictureOutlined } from "@ant-design/icons";
import {
  type DashboardRange,
  PROGRESSION_CSV_FILENAME,
  PROGRESSION_PNG_FILENAME,
  type ProgressionChartData,
  progressionCsv,
} from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Button, Space } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../engine/display/format";
import { saveFile } from "../shell/providers/download";
import { useLanguage } from "../shell/providers/i18n";
import { type DashboardDownloadKind, logDashboardDownload } from "./dashboardApi";
import { metricLabelKey } from "./MetricCards";
import { ProgressionLines } from "./ProgressionLines";

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

/**
 * The learner progression chart with its PNG and CSV downloads, each logged in
 * Download Logs. Loaded on its own with the chart library.
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
  const { open } = useNotification();
  const container = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<DashboardDownloadKind | null>(null);
  const seriesLabel = (key: Parameters<typeof metricLabelKey>[0]) => t(metricLabelKey(key));

  const download = async (kind: DashboardDownloadKind) => {
    setBusy(kind);
    try {
      if (kind === "png") {
        const png = chartPng(container.current);
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
        <ProgressionLines progression={progression} />
      </div>
    </div>
  );
}
