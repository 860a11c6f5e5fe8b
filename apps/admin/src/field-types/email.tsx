import { PlainText, TEXT_COLUMN, TextFilter, textInput } from "./families/text";
import type { FieldTypeView, FieldValueProps } from "./types";

/** An e-mail address, written to on the detail page. */
const email: FieldTypeView = {
  Cell: PlainText,
  Detail: ({ value }: FieldValueProps) => <a href={`mailto:${String(value)}`}>{String(value)}</a>,
  Input: textInput({ type: "email", placeholder: "name@example.com" }),
  Filter: TextFilter,
  column: TEXT_COLUMN,
};
export default email;
