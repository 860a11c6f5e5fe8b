import {
  BookOutlined,
  CheckCircleOutlined,
  FormOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  StarOutlined,
  TeamOutlined,
  TrophyOutlined,
} from "@ant-design/icons";
import { type DashboardMetrics, enumLabelKey, PROGRESSION_SERIES_KEYS, type ProgressionSeriesKey } from "@csc/shared";
import { Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";

const METRIC_ICONS: Record<ProgressionSeriesKey, ReactNode> = {
  courseEnrolled: <BookOutlined />,
  courseCompleted: <CheckCircleOutlined />,
  assessmentTaken: <FormOutlined />,
  internshipJobsApplied: <SendOutlined />,
  trainingJoined: <TeamOutlined />,
  trainingCompleted: <SafetyCertificateOutlined />,
  certificateObtained: <TrophyOutlined />,
  externalProgramsEnrolled: <RocketOutlined />,
  skillsGained: <StarOutlined />,
};

export const metricLabelKey = (key: ProgressionSeriesKey) => enumLabelKey("progressionSeries", key);

export const everyMetricIsZero = (metrics: DashboardMetrics) => PROGRESSION_SERIES_KEYS.every((key) => !metrics[key]);

/** One card per metric, in the chart's legend order; skeletons while `metrics` is on its way. */
export function MetricCards({
  metrics,
  compact = false,
}: {
  metrics: DashboardMetrics | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className={`csc-metrics${compact ? " csc-metrics--compact" : ""}`} aria-busy={metrics === undefined}>
      {PROGRESSION_SERIES_KEYS.map((key) => (
        <li key={key} className="csc-metric" data-testid="metric" data-metric={key}>
          <span className="csc-metric__icon" aria-hidden="true">
            {METRIC_ICONS[key]}
          </span>
          <span className="csc-metric__text">
            <span className="csc-metric__label">{t(metricLabelKey(key))}</span>
            {metrics ? (
              <strong className="csc-metric__value" data-testid="metric-value" data-value={metrics[key]}>
                {formatNumber(metrics[key], language)}
              </strong>
            ) : (
              <Skeleton.Button active size="small" className="csc-metric__skeleton" />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
