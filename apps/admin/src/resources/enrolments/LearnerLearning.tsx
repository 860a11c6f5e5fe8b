import { ReadOutlined } from "@ant-design/icons";
import { ENROLMENT_RESOURCE } from "@csc/shared";
import { type CrudFilter, useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Table, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../../components/AppCard";
import { formatDate, formatNumber } from "../../engine/display/format";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { useLanguage } from "../../shell/providers/i18n";
import { ProgressCell, StatusTag } from "./EnrolledLearners";
import { type Enrolment, statusOf, useItemTitles } from "./enrolment";
import "./enrolments.css";
import { LoadFailedAlert } from "./LoadFailedAlert";

/**
 * One learner's courses, programs and roadmaps, on their detail page, for the staff who reach them
 * (staff see their learners' results): the item, its kind, how far they are, completed or
 * not and the certificate. Read only — completion is changed on the item's own page.
 */
export function LearnerLearning({
  learnerId,
  recordPath,
}: {
  learnerId: number;
  recordPath: (resource: string, id: number) => string | null;
}) {
  const { t } = useTranslation("staffLearning");
  const language = useLanguage();
  const meta = useResourceMeta("enrolments");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const filters = useMemo<CrudFilter[]>(() => [{ field: "user_id", operator: "eq", value: learnerId }], [learnerId]);
  const list = useList<Enrolment>({
    resource: "enrolments",
    pagination: { currentPage: page, pageSize },
    filters,
    sorters: [{ field: "enrolled_at", order: "desc" }],
    errorNotification: false,
    queryOptions: { enabled: Boolean(meta), placeholderData: keepPreviousData },
  });
  const rows = list.result.data;
  const titleOf = useItemTitles(rows);
  if (!meta) return null;
  const total = list.result.total ?? 0;

  const columns: ColumnType<Enrolment>[] = [
    {
      key: "item",
      title: t("columns.item"),
      render: (_value, row) => {
        const title = titleOf(row) ?? t("unavailable");
        const href = recordPath(ENROLMENT_RESOURCE[row.item_type], row.item_id);
        return (
          <span className="csc-enrolment-item" data-testid="learning-item">
            {href ? <Link to={href}>{title}</Link> : <span>{title}</span>}
            <Typography.Text type="secondary" className="csc-enrolment-item__type">
              {t(`itemType.${row.item_type}`)}
            </Typography.Text>
          </span>
        );
      },
    },
    {
      key: "enrolled_at",
      title: t("columns.enrolledAt"),
      render: (_value, row) => <span className="csc-nowrap">{formatDate(row.enrolled_at, language) ?? "—"}</span>,
    },
    {
      key: "progress",
      title: t("columns.progress"),
      width: 140,
      render: (_value, row) => <ProgressCell value={row.progress} language={language} />,
    },
    { key: "status", title: t("columns.status"), render: (_value, row) => <StatusTag status={statusOf(row)} /> },
    {
      key: "completed_at",
      title: t("columns.completedAt"),
      render: (_value, row) => <span className="csc-nowrap">{formatDate(row.completed_at, language) ?? "—"}</span>,
    },
    {
      key: "certificate_code",
      title: t("columns.certificate"),
      render: (_value, row) =>
        row.certificate_code ? (
          <Typography.Text code className="csc-nowrap">
            {row.certificate_code}
          </Typography.Text>
        ) : (
          "—"
        ),
    },
  ];

  return (
    <section className="csc-enrolments" aria-labelledby="csc-learner-learning-title" data-testid="learner-learning">
      <AppCard
        className="csc-list-card"
        icon={<ReadOutlined />}
        title={
          <span id="csc-learner-learning-title">
            {t("learning.title")}
            {list.result.total !== undefined ? (
              <span className="csc-enrolments__count" data-testid="learner-learning-count" data-count={total}>
                {t("learning.count", { count: total, formatted: formatNumber(total, language) })}
              </span>
            ) : null}
          </span>
        }
      >
        {list.query.isError ? (
          <LoadFailedAlert query={list.query} message={t("loadFailed")} retry={t("retry")} />
        ) : (
          <Table<Enrolment>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={list.query.isFetching}
            scroll={{ x: "max-content" }}
            pagination={{
              current: page,
              pageSize,
              total,
              hideOnSinglePage: true,
              onChange: (next, size) => {
                setPage(size !== pageSize ? 1 : next);
                setPageSize(size);
              },
            }}
            locale={{ emptyText: <span data-testid="learner-learning-empty">{t("learning.empty")}</span> }}
            data-testid="learner-learning-table"
          />
        )}
      </AppCard>
    </section>
  );
}
