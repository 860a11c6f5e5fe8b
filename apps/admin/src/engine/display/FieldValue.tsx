import { parseCreatedBy } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fieldView } from "../../field-types";
import { http } from "../../shell/providers/http";
import type { FieldMeta, ResourceRecord } from "../types";
import { isEmptyValue } from "./format";

type DisplayMode = "cell" | "detail";

interface FieldValueProps {
  field: FieldMeta;
  record: ResourceRecord;
  /** Every field of the resource: the location cascade reads its parents. */
  fields: FieldMeta[];
  mode: DisplayMode;
  /** Labels of related rows, fetched once for a whole page of rows. */
  relationLabels?: Map<number, string>;
  /** The record's resource: "Created by" asks it who made the row. */
  resource?: string;
}

function Empty({ field }: { field: FieldMeta }) {
  const { t } = useTranslation();
  const { emptyKey } = fieldView(field.type);
  return <span className="csc-value-empty">{emptyKey ? t(emptyKey) : "—"}</span>;
}

/** The person who made a row (`GET /api/{res}/{id}/creator`), for staff reading it. */
function useCreator(resource: string | undefined, id: unknown) {
  return useQuery({
    queryKey: ["creator", resource, id],
    enabled: resource !== undefined && typeof id === "number",
    queryFn: async () =>
      (await http.get<{ data: { full_name: string } }>(`/api/${resource}/${String(id)}/creator`)).data.data,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "Created by": the person and the kind of account they made it from, e.g. "Asha Sharma (College)". */
function CreatedBy({ value, resource, id }: { value: string; resource?: string; id: unknown }) {
  const { t } = useTranslation();
  const parsed = parseCreatedBy(value);
  const creator = useCreator(parsed ? resource : undefined, id);
  if (!parsed) return <>{value}</>;
  const entity = t(`resources.entities.${parsed.entity}`, { defaultValue: parsed.entity });
  // until the name arrives, and when the account is unknown, the kind of account alone: never an id
  const text = creator.data ? t("resources.createdByPerson", { name: creator.data.full_name, entity }) : entity;
  return (
    <span className="csc-created-by" data-testid="created-by" aria-busy={creator.isLoading}>
      {text}
    </span>
  );
}

/**
 * One value of a record, formatted for its type (field-types/): in a table cell, or on the detail
 * page; the empty mark for nothing.
 */
export function FieldValue({ field, record, fields, mode, relationLabels, resource }: FieldValueProps) {
  const value = record[field.name];
  if (isEmptyValue(value)) return <Empty field={field} />;
  if (field.name === "created_by" && typeof value === "string")
    return <CreatedBy value={value} resource={resource} id={record.id} />;
  const view = fieldView(field.type);
  const Value = mode === "detail" ? (view.Detail ?? view.Cell) : view.Cell;
  return <Value field={field} value={value} record={record} fields={fields} relationLabels={relationLabels} />;
}
