import { FileSearchOutlined, ReadOutlined, SendOutlined, TeamOutlined, TrophyOutlined } from "@ant-design/icons";
import type { DashboardData, ProgressionSeriesKey } from "@csc/shared";
import { Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { metricLabelKey } from "./MetricCards";

/** The range's counts a recruiter has (the others are learners' own learning, always 0 for them). */
const RANGE_METRICS: readonly [ProgressionSeriesKey, ReactNode][] = [
  ["internshipJobsApplied", <SendOutlined key="applied" />],
  ["trainingJoined", <ReadOutlined key="joined" />],
];

interface Card {
  key: string;
  icon: ReactNode;
  label: string;
  value: number | undefined;
  detail?: string;
}

/**
 * What a recruiter counts: their open postings out of all of them, the applicants in
 * their pipeline, their hires, then the applications their postings received in the range.
 */
export function RecruitingCards({ data }: { data: DashboardData | undefined }) {
  const { t } = useTranslation("dashboard");
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const recruiting = data?.recruiting;
  const applicants = data?.stages?.reduce((sum, stage) => sum + stage.count, 0);
  const cards: Card[] = [
    {
      key: "postingsOpen",
      icon: <FileSearchOutlined />,
      label: t("recruiting.postingsOpen"),
      value: recruiting?.postingsOpen,
      detail: recruiting
        ? t("recruiting.postingsOf", { total: formatNumber(recruiting.postingsTotal, language) })
        : undefined,
    },
    { key: "applicants", icon: <TeamOutlined />, label: t("recruiting.applicants"), value: applicants },
    { key: "hires", icon: <TrophyOutlined />, label: t("recruiting.hires"), value: recruiting?.hires },
    ...RANGE_METRICS.map(([key, icon]) => ({
      key,
      icon,
      label: tc(metricLabelKey(key)),
      value: data?.metrics[key],
    })),
  ];
  return (
    <ul className="csc-metrics" aria-busy={data === undefined} data-testid="recruiting-cards">
      {cards.map((card) => (
        <li key={card.key} className="csc-metric" data-testid="metric" data-metric={card.key}>
          <span className="csc-metric__icon" aria-hidden="true">
            {card.icon}
          </span>
          <span className="csc-metric__text">
            <span className="csc-metric__label">{card.label}</span>
            {card.value === undefined ? (
              <Skeleton.Button active size="small" className="csc-metric__skeleton" />
            ) : (
              <strong className="csc-metric__value" data-testid="metric-value" data-value={card.value}>
                {formatNumber(card.value, language)}
              </strong>
            )}
            {card.detail ? <span className="csc-metric__detail">{card.detail}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
