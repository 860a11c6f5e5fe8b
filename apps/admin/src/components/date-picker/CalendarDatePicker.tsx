import { DatePicker, type DatePickerProps } from "antd";
import type { RangePickerProps } from "antd/es/date-picker";
import type { Dayjs } from "dayjs";
import { displayCalendar } from "../../engine/display/format";
import { bikramSambatConfig } from "./bikram-sambat-config";

/** antd's picker with Bikram Sambat years, months and days (bikram-sambat-config.ts). */
const BikramSambatPicker = DatePicker.generatePicker<Dayjs>(bikramSambatConfig);

/**
 * The one date picker of the admin (forms, list filters, the dashboard): the user's calendar
 * decides its grid, Gregorian or Bikram Sambat; the value is a dayjs instant either way.
 */
export function CalendarDatePicker(props: DatePickerProps) {
  const Picker = displayCalendar() === "bikram-sambat" ? BikramSambatPicker : DatePicker;
  return <Picker data-calendar={displayCalendar()} {...props} />;
}

/** The range of two dates, in the user's calendar like `CalendarDatePicker`. */
export function CalendarRangePicker(props: RangePickerProps) {
  const Picker = displayCalendar() === "bikram-sambat" ? BikramSambatPicker.RangePicker : DatePicker.RangePicker;
  return <Picker data-calendar={displayCalendar()} {...props} />;
}
