import { CheckCircleOutlined, TeamOutlined, UndoOutlined } from "@ant-design/icons";
import { type CrudFilter, useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Modal, Progress, Segmented, Table, type TablePaginationConfig, Tag, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppCard } from "../../components/AppCard";
import type { DetailSectionProps } from "../../engine/behaviour";
import { formatDate, formatNumber } from "../../engine/display/format";
import { BulkBar } from "../../engine/list/BulkBar";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { useLanguage } from "../../shell/providers/i18n";
import {
  type Enrolment,
  type EnrolmentStatus,
  ITEM_TYPE_OF,
  mayRun,
  statusOf,
  useInstitutionNames,
  useLearners,
} from "./enrolment";
import { useCompletion } from "./useCompletion";
import "./enrolments.css";
import { LoadFailedAlert } from "./LoadFailedAlert";

type StatusFilter = "all" | EnrolmentStatus;

/** What a confirmation asks before completion is taken back (the certificate goes with it). */
interface Reopening {
  ids: number[];
}

/**
 * A course's or an enrichment program's enrolled learners, for the staff who read them:
 * who enrolled when, how far they are, completed or not, their certificate. Staff whose rules reach
 * a row mark it complete or not complete, one by one or the selected rows together (all or
 * nothing); taking completion back asks first, since the certificate goes with it.
 */
export default function EnrolledLearners({ record, meta: itemMeta }: DetailSectionProps) {
  const itemType = ITEM_TYPE_OF[itemMeta.name];
  if (!itemType) return null;
  return <EnrolledLearnersOf itemType={itemType} itemId={record.id} />;
}

const STATUS_FILTERS: readonly StatusFilter[] = ["all", "in-progress", "completed"];
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The view of the enrolled learners as the address keeps it (`e_status`, `e_page`, `e_size`): a
 * reload, the back button or a shared link shows the same learners; the defaults stay out of it.
 */
function useEnrolledView() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("e_status");
  const status = STATUS_FILTERS.find((value) => value === requested) ?? "all";
  const page = Math.max(1, Number.parseInt(params.get("e_page") ?? "1", 10) || 1);
  const size = Number(params.get("e_size"));
  const pageSize = PAGE_SIZES.includes(size) ? size : 20;
  const setView = (next: { status?: StatusFilter; page?: number; pageSize?: number }) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        const put = (name: string, value: string | number | undefined, fallback: string | number) => {
          if (value === undefined) return;
          if (value === fallback) updated.delete(name);
          else updated.set(name, String(value));
        };
        put("e_status", next.status, "all");
        put("e_page", next.page, 1);
        put("e_size", next.pageSize, 20);
        return updated;
      },
      { replace: false },
    );
  return { status, page, pageSize, setView };
}

