import { TEXT_COLUMN, TextFilter, TypedText, textInput } from "./families/text";
import type { FieldTypeView } from "./types";

/** One line of text. */
const text: FieldTypeView = {
  Cell: TypedText,
  Input: textInput(),
  Filter: TextFilter,
  column: TEXT_COLUMN,
};
export default text;
