import { useOne } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Drawer, Empty, Skeleton, Timeline, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { http } from "../../providers/http";
import { useLanguage } from "../../providers/i18n";
import { formatDate, formatDateTime, formatNumber } from "../display/format";
import { type PipelineEnum, usePipelineLabels } from "./labels";
import { type Application, gradingOfRow, type Posting } from "./posting";

/** One change of an application (`GET /applications/{id}/history`, DESIGN §5a), oldest first. */
interface HistoryEntry {
  field: string;
  from: string | number | null;
  to: string | number | null;
  note: string | null;
  by: { id: number; full_name: string } | null;
  at: string;
}

export const historyKey = (id: number) => ["application-history", id] as const;

/** The history's fields whose values are one of the pipeline's enums. */
const ENUM_FIELDS: Partial<Record<string, PipelineEnum>> = {
  stage: "stage",
  attendance: "attendance",
  grade: "grade",
  completion_status: "completion_status",
};

/**
 * One applicant's details and their history: who changed what, from what to what, why and when.
 * Without a posting (a learner's applications to many), the application's own row says what it
 * is to, and `postingOf` shows which posting.
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
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={520}
      title={t("detail.title")}
      destroyOnHidden
      data-testid="applicant-detail"
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
  const { label, stage } = usePipelineLabels();
  const { query, result: row } = useOne<Application>({ resource: "applications", id, errorNotification: false });
  const history = useQuery({
    queryKey: historyKey(id),
    queryFn: async () => (await http.get<HistoryEntry[]>(`/api/applications/${id}/history`)).data,
  });

  if (query.isError) return <Alert type="warning" showIcon message={query.error?.message ?? t("detail.loadFailed")} />;
  if (query.isLoading || !row) return <Skeleton active paragraph={{ rows: 8 }} />;

  const postingType = posting?.type ?? row.posting_type;
  const gradingType = posting ? posting.gradingType : gradingOfRow(row);
  const shown = (field: string, value: string | number | null) => {
    if (value === null || value === "") return "—";
    if (field === "stage") return stage(String(value), postingType);
    const name = ENUM_FIELDS[field];
    if (name) return label(name, value);
    if (field === "percentage") return `${formatNumber(Number(value), language)}%`;
    if (field === "withdrawn_at") return formatDateTime(value, language) ?? String(value);
    return String(value);
  };
  const fieldName = (field: string) => t(`detail.fields.${field}`, { defaultValue: field });

  const facts: { key: string; label: string; children: ReactNode }[] = [
    ...(postingOf ? [{ key: "posting", label: t("columns.posting"), children: postingOf(row) }] : []),
    { key: "full_name", label: t("columns.full_name"), children: row.full_name },
    { key: "email", label: t("columns.email"), children: row.email },
    { key: "contact_number", label: t("columns.contact_number"), children: row.contact_number || "—" },
    { key: "profession", label: t("columns.profession"), children: row.profession || "—" },
    { key: "institution", label: t("columns.institution"), children: row.institution || "—" },
    { key: "department", label: t("columns.department"), children: row.department || "—" },
    { key: "applied_at", label: t("columns.applied_at"), children: formatDate(row.applied_at, language) ?? "—" },
    {
      key: "applicant_type",
      label: t("columns.applicant_type"),
      children: label("applicant_type", row.applicant_type),
    },
    { key: "stage", label: t("columns.stage"), children: stage(row.stage, postingType) },
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
      <Descriptions size="small" bordered column={1} items={facts} className="csc-details" />
      <Typography.Title level={5} className="csc-applicant-detail__history-title">
        {t("detail.history")}
      </Typography.Title>
      {history.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : history.isError ? (
        <Alert type="warning" showIcon message={(history.error as Error)?.message ?? t("detail.loadFailed")} />
      ) : (history.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("detail.noHistory")} />
      ) : (
        <Timeline
          className="csc-applicant-history"
          items={(history.data ?? []).map((entry, index) => ({
            key: `${entry.at}-${index}`,
            children: (
              <div className="csc-history-entry" data-testid="history-entry" data-field={entry.field}>
                <div className="csc-history-entry__change">
                  {entry.field === "withdrawn_at"
                    ? t("detail.withdrew")
                    : entry.field === "stage" && entry.from === null
                      ? t("detail.applied", { stage: shown(entry.field, entry.to) })
                      : t("detail.change", {
                          field: fieldName(entry.field),
                          from: shown(entry.field, entry.from),
                          to: shown(entry.field, entry.to),
                        })}
                </div>
                <div className="csc-history-entry__meta">
                  {t("detail.by", {
                    name: entry.by?.full_name || t("detail.system"),
                    at: formatDateTime(entry.at, language) ?? entry.at,
                  })}
                </div>
                {entry.note ? <div className="csc-history-entry__note">{entry.note}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
