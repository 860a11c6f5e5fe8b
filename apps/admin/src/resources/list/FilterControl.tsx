import type { CrudFilter } from "@refinedev/core";
import { InputNumber } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { CalendarRangePicker } from "../../components/date-picker/CalendarDatePicker";
import { useLanguage } from "../../providers/i18n";
import { pickerFormat } from "../display/format";
import { ChoiceSelect } from "../fields/ChoiceSelect";
import { type LocationLevel, PARENT_LEVEL } from "../fields/locations";
import { PlaceSelect } from "../fields/PlaceSelect";
import { RelationSelect } from "../fields/RelationSelect";
import type { FieldMeta } from "../types";
import { DebouncedInput } from "./DebouncedInput";
import { filterKindOf, filterValue, withFilter } from "./filters";

const CHILD_LEVEL: Record<LocationLevel, LocationLevel | null> = {
  province: "district",
  district: "municipality",
  municipality: null,
};

/** Range bounds as the API compares them: calendar days for dates, whole days in ISO for date-times. */
function rangeBounds(field: FieldMeta, range: [Dayjs | null, Dayjs | null] | null): [string | null, string | null] {
  const [from, to] = range ?? [null, null];
  if (field.type === "date") return [from?.format("YYYY-MM-DD") ?? null, to?.format("YYYY-MM-DD") ?? null];
  return [from?.startOf("day").toISOString() ?? null, to?.endOf("day").toISOString() ?? null];
}

export interface FilterControlProps {
  field: FieldMeta;
  fields: FieldMeta[];
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
  /** In the toolbar the label is the placeholder; under "Filters" it stands above. */
  inline?: boolean;
}

/** One filter of a list, by the field's type: enum → select, date → range, text → like (issue 4). */
export function FilterControl({ field, fields, filters, onChange, inline = false }: FilterControlProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = t(field.labelKey, { defaultValue: field.label });
  const common = {
    "aria-label": label,
    placeholder: inline ? label : t("resources.any"),
    allowClear: true,
    className: inline ? "csc-filter csc-filter--inline" : "csc-filter",
  };
  const eq = filterValue(filters, field.name);
  const setEq = (value: unknown) => onChange(withFilter(filters, field.name, "eq", value));

  switch (filterKindOf(field)) {
    case "choice":
    case "boolean":
      return <ChoiceSelect {...common} field={field} value={eq} onChange={setEq} />;
    case "relation":
      // values read back from the address are text
      return <RelationSelect {...common} field={field} value={eq ? Number(eq) : null} onChange={setEq} />;
    case "place": {
      const level = field.type as LocationLevel;
      const parentLevel = PARENT_LEVEL[level];
      const parentField = parentLevel ? fields.find((candidate) => candidate.type === parentLevel) : undefined;
      const parentValue = parentField ? filterValue(filters, parentField.name) : null;
      const setPlace = (value: number | null) => {
        let next = withFilter(filters, field.name, "eq", value);
        // a new province or district empties the levels below it
        for (let child = CHILD_LEVEL[level]; child; child = CHILD_LEVEL[child]) {
          const childField = fields.find((candidate) => candidate.type === child);
          if (childField) next = withFilter(next, childField.name, "eq", null);
        }
        onChange(next);
      };
      return (
        <PlaceSelect
          {...common}
          level={level}
          parentId={parentValue ? Number(parentValue) : null}
          value={eq ? Number(eq) : null}
          onChange={setPlace}
        />
      );
    }
    case "dateRange": {
      const from = filterValue(filters, field.name, "gte");
      const to = filterValue(filters, field.name, "lte");
      return (
        <CalendarRangePicker
          className={common.className}
          aria-label={label}
          allowEmpty={[true, true]}
          format={pickerFormat(language)}
          value={[from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null]}
          onChange={(range) => {
            const [gte, lte] = rangeBounds(field, range);
            onChange(withFilter(withFilter(filters, field.name, "gte", gte), field.name, "lte", lte));
          }}
        />
      );
    }
    case "number":
      return (
        <InputNumber
          className={common.className}
          aria-label={label}
          placeholder={common.placeholder}
          value={typeof eq === "number" ? eq : eq ? Number(eq) : null}
          onChange={(value) => setEq(value)}
        />
      );
    case "text":
      return (
        <DebouncedInput
          {...common}
          value={String(filterValue(filters, field.name, "contains") ?? "")}
          onCommit={(value) => onChange(withFilter(filters, field.name, "contains", value.trim()))}
        />
      );
    default:
      return null;
  }
}
