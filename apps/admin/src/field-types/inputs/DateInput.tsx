import dayjs from "dayjs";
import { CalendarDatePicker } from "../../components/date-picker/CalendarDatePicker";
import { pickerFormat } from "../../engine/display/format";
import { useLanguage } from "../../shell/providers/i18n";
import type { FieldInputProps } from "./types";

/** A date (`YYYY-MM-DD`) or date-time (ISO instant) through antd's picker, shown as the screen writes dates (Bikram Sambat, Nepali digits), picked in the user's calendar; ISO is accepted when typed in en-US. */
export function DateInput({ value, onChange, onBlur, id, status, withTime }: FieldInputProps & { withTime: boolean }) {
  const language = useLanguage();
  const parsed = typeof value === "string" && value ? dayjs(value) : null;
  return (
    <CalendarDatePicker
      id={id}
      className="csc-input-full"
      status={status}
      showTime={withTime ? { format: "HH:mm" } : false}
      format={pickerFormat(language, withTime)}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange(date ? (withTime ? date.toISOString() : date.format("YYYY-MM-DD")) : null)}
      onBlur={onBlur}
    />
  );
}
