import { LinkValue, TEXT_COLUMN, TextFilter, textInput } from "./families/text";
import type { FieldTypeView } from "./types";

/** A LinkedIn profile's address. */
const linkedin: FieldTypeView = {
  Cell: LinkValue,
  Input: textInput({ type: "url", placeholder: "https://www.linkedin.com/in/…" }),
  Filter: TextFilter,
  column: TEXT_COLUMN,
};
export default linkedin;
