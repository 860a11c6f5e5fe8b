import { PlainText, TextFilter, textInput } from "./families/text";
import type { FieldTypeView, FieldValueProps } from "./types";

/** A phone number, called from the detail page. */
const phone: FieldTypeView = {
  Cell: PlainText,
  Detail: ({ value }: FieldValueProps) => <a href={`tel:${String(value).replace(/\s/g, "")}`}>{String(value)}</a>,
  Input: textInput({ type: "tel" }),
  Filter: TextFilter,
};
export default phone;
