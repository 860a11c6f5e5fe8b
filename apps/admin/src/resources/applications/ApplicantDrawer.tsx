import { useOne } from "@refinedev/core";
import { Alert, Descriptions, Drawer, Grid, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatNumber } from "../../engine/display/format";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { useLanguage } from "../../shell/providers/i18n";
import { ApplicantActions } from "./ApplicantActions";
import { ApplicantHistory } from "./ApplicantHistory";
import { ApplicantProfile } from "./ApplicantProfile";
import { type PipelineEnum, usePipelineLabels } from "./labels";
import { type Application, gradingOfRow, type Posting } from "./posting";
import "./applicantDrawer.css";

export { historyKey } from "./ApplicantHistory";

/** The history's fields whose values are one of the pipeline's enums. */
const ENUM_FIELDS: Partial<Record<string, PipelineEnum>> = {
  stage: "stage",
  attendance: "attendance",
  grade: "grade",
  completion_status: "completion_status",
};

/**
 * One applicant: who they are (their profile's essentials, skills and CV), where their application
 * stands, what staff who manage the posting may do about it, and its history. Without a posting (a
 * learner's applications to many), the application's own row says what it is to, `postingOf`
 * shows which posting, and nothing is changed here.
 */
export function ApplicantDrawer({
  id,
  posting,
  postingOf,
  onClose,
}: {
  id: number | null;
  posting?: Posting;
  postingOf?: (row: Application) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation("pipeline");
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={screens.sm ? 560 : "100%"}
      title={t("detail.title")}
      destroyOnHidden
      data-testid="applicant-detail"
      className="csc-applicant-drawer"
    >
      {id !== null ? <ApplicantDetail id={id} posting={posting} postingOf={postingOf} /> : null}
    </Drawer>
  );
}

function ApplicantDetail({
  id,
  posting,
  postingOf,
}: {
  id: number;
  posting?: Posting;
  postingOf?: (row: Application) => ReactNode;
}) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const meta = useResourceMeta("applications");
  const { label, stage } = usePipelineLabels();
  const { query, result: row } = useOne<Application>({ resource: "applications", id, errorNotification: false });

  if (query.isError) return <Alert type="warning" showIcon message={query.error?.message ?? t("detail.loadFailed")} />;
  if (query.isLoading || !row) return <Skeleton active paragraph={{ rows: 8 }} />;

  const postingType = posting?.type ?? row.posting_type;
  const gradingType = posting ? posting.gradingType : gradingOfRow(row);
  // those who manage the posting (editors and admins of its owner) act; viewers and others read
  const canChange = Boolean(posting?.manages) && Boolean(meta?.commands.includes("bulk")) && !row.withdrawn_at;
  const shown = (field: string, value: string | number | null) => {
    if (value === null || value === "") return "—";
    if (field === "stage") return stage(String(value), postingType);
    const name = ENUM_FIELDS[field];
    if (name) return label(name, value);
    if (field === "percentage") return `${formatNumber(Number(value), language)}%`;
    if (field === "withdrawn_at") return formatDateTime(value, language) ?? String(value);
    return String(value);
  };

  const facts: { key: string; label: string; children: ReactNode }[] = [
    ...(postingOf ? [{ key: "posting", label: t("columns.posting"), children: postingOf(row) }] : []),
    { key: "applied_at", label: t("columns.applied_at"), children: formatDate(row.applied_at, language) ?? "—" },
    {
      key: "applicant_type",
      label: t("columns.applicant_type"),
      children: label("applicant_type", row.applicant_type),
    },
    {
      key: "stage",
      label: t("columns.stage"),
      children: <span data-testid="applicant-current-stage">{stage(row.stage, postingType)}</span>,
    },
    { key: "attendance", label: t("columns.attendance"), children: label("attendance", row.attendance) },
  ];
  if (gradingType === "grade") {
    facts.push({ key: "grade", label: t("columns.assessment"), children: shown("grade", row.grade) });
  } else if (gradingType === "percentage") {
    facts.push({ key: "percentage", label: t("columns.assessment"), children: shown("percentage", row.percentage) });
  }
  if (postingType === "learning-event") {
    facts.push({
      key: "completion_status",
      label: t("detail.fields.completion_status"),
      children: label("completion_status", row.completion_status),
    });
  }
  if (row.withdrawn_at) {
    facts.push({
      key: "withdrawn_at",
      label: t("detail.fields.withdrawn_at"),
      children: formatDateTime(row.withdrawn_at, language) ?? "—",
    });
  }

  return (
    <div className="csc-applicant-detail">
      <ApplicantProfile id={id} row={row} />
      <section aria-labelledby={`csc-application-${id}`}>
        <Typography.Title level={3} className="csc-drawer-section__title" id={`csc-application-${id}`}>
          {t("drawer.application")}
        </Typography.Title>
        <Descriptions size="small" bordered column={1} items={facts} className="csc-details" />
      </section>
      {canChange && posting ? <ApplicantActions row={row} posting={posting} /> : null}
      <ApplicantHistory id={id} shown={shown} />
    </div>
  );
}
