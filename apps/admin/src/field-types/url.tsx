import { LinkValue, TEXT_COLUMN, TextFilter, textInput } from "./families/text";
import type { FieldTypeView } from "./types";

/** A website's address. */
const url: FieldTypeView = {
  Cell: LinkValue,
  Input: textInput({ type: "url", placeholder: "https://" }),
  Filter: TextFilter,
  column: TEXT_COLUMN,
};
export default url;
