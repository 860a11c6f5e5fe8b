import { Input, type InputProps } from "antd";
import { DebouncedInput } from "../../engine/list/DebouncedInput";
import { filterValue, withFilter } from "../../engine/list/filters";
import type { FieldFilterProps, FieldInputProps, FieldValueProps } from "../types";

/** Text as typed, and what a text box is given. */
export const textOf = (value: unknown) =>
  typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);

/** A one-line text box; `type` and `placeholder` for addresses, e-mails and phone numbers. */
export function textInput(options: Pick<InputProps, "type" | "placeholder"> = {}) {
  return function TextInput({ value, onChange, onBlur, id, status }: FieldInputProps) {
    return (
      <Input
        id={id}
        status={status}
        value={textOf(value)}
        onBlur={onBlur}
        placeholder={options.placeholder}
        onChange={(event) => onChange(event.target.value)}
        type={options.type}
        autoComplete="off"
      />
    );
  };
}

/** What someone typed is theirs, not the interface's: no translator (a browser's, a test's) rewrites it. */
export function TypedText({ value }: FieldValueProps) {
  return <span translate="no">{String(value)}</span>;
}

/** The value as it is, in a table cell. */
export const PlainText = ({ value }: FieldValueProps) => String(value);

/** An address, opened in a new tab, shown without its scheme. */
export function LinkValue({ value }: FieldValueProps) {
  return (
    <a href={String(value)} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
      {String(value).replace(/^https?:\/\/(www\.)?/, "")}
    </a>
  );
}

/** Rows whose text holds what is typed (`_like`, ignoring case). */
export function TextFilter({ field, filters, onChange, common }: FieldFilterProps) {
  return (
    <DebouncedInput
      {...common}
      value={String(filterValue(filters, field.name, "contains") ?? "")}
      onCommit={(value) => onChange(withFilter(filters, field.name, "contains", value.trim()))}
    />
  );
}

/** Long text is cut in a list's cell. */
export const TEXT_COLUMN = { ellipsis: true };
