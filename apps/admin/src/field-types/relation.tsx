import { useTranslation } from "react-i18next";
import { useRelationLabels } from "../engine/display/useRelationLabels";
import { filterValue, withFilter } from "../engine/list/filters";
import { RelationSelect } from "./inputs/RelationSelect";
import type { FieldFilterProps, FieldInputProps, FieldTypeView, FieldValueProps } from "./types";

function FetchedLabel({ field, value }: { field: FieldValueProps["field"]; value: number }) {
  const labels = useRelationLabels(field, [value]);
  return <>{labels.get(value) ?? `#${value}`}</>;
}

/** The related row's label: from the labels a list fetched for its page, or fetched for this one value. */
function RelationValue({ field, value, relationLabels }: FieldValueProps) {
  if (typeof value !== "number") return <>{String(value)}</>;
  if (relationLabels) return <>{relationLabels.get(value) ?? `#${value}`}</>;
  return <FetchedLabel field={field} value={value} />;
}

function RelationInput({ field, value, onChange, onBlur, id, status }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <RelationSelect
      id={id}
      status={status}
      field={field}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      allowClear={!field.required}
      placeholder={t("resources.searchToChoose")}
    />
  );
}

function RelationFilter({ field, filters, onChange, common }: FieldFilterProps) {
  const eq = filterValue(filters, field.name);
  // values read back from the address are text
  return (
    <RelationSelect
      {...common}
      field={field}
      value={eq ? Number(eq) : null}
      onChange={(value) => onChange(withFilter(filters, field.name, "eq", value))}
    />
  );
}

/** A row of another resource, searched on the server and shown by its label. */
const relation: FieldTypeView = {
  Cell: RelationValue,
  Input: RelationInput,
  Filter: RelationFilter,
};
export default relation;