function EnrolledLearnersOf({ itemType, itemId }: { itemType: Enrolment["item_type"]; itemId: number }) {
  const { t } = useTranslation("staffLearning");
  const language = useLanguage();
  const meta = useResourceMeta("enrolments");
  const completion = useCompletion();
  const { status, page, pageSize, setView } = useEnrolledView();
  const [selected, setSelected] = useState<number[]>([]);
  const [reopening, setReopening] = useState<Reopening | null>(null);

  const filters = useMemo<CrudFilter[]>(
    () => [
      { field: "item_type", operator: "eq", value: itemType },
      { field: "item_id", operator: "eq", value: itemId },
      ...(status === "all"
        ? []
        : [{ field: "completed", operator: "eq" as const, value: String(status === "completed") }]),
    ],
    [itemType, itemId, status],
  );
  const list = useList<Enrolment>({
    resource: "enrolments",
    pagination: { currentPage: page, pageSize },
    filters,
    sorters: [{ field: "enrolled_at", order: "desc" }],
    errorNotification: false,
    queryOptions: { enabled: Boolean(meta), placeholderData: keepPreviousData },
  });
  const rows = list.result.data;
  const total = list.result.total ?? 0;
  const learners = useLearners(rows.map((row) => row.user_id));
  const institutionName = useInstitutionNames(rows.map((row) => row.institution_id));

  // a new view is a new set of rows: what was selected in the old one is no longer in sight
  const viewKey = JSON.stringify([filters, page, pageSize]);
  useEffect(() => {
    void viewKey;
    setSelected([]);
  }, [viewKey]);

  if (!meta) return null;
  const canBulk = meta.commands.includes("bulk") && rows.some((row) => mayRun(meta, "bulk", row));
  const selectedRows = rows.filter((row) => selected.includes(row.id));

  const change = async (ids: number[], completed: boolean) => {
    const done = await completion.send(ids, completed);
    if (done) setSelected((current) => current.filter((id) => !ids.includes(id)));
  };
  const ask = (ids: number[], completed: boolean) => {
    if (completed) void change(ids, true);
    else setReopening({ ids });
  };

  const learnerName = (row: Enrolment) => learners.get(row.user_id)?.full_name ?? t("learner", { id: row.user_id });
  const date = (value: string | null) => <span className="csc-nowrap">{formatDate(value, language) ?? "—"}</span>;

  const columns: ColumnType<Enrolment>[] = [
    {
      key: "learner",
      title: t("columns.learner"),
      render: (_value, row) => <span className="csc-enrolment-learner">{learnerName(row)}</span>,
    },
    {
      key: "email",
      title: t("columns.email"),
      ellipsis: true,
      render: (_value, row) => learners.get(row.user_id)?.email ?? "—",
    },
    {
      key: "institution",
      title: t("columns.institution"),
      render: (_value, row) => institutionName(row.institution_id) ?? "—",
    },
    { key: "enrolled_at", title: t("columns.enrolledAt"), render: (_value, row) => date(row.enrolled_at) },
    {
      key: "progress",
      title: t("columns.progress"),
      width: 140,
      render: (_value, row) => <ProgressCell value={row.progress} language={language} />,
    },
    {
      key: "status",
      title: t("columns.status"),
      render: (_value, row) => <StatusTag status={statusOf(row)} />,
    },
    { key: "completed_at", title: t("columns.completedAt"), render: (_value, row) => date(row.completed_at) },
    {
      key: "certificate_code",
      title: t("columns.certificate"),
      render: (_value, row) =>
        row.certificate_code ? (
          <Typography.Text code className="csc-nowrap" data-testid="enrolment-certificate">
            {row.certificate_code}
          </Typography.Text>
        ) : (
          "—"
        ),
    },
    {
      key: "actions",
      title: <span className="csc-visually-hidden">{t("columns.actions")}</span>,
      fixed: "right",
      render: (_value, row) => {
        if (!mayRun(meta, "progress", row)) return null;
        const completed = statusOf(row) === "completed";
        const name = learnerName(row);
        return (
          <Button
            size="small"
            icon={completed ? <UndoOutlined /> : <CheckCircleOutlined />}
            disabled={completion.pending}
            onClick={() => ask([row.id], !completed)}
            aria-label={t(completed ? "actions.reopenOne" : "actions.completeOne", { name })}
            data-testid={completed ? "enrolment-reopen" : "enrolment-complete"}
          >
            {t(completed ? "actions.reopen" : "actions.complete")}
          </Button>
        );
      },
    },
  ];

  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (all, [from, to]) =>
      t("range", {
        start: formatNumber(from, language),
        end: formatNumber(to, language),
        total: formatNumber(all, language),
      }),
    onChange: (next, size) => setView(size !== pageSize ? { pageSize: size, page: 1 } : { page: next }),
  };

  return (
    <section className="csc-enrolments" aria-labelledby="csc-enrolments-title" data-testid="enrolled-learners">
      <AppCard
        className="csc-list-card"
        icon={<TeamOutlined />}
        title={
          <span id="csc-enrolments-title">
            {t("enrolled.title")}
            {list.result.total !== undefined ? (
              <span className="csc-enrolments__count" data-testid="enrolled-learners-count">
                {t("enrolled.count", { count: total, formatted: formatNumber(total, language) })}
              </span>
            ) : null}
          </span>
        }
        actions={
          <Segmented<StatusFilter>
            size="small"
            value={status}
            onChange={(value) => setView({ status: value, page: 1 })}
            options={[
              { value: "all", label: t("filter.all") },
              { value: "in-progress", label: t("status.in-progress") },
              { value: "completed", label: t("status.completed") },
            ]}
            aria-label={t("filter.label")}
            data-testid="enrolled-learners-status"
          />
        }
      >
        {canBulk ? (
          <BulkBar count={selected.length} onClear={() => setSelected([])}>
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              loading={completion.pending}
              disabled={selectedRows.every((row) => row.completed_at)}
              onClick={() => ask(selected, true)}
              data-testid="enrolments-bulk-complete"
            >
              {t("actions.completeSelected")}
            </Button>
            <Button
              icon={<UndoOutlined />}
              disabled={completion.pending || selectedRows.every((row) => !row.completed_at)}
              onClick={() => ask(selected, false)}
              data-testid="enrolments-bulk-reopen"
            >
              {t("actions.reopenSelected")}
            </Button>
          </BulkBar>
        ) : null}
        {list.query.isError ? (
          <LoadFailedAlert query={list.query} message={t("loadFailed")} retry={t("retry")} />
        ) : (
          <Table<Enrolment>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={list.query.isFetching}
            pagination={pagination}
            scroll={{ x: "max-content" }}
            locale={{ emptyText: <span data-testid="enrolled-learners-empty">{t("enrolled.empty")}</span> }}
            rowClassName={() => "csc-enrolment-row"}
            onRow={(row) => ({ "data-enrolment-id": row.id, "data-status": statusOf(row) }) as never}
            rowSelection={
              canBulk
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    getCheckboxProps: (row) => ({
                      disabled: !mayRun(meta, "bulk", row),
                      "aria-label": t("selectRow", { name: learnerName(row) }),
                    }),
                  }
                : undefined
            }
            data-testid="enrolled-learners-table"
          />
        )}
      </AppCard>
      <Modal
        open={reopening !== null}
        title={t("reopen.title", { count: reopening?.ids.length ?? 0 })}
        okText={t("reopen.confirm")}
        cancelText={t("reopen.cancel")}
        okButtonProps={
          { danger: true, loading: completion.pending, "data-testid": "enrolments-reopen-confirm" } as never
        }
        onOk={async () => {
          if (reopening) await change(reopening.ids, false);
          setReopening(null);
        }}
        onCancel={() => setReopening(null)}
        destroyOnHidden
      >
        <p>{t("reopen.body", { count: reopening?.ids.length ?? 0 })}</p>
      </Modal>
    </section>
  );
}

export function ProgressCell({ value, language }: { value: number; language: string }) {
  const percent = Math.max(0, Math.min(100, Number(value) || 0));
  return (
    <Progress
      percent={percent}
      // the text stays the page's: antd's success green on white falls short of 4.5:1
      status="normal"
      size="small"
      format={() => `${formatNumber(percent, language)}%`}
      aria-label={`${formatNumber(percent, language)}%`}
    />
  );
}

export function StatusTag({ status }: { status: EnrolmentStatus }) {
  const { t } = useTranslation("staffLearning");
  return (
    <Tag bordered={false} color={status === "completed" ? "green" : "gold"} data-testid="enrolment-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
