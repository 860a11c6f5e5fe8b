import { DatePicker } from "antd";
import dayjs from "dayjs";
import type { FieldInputProps } from "./types";

/** Spec §9 shows dates as short month, day, year; ISO is accepted when typed. */
const DATE_FORMATS = ["MMM D, YYYY", "YYYY-MM-DD"];
const DATE_TIME_FORMATS = ["MMM D, YYYY HH:mm", "YYYY-MM-DD HH:mm"];

/** A date (`YYYY-MM-DD`) or date-time (ISO instant) through antd's picker. */
export function DateInput({ field, value, onChange, onBlur, id, status }: FieldInputProps) {
  const withTime = field.type === "datetime";
  const parsed = typeof value === "string" && value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      className="csc-input-full"
      status={status}
      showTime={withTime ? { format: "HH:mm" } : false}
      format={withTime ? DATE_TIME_FORMATS : DATE_FORMATS}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange(date ? (withTime ? date.toISOString() : date.format("YYYY-MM-DD")) : null)}
      onBlur={onBlur}
    />
  );
}
