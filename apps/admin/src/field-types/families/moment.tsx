import dayjs, { type Dayjs } from "dayjs";
import { CalendarRangePicker } from "../../components/date-picker/CalendarDatePicker";
import { pickerFormat } from "../../engine/display/format";
import { filterValue, withFilter } from "../../engine/list/filters";
import { useLanguage } from "../../shell/providers/i18n";
import { DateInput } from "../inputs/DateInput";
import type { FieldFilterProps, FieldInputProps } from "../types";

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * The input and list filter of a day (`YYYY-MM-DD`) or an instant (ISO): a picker, and a range whose
 * bounds are compared as the API stores them — calendar days for dates, whole days in ISO for instants.
 */
export function momentControls(withTime: boolean) {
  const rangeBounds = (range: Range): [string | null, string | null] => {
    const [from, to] = range ?? [null, null];
    if (!withTime) return [from?.format("YYYY-MM-DD") ?? null, to?.format("YYYY-MM-DD") ?? null];
    return [from?.startOf("day").toISOString() ?? null, to?.endOf("day").toISOString() ?? null];
  };

  function MomentInput(props: FieldInputProps) {
    return <DateInput {...props} withTime={withTime} />;
  }

  function MomentFilter({ field, filters, onChange, label, common }: FieldFilterProps) {
    const language = useLanguage();
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
          const [gte, lte] = rangeBounds(range);
          onChange(withFilter(withFilter(filters, field.name, "gte", gte), field.name, "lte", lte));
        }}
      />
    );
  }

  return { Input: MomentInput, Filter: MomentFilter, emptyKey: "resources.notAvailable" };
}
