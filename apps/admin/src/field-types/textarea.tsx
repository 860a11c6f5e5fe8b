import { Input } from "antd";
import { PlainText, TEXT_COLUMN, TextFilter, textOf } from "./families/text";
import type { FieldInputProps, FieldTypeView, FieldValueProps } from "./types";

function TextareaInput({ field, value, onChange, onBlur, id, status }: FieldInputProps) {
  return (
    <Input.TextArea
      id={id}
      status={status}
      value={textOf(value)}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
      autoSize={{ minRows: 3, maxRows: 10 }}
      showCount={field.maxLength ? { formatter: ({ count }) => `${count} / ${field.maxLength}` } : false}
    />
  );
}

/** Lines of plain text, kept as they were typed. */
const textarea: FieldTypeView = {
  Cell: PlainText,
  Detail: ({ value }: FieldValueProps) => <div className="csc-pre-line">{String(value)}</div>,
  Input: TextareaInput,
  Filter: TextFilter,
  column: TEXT_COLUMN,
  wideInForm: () => true,
  wideInDetail: true,
};
export default textarea;
