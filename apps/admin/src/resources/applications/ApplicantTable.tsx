import type { GradingType } from "@csc/shared";
import type { CrudSort } from "@refinedev/core";
import { Button, Table, type TablePaginationConfig, Tag } from "antd";
import type { ColumnType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { SortableHeader } from "../../components/SortableHeader";
import { formatDate, formatNumber } from "../../engine/display/format";
import { useLanguage } from "../../shell/providers/i18n";
import { usePipelineLabels } from "./labels";
import type { Application } from "./posting";

/** The columns the list may sort by (the registry marks them sortable; the API refuses others). */
const SORTABLE = new Set(["full_name", "match_score", "institution", "applied_at", "stage"]);

interface ApplicantTableProps {
  /** How each row's assessment reads: its posting's grading type (one posting's, or each row's own). */
  gradingOf: (row: Application) => GradingType | null;
  /** The posting each row is to, after the columns, where the rows are to different postings. */
  postingColumn?: ColumnType<Application>;
  rows: Application[];
  loading: boolean;
  total: number;
  page: number;
  pageSize: number;
  sort: CrudSort;
  onSort: (sort: CrudSort | null) => void;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (id: number) => void;
  /** What an empty table says; "No applicants match this view." by default. */
  emptyText?: string;
  /** Absent when the caller may not change these applicants. */
  selection?: { selected: number[]; onChange: (ids: number[]) => void };
}

/** The applicant table: the spec's twelve columns and the skill match, sortable where the API sorts, S.No. running over the pages. */
export function ApplicantTable({
  gradingOf,
  postingColumn,
  rows,
  loading,
  total,
  page,
  pageSize,
  sort,
  onSort,
  onPage,
  onOpen,
  emptyText,
  selection,
}: ApplicantTableProps) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const { label, stage } = usePipelineLabels();
  const start = (page - 1) * pageSize;

  const header = (field: string, text: string) =>
    SORTABLE.has(field) ? (
      <SortableHeader
        label={text}
        order={sort.field === field ? sort.order : null}
        onChange={(order) => onSort(order ? { field, order } : null)}
      />
    ) : (
      text
    );

  const assessment = (row: Application) => {
    const gradingType = gradingOf(row);
    if (gradingType === "grade") return row.grade ? label("grade", row.grade) : "—";
    if (gradingType === "percentage") {
      return typeof row.percentage === "number" ? `${formatNumber(row.percentage, language)}%` : "—";
    }
    return "—";
  };

  const columns: ColumnType<Application>[] = [
    {
      key: "sno",
      title: t("columns.sno"),
      width: 64,
      align: "right",
      render: (_value, _row, index) => formatNumber(start + index + 1, language),
    },
    {
      key: "full_name",
      title: header("full_name", t("columns.full_name")),
      render: (_value, row) => (
        <Button
          type="link"
          size="small"
          className="csc-applicant-name"
          onClick={() => onOpen(row.id)}
          data-testid="applicant-open"
        >
          {row.full_name}
        </Button>
      ),
    },
    {
      // the applicant's skill match with the posting (skill-match.ts); none for a guest without an account
      key: "match_score",
      title: header("match_score", t("columns.match_score")),
      align: "right",
      render: (_value, row) => (
        <span className="csc-nowrap" data-testid="applicant-match">
          {typeof row.match_score === "number" ? `${formatNumber(row.match_score, language)}%` : "—"}
        </span>
      ),
    },
    { key: "email", dataIndex: "email", title: t("columns.email"), ellipsis: true },
    { key: "contact_number", dataIndex: "contact_number", title: t("columns.contact_number"), render: dash },
    { key: "profession", dataIndex: "profession", title: t("columns.profession"), render: dash },
    {
      key: "institution",
      dataIndex: "institution",
      title: header("institution", t("columns.institution")),
      render: dash,
    },
    {
      key: "applied_at",
      title: header("applied_at", t("columns.applied_at")),
      render: (_value, row) => <span className="csc-nowrap">{formatDate(row.applied_at, language) ?? "—"}</span>,
    },
    {
      key: "applicant_type",
      title: t("columns.applicant_type"),
      render: (_value, row) => label("applicant_type", row.applicant_type),
    },
    {
      key: "stage",
      title: header("stage", t("columns.stage")),
      render: (_value, row) => (
        <span className="csc-nowrap">
          <Tag bordered={false} className="csc-enum-tag">
            {stage(row.stage, row.posting_type)}
          </Tag>
          {row.withdrawn_at ? (
            <Tag bordered={false} color="default">
              {t("withdrawn")}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: "department", dataIndex: "department", title: t("columns.department"), render: dash },
    {
      key: "attendance",
      title: t("columns.attendance"),
      render: (_value, row) => label("attendance", row.attendance),
    },
    { key: "assessment", title: t("columns.assessment"), render: (_value, row) => assessment(row) },
    ...(postingColumn ? [postingColumn] : []),
  ];

  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (all, [from, to]) => t("range", { start: from, end: to, total: all }),
    onChange: onPage,
  };

  return (
    <Table<Application>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: <span data-testid="applicants-empty">{emptyText ?? t("empty")}</span> }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected,
              onChange: (keys) => selection.onChange(keys as number[]),
              getCheckboxProps: (row) => ({
                // a withdrawn application is out of the pipeline: the server would refuse the change
                disabled: Boolean(row.withdrawn_at),
                "aria-label": t("selectRow", { name: row.full_name }),
              }),
            }
          : undefined
      }
      data-testid="applicants-table"
    />
  );
}

const dash = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));
