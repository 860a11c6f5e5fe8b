import {
  AppstoreOutlined,
  DownloadOutlined,
  EditOutlined,
  FileExcelOutlined,
  ScheduleOutlined,
  TableOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { type CrudSort, useList, useNotification } from "@refinedev/core";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Segmented, theme } from "antd";
import { type CSSProperties, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import { BulkBar } from "../../engine/list/BulkBar";
import { downloadCsv, type ExportFormat } from "../../engine/list/exportCsv";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { ApplicantBoard } from "./ApplicantBoard";
import { ApplicantDrawer } from "./ApplicantDrawer";
import { ApplicantFilters } from "./ApplicantFilters";
import { ApplicantTable } from "./ApplicantTable";
import { BulkChangeModal } from "./BulkChangeModal";
import { usePipelineLabels } from "./labels";
import { type Application, POSTING_FILTER, type Posting } from "./posting";
import { RollCall } from "./RollCall";
import { type BulkChange, useBulkChange } from "./useBulkChange";
import {
  APPLICANT_FILTERS,
  type ApplicantView,
  crudFiltersOf,
  useApplicantViewState,
  type ViewChanges,
} from "./viewState";
import "./applicants.css";

/** The board shows at most one page of the API's largest (page size is capped). */
const BOARD_LIMIT = 100;

/**
 * A posting's applicants for the staff who see them: the table or a board by
 * stage, filtered, sorted and paged in the address; the selected rows change together, one card
 * moves on the board, an applicant opens with their history; the current view exports as CSV.
 * Moving applicants is for those the API gives `bulk` on the posting; the others only read.
 */
export function ApplicantsSection({ posting }: { posting: Posting }) {
  const { t } = useTranslation("pipeline");
  const meta = useResourceMeta("applications");
  const { open: notify } = useNotification();
  const queryClient = useQueryClient();
  const { label } = usePipelineLabels();
  const { state, update } = useApplicantViewState();
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const bulk = useBulkChange();
  const { token } = theme.useToken();

  const canChange = Boolean(meta?.commands.includes("bulk")) && posting.manages;
  const canExport = Boolean(meta?.actions.includes("export"));
  // a learning event's roll call, for those who change its applicants (the others read the table)
  const rollCall = canChange && posting.type === "learning-event";
  const postingFilter = POSTING_FILTER[posting.type];
  const filters = useMemo(() => crudFiltersOf(state, postingFilter, posting.id), [state, postingFilter, posting.id]);
  // the board's columns are the stages: every stage at once, the other filters as they are
  const boardFilters = useMemo(
    () => filters.filter((filter) => !("field" in filter && filter.field === "stage")),
    [filters],
  );
  const sorters = useMemo(() => [state.sort], [state.sort]);
  const gradingOfPosting = useCallback(() => posting.gradingType, [posting.gradingType]);

  const table = useList<Application>({
    resource: "applications",
    pagination: { currentPage: state.page, pageSize: state.pageSize },
    filters,
    sorters,
    errorNotification: false,
    // a change made in another session (a colleague, the applicant) shows without a reload
    liveMode: "auto",
    queryOptions: { enabled: Boolean(meta) && state.view !== "board", placeholderData: keepPreviousData },
  });
  const board = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize: BOARD_LIMIT },
    filters: boardFilters,
    sorters,
    errorNotification: false,
    liveMode: "auto",
    queryOptions: { enabled: Boolean(meta) && state.view === "board", placeholderData: keepPreviousData },
  });
  const current = state.view === "board" ? board : table;
  const total = current.result.total ?? 0;

  // a new view is a new set of rows: what was selected in the old one is no longer in sight
  const viewKey = JSON.stringify([filters, sorters, state.page, state.pageSize, state.view]);
  useEffect(() => {
    void viewKey;
    setSelected([]);
  }, [viewKey]);

  const refreshHistories = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ["application-history"] }),
    [queryClient],
  );

  const selectedNames = table.result.data.filter((row) => selected.includes(row.id)).map((row) => row.full_name);
  // back to "Change selected" after a cancel; after a save the selection (and the button with it)
  // is gone: the keyboard goes to the rows' "select all", where the next selection starts
  const focusAfterBulk = () => {
    const opener = document.querySelector<HTMLElement>('[data-testid="applicants-bulk-change"]');
    const selectAll = document.querySelector<HTMLElement>(
      '[data-testid="applicants-table"] thead input[type="checkbox"]',
    );
    (opener ?? selectAll)?.focus();
  };

  const submitBulk = async (change: BulkChange) => {
    const result = await bulk.send(selected, change);
    if (result.ok) {
      setSelected([]);
      await refreshHistories();
    }
    return result;
  };

  const moveCard = async (row: Application, stage: string, { onUndone }: { onUndone: () => void }) => {
    const to = label("stage", stage);
    const result = await bulk.send([row.id], { stage }, { quiet: true, onUndone });
    if (result.ok) {
      await refreshHistories();
      setAnnouncement(t("board.moved", { name: row.full_name, stage: to }));
    } else {
      setAnnouncement(t("board.refused", { name: row.full_name, message: result.message }));
    }
    return result.ok;
  };

  const exportView = async (format: ExportFormat) => {
    setExporting(format);
    try {
      // the view as it is: the board's rows when the board shows, the table's otherwise
      const viewFilters = state.view === "board" ? boardFilters : filters;
      const file = await downloadCsv("applications", viewFilters, sorters, {}, format);
      notify?.({ type: "success", message: t("exported", { file }) });
    } catch (error) {
      notify?.({ type: "error", message: (error as Error)?.message || t("exportFailed") });
    } finally {
      setExporting(null);
    }
  };

  if (!meta) return null;

  const clearFilters = () =>
    update(Object.fromEntries([...APPLICANT_FILTERS, "q"].map((key) => [key, null])) as ViewChanges);

  const actions = (
    <div className="csc-applicants__actions">
      <Segmented<ApplicantView>
        size="small"
        value={state.view}
        onChange={(view) => update({ view: view === "table" ? null : view })}
        options={[
          { value: "table", label: t("view.table"), icon: <TableOutlined /> },
          { value: "board", label: t("view.board"), icon: <AppstoreOutlined /> },
          ...(rollCall ? [{ value: "rollcall" as const, label: t("rollCall.view"), icon: <ScheduleOutlined /> }] : []),
        ]}
        aria-label={t("view.label")}
        data-testid="applicants-view"
      />
      {canExport ? (
        <>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={exporting === "csv"}
            disabled={exporting === "xlsx"}
            onClick={() => void exportView("csv")}
            data-testid="applicants-export"
          >
            {t("export")}
          </Button>
          <Button
            size="small"
            icon={<FileExcelOutlined />}
            loading={exporting === "xlsx"}
            disabled={exporting === "csv"}
            onClick={() => void exportView("xlsx")}
            data-testid="applicants-export-xlsx"
          >
            {t("exportExcel")}
          </Button>
        </>
      ) : null}
    </div>
  );

  return (
    <section
      className="csc-applicants"
      aria-labelledby="csc-applicants-title"
      data-testid="applicants"
      style={{ "--csc-applicants-surface": token.colorBgContainer } as CSSProperties}
    >
      <AppCard
        className="csc-list-card"
        icon={<TeamOutlined />}
        title={
          <span id="csc-applicants-title">
            {t("title")}
            {current.result.total !== undefined ? (
              <span className="csc-applicants__count" data-testid="applicants-count">
                {t("count", { count: total })}
              </span>
            ) : null}
          </span>
        }
        actions={actions}
      >
        <div className="csc-list-toolbar">
          <ApplicantFilters
            posting={posting}
            state={state}
            hideStage={state.view === "board"}
            onFilter={(field, value) => update({ [field]: value ?? null })}
            onSearch={(q) => update({ q: q || null }, { replace: true })}
            onClear={clearFilters}
          />
        </div>
        {current.query.isError ? (
          <Alert
            type="warning"
            showIcon
            className="csc-applicants__error"
            message={t("loadFailed")}
            description={current.query.error?.message}
            action={<Button onClick={() => void current.query.refetch()}>{t("retry")}</Button>}
          />
        ) : state.view === "rollcall" && rollCall ? (
          <RollCall posting={posting} filters={filters} />
        ) : state.view === "board" ? (
          <>
            {total > BOARD_LIMIT ? (
              <Alert type="info" showIcon banner message={t("board.limited", { shown: BOARD_LIMIT, total })} />
            ) : null}
            <ApplicantBoard
              posting={posting}
              rows={board.result.data}
              loading={board.query.isFetching}
              onMove={canChange ? moveCard : undefined}
              onOpen={(id) => update({ open: id })}
            />
          </>
        ) : (
          <ApplicantTable
            gradingOf={gradingOfPosting}
            rows={table.result.data}
            loading={table.query.isFetching}
            total={total}
            page={state.page}
            pageSize={state.pageSize}
            sort={state.sort}
            onSort={(sort: CrudSort | null) => update({ sort: sort?.field ?? null, order: sort?.order ?? null })}
            onPage={(page, pageSize) =>
              update(pageSize !== state.pageSize ? { size: pageSize } : { page: page > 1 ? page : null })
            }
            onOpen={(id) => update({ open: id })}
            selection={canChange ? { selected, onChange: setSelected } : undefined}
          />
        )}
        {canChange ? (
          // after the rows: "Change selected" comes after the checkboxes it acts on (kept in sight by CSS)
          <BulkBar count={selected.length} onClear={() => setSelected([])}>
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => setBulkOpen(true)}
              data-testid="applicants-bulk-change"
            >
              {t("bulk.open")}
            </Button>
          </BulkBar>
        ) : null}
        <div className="csc-visually-hidden" aria-live="polite" data-testid="applicants-live">
          {announcement}
        </div>
      </AppCard>
      <BulkChangeModal
        open={bulkOpen}
        count={selected.length}
        posting={posting}
        names={selectedNames}
        pending={bulk.pending}
        onSubmit={submitBulk}
        onClose={() => setBulkOpen(false)}
        afterClose={focusAfterBulk}
      />
      <ApplicantDrawer id={state.openId} posting={posting} onClose={() => update({ open: null })} />
    </section>
  );
}
