import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from "@ant-design/icons";
import { type CrudFilter, type CrudSort, useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Alert, Grid, Table, Tag, theme } from "antd";
import type { ColumnType } from "antd/es/table";
import { type CSSProperties, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../engine/display/format";
import { useLanguage } from "../../shell/providers/i18n";
import { withContrast } from "../../shell/theme/color";
import { usePipelineLabels } from "./labels";
import type { Application, Posting } from "./posting";
import { AttendanceToggle, GradeSelect, PercentageInput } from "./RollCallControls";
import { type RowSave, useRollCallSaves } from "./useRollCallSaves";
import "./rollcall.css";

/** A roll call lists the event's applicants on one screen: the API's largest page. */
const ROLL_CALL_LIMIT = 100;
/** Called in alphabetical order, as a register is. */
const BY_NAME: CrudSort[] = [{ field: "full_name", order: "asc" }];

/**
 * Whether the event has begun: attendance and grades are taken from its start (the API refuses them
 * before). An event without a readable start is not held back here: the server has the last word.
 */
const hasStarted = (startsAt: string | null | undefined, now = Date.now()) => {
  const start = startsAt ? Date.parse(startsAt) : Number.NaN;
  return Number.isNaN(start) || start <= now;
};

/** What tells two applicants of one name apart: their address and institution. */
const meta = (row: Application) => [row.email, row.institution].filter(Boolean).join(" · ");

/**
 * Attendance the way an event is run. One row per applicant, Present / Absent and the
 * grade or percentage by the event's grading type, each change saved as it is made and its row
 * saying so; the name stays in view when the row scrolls sideways. Before the event starts there is
 * nothing to mark: a note says when the roll call opens. Shown only to those who change applicants.
 */
export function RollCall({ posting, filters }: { posting: Posting; filters: CrudFilter[] }) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const { stage } = usePipelineLabels();
  const { save, saves, valuesOf } = useRollCallSaves();
  const open = hasStarted(posting.startsAt);
  const { token } = theme.useToken();
  // on a phone the pinned name leaves room for the marks beside it
  const nameWidth = Grid.useBreakpoint().sm !== false ? 220 : 150;
  const style = {
    "--csc-rollcall-muted": token.colorTextSecondary,
    // antd's red on the dark console reads at 4.1:1: moved just far enough to be read
    "--csc-rollcall-error": withContrast(token.colorError, token.colorBgContainer),
    "--csc-rollcall-success": token.colorSuccess,
  } as CSSProperties;

  const list = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize: ROLL_CALL_LIMIT },
    filters,
    sorters: BY_NAME,
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
  });
  const rows = list.result.data;
  const total = list.result.total ?? 0;

  const columns = useMemo(() => {
    const name: ColumnType<Application> = {
      key: "name",
      title: t("columns.full_name"),
      fixed: "left",
      width: nameWidth,
      render: (_value, row) => (
        // no wider than its column: a long address is cut short, not let to push the marks away
        <div className="csc-rollcall__who" style={{ maxWidth: nameWidth - 16 }}>
          <span className="csc-rollcall__name">{row.full_name}</span>
          <span className="csc-rollcall__meta" title={meta(row)}>
            {meta(row)}
          </span>
          {row.withdrawn_at ? (
            <Tag bordered={false} className="csc-rollcall__withdrawn">
              {t("withdrawn")}
            </Tag>
          ) : null}
        </div>
      ),
    };
    const status: ColumnType<Application> = {
      key: "stage",
      title: t("columns.stage"),
      render: (_value, row) => (
        <Tag bordered={false} className="csc-enum-tag">
          {stage(row.stage, row.posting_type)}
        </Tag>
      ),
    };
    if (!open) return [name, status];

    const errorOf = (row: Application, field: "attendance" | "grade" | "percentage") => {
      const state = saves[row.id];
      return state?.status === "error" ? state.errors[field] : undefined;
    };
    const columns: ColumnType<Application>[] = [
      name,
      {
        key: "attendance",
        title: t("columns.attendance"),
        render: (_value, row) => (
          <AttendanceToggle
            row={row}
            value={valuesOf(row).attendance}
            error={errorOf(row, "attendance")}
            onChange={(attendance) => void save(row, { attendance })}
          />
        ),
      },
    ];
    if (posting.gradingType === "grade") {
      columns.push({
        key: "grade",
        title: t("rollCall.grade"),
        render: (_value, row) => (
          <GradeSelect
            row={row}
            value={valuesOf(row).grade}
            error={errorOf(row, "grade")}
            onChange={(grade) => void save(row, { grade })}
          />
        ),
      });
    }
    if (posting.gradingType === "percentage") {
      columns.push({
        key: "percentage",
        title: t("rollCall.percentage"),
        render: (_value, row) => (
          <PercentageInput
            row={row}
            value={valuesOf(row).percentage}
            error={errorOf(row, "percentage")}
            onCommit={(percentage) => save(row, { percentage })}
          />
        ),
      });
    }
    columns.push(status, {
      key: "saved",
      title: t("rollCall.saveColumn"),
      width: 120,
      render: (_value, row) => <SaveState state={saves[row.id]} />,
    });
    return columns;
  }, [t, stage, open, nameWidth, posting.gradingType, saves, valuesOf, save]);

  return (
    <div className="csc-rollcall" style={style} data-testid="roll-call">
      {open ? (
        <p className="csc-rollcall__hint">{t("rollCall.hint")}</p>
      ) : (
        <Alert
          type="info"
          showIcon
          className="csc-rollcall__note"
          message={t("rollCall.notYet", { start: formatDateTime(posting.startsAt, language) ?? "—" })}
          data-testid="roll-call-not-yet"
        />
      )}
      {total > ROLL_CALL_LIMIT ? (
        <Alert type="info" showIcon banner message={t("rollCall.limited", { shown: ROLL_CALL_LIMIT, total })} />
      ) : null}
      {list.query.isError ? (
        <Alert type="warning" showIcon message={t("loadFailed")} description={list.query.error?.message} />
      ) : (
        <Table<Application>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.query.isLoading}
          pagination={false}
          scroll={{ x: "max-content" }}
          rowClassName={(row) => (saves[row.id]?.status === "error" ? "csc-rollcall__row--error" : "")}
          locale={{ emptyText: t("empty") }}
          data-testid="roll-call-table"
        />
      )}
    </div>
  );
}

/** A row's save, in words and an icon: nothing until the first change. */
function SaveState({ state }: { state: RowSave | undefined }) {
  const { t } = useTranslation("pipeline");
  const [icon, text, tone] =
    state?.status === "saving"
      ? [<LoadingOutlined key="icon" />, t("rollCall.saving"), "saving"]
      : state?.status === "saved"
        ? [<CheckCircleOutlined key="icon" />, t("rollCall.saved"), "saved"]
        : state?.status === "error"
          ? [<ExclamationCircleOutlined key="icon" />, t("rollCall.notSaved"), "error"]
          : [null, "", "idle"];
  return (
    <span className={`csc-rollcall__save csc-rollcall__save--${tone}`} role="status" data-testid="roll-call-save">
      {icon}
      {text ? <span>{text}</span> : null}
    </span>
  );
}
