import { InputNumber } from "antd";
import { formatNumber } from "../engine/display/format";
import { filterValue, withFilter } from "../engine/list/filters";
import { useLanguage } from "../shell/providers/i18n";
import type { FieldFilterProps, FieldInputProps, FieldTypeView, FieldValueProps } from "./types";

const numberOf = (value: unknown) => (typeof value === "number" ? value : value ? Number(value) : null);

function NumberValue({ value }: FieldValueProps) {
  const language = useLanguage();
  return <span className="csc-number">{formatNumber(value, language)}</span>;
}

function NumberInput({ field, value, onChange, onBlur, id, status }: FieldInputProps) {
  return (
    <InputNumber
      id={id}
      status={status}
      className="csc-input-full"
      min={field.min}
      max={field.max}
      value={numberOf(value)}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
    />
  );
}

function NumberFilter({ field, filters, onChange, label, common }: FieldFilterProps) {
  return (
    <InputNumber
      className={common.className}
      aria-label={label}
      placeholder={common.placeholder}
      value={numberOf(filterValue(filters, field.name))}
      onChange={(value) => onChange(withFilter(filters, field.name, "eq", value))}
    />
  );
}

/** A whole number, in the language's digits, to the right of its column. */
const number: FieldTypeView = {
  Cell: NumberValue,
  Input: NumberInput,
  Filter: NumberFilter,
  column: { align: "right" },
};
export default number;
