import { LinkValue, TEXT_COLUMN, TextFilter, textInput } from "./families/text";
import type { FieldTypeView } from "./types";

/** A YouTube video's address (shared video.ts), linked to its watch page. */
const video: FieldTypeView = {
  Cell: LinkValue,
  Input: textInput({ type: "url", placeholder: "https://www.youtube.com/watch?v=…" }),
  Filter: TextFilter,
  column: TEXT_COLUMN,
};
export default video;
