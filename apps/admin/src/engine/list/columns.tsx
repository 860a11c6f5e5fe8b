import type { CrudSort } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SortableHeader } from "../../components/SortableHeader";
import { fieldView } from "../../field-types";
import { FieldValue } from "../display/FieldValue";
import type { ResourcePaths } from "../paths";
import type { FieldMeta, ResourceMeta, ResourceRecord } from "../types";

interface ColumnOptions {
  meta: ResourceMeta;
  visible: FieldMeta[];
  sorters: CrudSort[];
  onSort: (sorters: CrudSort[]) => void;
  relationLabels: Map<string, Map<number, string>>;
  paths: ResourcePaths;
  t: TFunction;
  renderActions: (record: ResourceRecord) => ReactNode;
}

/** The list's columns from the fields the user shows: sortable headers, formatted cells, the title as a link. */
export function buildColumns({
  meta,
  visible,
  sorters,
  onSort,
  relationLabels,
  paths,
  t,
  renderActions,
}: ColumnOptions): ColumnType<ResourceRecord>[] {
  const columns = visible.map((field): ColumnType<ResourceRecord> => {
    const label = t(field.labelKey, { defaultValue: field.label });
    const order = sorters.find((sorter) => sorter.field === field.name)?.order ?? null;
    const isTitle = field.name === meta.titleField;
    const { column } = fieldView(field.type);
    return {
      key: field.name,
      dataIndex: field.name,
      title: field.sort ? (
        <SortableHeader
          label={label}
          order={order}
          onChange={(next) => onSort(next ? [{ field: field.name, order: next }] : [])}
        />
      ) : (
        label
      ),
      width: field.name === "id" ? 72 : column?.width,
      align: field.name === "id" ? undefined : column?.align,
      ellipsis: Boolean(column?.ellipsis) && !isTitle,
      className: isTitle ? "csc-col-title" : undefined,
      render: (_value, record) => {
        const value = (
          <FieldValue
            field={field}
            record={record}
            fields={meta.fields}
            mode="cell"
            relationLabels={relationLabels.get(field.name)}
          />
        );
        return isTitle ? (
          <Link to={paths.show(record.id)} className="csc-title-link">
            {value}
          </Link>
        ) : (
          value
        );
      },
    };
  });
  columns.push({
    key: "actions",
    title: <span className="csc-visually-hidden">{t("table.actions")}</span>,
    width: 56,
    align: "center",
    fixed: "right",
    render: (_value, record) => renderActions(record),
  });
  return columns;
}
