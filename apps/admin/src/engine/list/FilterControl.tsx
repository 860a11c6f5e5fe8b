import type { CrudFilter } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { fieldView } from "../../field-types";
import type { FieldMeta } from "../types";
import { filterKindOf } from "./filters";

interface FilterControlProps {
  field: FieldMeta;
  fields: FieldMeta[];
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
  /** In the toolbar the label is the placeholder; under "Filters" it stands above. */
  inline?: boolean;
}

/** One filter of a list: the control of the field's type (field-types/), for a field the list filters by. */
export function FilterControl({ field, fields, filters, onChange, inline = false }: FilterControlProps) {
  const { t } = useTranslation();
  const Filter = fieldView(field.type).Filter;
  if (filterKindOf(field) === null || !Filter) return null;
  const label = t(field.labelKey, { defaultValue: field.label });
  const common = {
    "aria-label": label,
    placeholder: inline ? label : t("resources.any"),
    allowClear: true as const,
    className: inline ? "csc-filter csc-filter--inline" : "csc-filter",
  };
  return <Filter field={field} fields={fields} filters={filters} onChange={onChange} label={label} common={common} />;
}
