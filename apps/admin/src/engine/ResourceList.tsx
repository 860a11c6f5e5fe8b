import { DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import { fieldType, type SavedSearchRow } from "@csc/shared";
import { useTable } from "@refinedev/antd";
import type { CrudFilter } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Result, Skeleton, Table, type TablePaginationConfig } from "antd";
import { Suspense, use, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { ActionMenu, type ActionMenuItem } from "../components/ActionMenu";
import { AppCard } from "../components/AppCard";
import { PageHeader } from "../components/PageHeader";
import { listSummaryOf, resourceActionsHook } from "../resources";
import { listQueryString } from "../shell/providers/data";
import { DeleteConfirm, type DeleteTarget } from "./DeleteConfirm";
import { useRelationLabelMaps } from "./display/useRelationLabels";
import { BulkBar } from "./list/BulkBar";
import { ColumnChooser } from "./list/ColumnChooser";
import { buildColumns } from "./list/columns";
import { FilterBar } from "./list/FilterBar";
import { activeFilterCount, filterValue } from "./list/filters";
import { ListActions } from "./list/ListActions";
import { ListEmpty } from "./list/ListEmpty";
import { SavedSearches } from "./list/SavedSearches";
import { parseListQueryString } from "./list/savedQuery";
import { resolveTimeFilter, TimeFilterTabs } from "./list/TimeFilterTabs";
import { useColumnVisibility } from "./list/useColumnVisibility";
import { rememberListSearch } from "./paths";
import { can, canRecord, type ResourceScreen } from "./screen";
import type { FieldMeta, ResourceRecord, TimeFilterName } from "./types";
import "./resources.css";

const PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The list of a menu entry, from its resource definition: columns, sort, filters, search, time
 * tabs and page all live in the address; rows open, change or go through the three-dot menu.
 */
export default function ResourceList({ screen }: { screen: ResourceScreen }) {
  const { meta, title, paths } = screen;
  // the resource's own actions (resources/index.ts), loaded with its pages
  const useResourceActions = use(resourceActionsHook(meta.name));
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const timeFilter = resolveTimeFilter(meta.timeFilters, searchParams.get("type"));
  const extraQuery = useMemo(() => (timeFilter ? { type: timeFilter } : {}), [timeFilter]);

  const { tableProps, tableQuery, filters, setFilters, sorters, setSorters, setCurrentPage, result } =
    useTable<ResourceRecord>({
      resource: meta.name,
      syncWithLocation: true,
      pagination: { pageSize: PAGE_SIZE },
      sorters: { initial: [{ field: meta.defaultSort.field, order: meta.defaultSort.order }] },
      meta: { query: extraQuery },
      errorNotification: false,
      queryOptions: { placeholderData: keepPreviousData },
    });

  const columnState = useColumnVisibility(meta);
  const [selected, setSelected] = useState<number[]>([]);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const clearSelection = useCallback(() => setSelected([]), []);
  const actions = useResourceActions(meta, {});

  useEffect(() => {
    rememberListSearch(meta.name, location.search);
    setSelected([]);
  }, [meta.name, location.search]);

  const rows = result.data;
  const visible = columnState.visible
    .map((name) => meta.fields.find((field) => field.name === name))
    .filter((field): field is FieldMeta => Boolean(field));
  const titleField = meta.fields.find((field) => field.name === meta.titleField);
  const labelled = titleField && !visible.includes(titleField) ? [...visible, titleField] : visible;
  const relationLabels = useRelationLabelMaps(labelled, rows);

  const recordTitle = (record: ResourceRecord) => {
    const value = record[meta.titleField];
    if (typeof value === "number" && titleField && fieldType(titleField.type).references === "row") {
      return relationLabels.get(meta.titleField)?.get(value) ?? `#${value}`;
    }
    return typeof value === "string" && value ? value : `#${record.id}`;
  };

  // the rules say which rows (nobody deletes their own account, for one)
  const deletable = (record: ResourceRecord) => canRecord(meta, "delete", record);

  const applyFilters = (next: CrudFilter[]) => {
    setFilters(next, "replace");
    setCurrentPage(1);
  };
  const changeTimeFilter = (next: TimeFilterName) => {
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      params.set("type", next);
      params.set("currentPage", "1");
      return params;
    });
    setCurrentPage(1);
  };
  const applySavedSearch = ({ query }: SavedSearchRow) => {
    const saved = parseListQueryString(query);
    setFilters(saved.filters, "replace");
    setSorters(saved.sorters.length > 0 ? saved.sorters : [meta.defaultSort]);
    const tab = resolveTimeFilter(meta.timeFilters, saved.extra.type ?? null);
    if (tab) changeTimeFilter(tab);
    else setCurrentPage(1);
  };

  const renderActions = (record: ResourceRecord) => {
    const name = recordTitle(record);
    const items: ActionMenuItem[] = [
      { key: "show", label: t("buttons.show"), icon: <EyeOutlined />, to: paths.show(record.id) },
    ];
    if (canRecord(meta, "update", record)) {
      items.push({ key: "edit", label: t("buttons.edit"), icon: <EditOutlined />, to: paths.edit(record.id) });
    }
    items.push(...actions.recordItems(record, name));
    if (deletable(record)) {
      items.push({
        key: "delete",
        label: t("buttons.delete"),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => setDeleteTarget({ ids: [record.id], title: name }),
      });
    }
    return <ActionMenu items={items} label={t("resources.rowActions", { title: name })} />;
  };

  const columns = buildColumns({
    meta,
    visible,
    sorters,
    onSort: (next) => setSorters(next),
    relationLabels,
    paths,
    t,
    renderActions,
  });

  const filtered = activeFilterCount(filters) > 0 || Boolean(filterValue(filters, "q"));
  const pagination: false | TablePaginationConfig = tableProps.pagination
    ? {
        ...tableProps.pagination,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total, [start, end]) => t("resources.range", { start, end, total }),
      }
    : false;
  const selectable = can(meta, "delete");
  const total = result.total;
  const ListSummary = listSummaryOf(meta.name);

  return (
    <div className="csc-resource" data-testid="resource-list" data-resource={meta.name}>
      <PageHeader
        title={title}
        subtitle={typeof total === "number" ? t("resources.count", { count: total }) : undefined}
        extra={<ListActions meta={meta} paths={paths} filters={filters} sorters={sorters} extraQuery={extraQuery} />}
      />
      {ListSummary ? (
        <Suspense fallback={null}>
          <ListSummary meta={meta} />
        </Suspense>
      ) : null}
      <AppCard className="csc-list-card">
        {timeFilter ? (
          <TimeFilterTabs filters={meta.timeFilters} active={timeFilter} onChange={changeTimeFilter} />
        ) : null}
        <div className="csc-list-toolbar">
          <FilterBar fields={meta.fields} filters={filters} onChange={applyFilters} />
          <div className="csc-list-toolbar__end">
            <SavedSearches
              resource={meta.name}
              currentQuery={listQueryString(filters, sorters, extraQuery)}
              onApply={applySavedSearch}
            />
            <ColumnChooser
              candidates={columnState.candidates}
              visible={columnState.visible}
              onChange={columnState.setVisible}
              onReset={columnState.reset}
              isDefault={columnState.isDefault}
            />
          </div>
        </div>
        <BulkBar
          count={selected.length}
          onDelete={can(meta, "delete") ? () => setDeleteTarget({ ids: selected }) : undefined}
          onClear={clearSelection}
        >
          {actions.bulkButtons(selected, clearSelection)}
        </BulkBar>
        {tableQuery.isError ? (
          <Result
            status="warning"
            title={t("resources.loadFailed")}
            subTitle={tableQuery.error?.message}
            extra={<Button onClick={() => void tableQuery.refetch()}>{t("buttons.retry")}</Button>}
            data-testid="resource-error"
          />
        ) : tableQuery.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 8 }} className="csc-list-skeleton" />
        ) : (
          <Table<ResourceRecord>
            {...tableProps}
            rowKey="id"
            columns={columns}
            pagination={pagination}
            scroll={{ x: "max-content" }}
            locale={{
              emptyText: (
                <ListEmpty meta={meta} paths={paths} filtered={filtered} onClearFilters={() => applyFilters([])} />
              ),
            }}
            rowSelection={
              selectable
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    getCheckboxProps: (record) => ({
                      disabled: !deletable(record),
                      "aria-label": t("resources.selectRow", { title: recordTitle(record) }),
                    }),
                  }
                : undefined
            }
            data-testid="resource-table"
          />
        )}
      </AppCard>
      <DeleteConfirm
        meta={meta}
        target={deleteTarget}
        onClose={() => setDeleteTarget(null)}
        onDeleted={clearSelection}
      />
      {actions.element}
    </div>
  );
}
