import { Skeleton, Typography } from "antd";
import { lazy, Suspense } from "react";
import { sanitizeRichText } from "../engine/display/sanitize";
import { TEXT_COLUMN } from "./families/text";
import type { FieldInputProps, FieldTypeView, FieldValueProps } from "./types";

// Quill is large: it loads with the first form that has rich text
const LazyRichTextInput = lazy(() => import("./inputs/RichTextInput"));

function RichTextInput(props: FieldInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <LazyRichTextInput {...props} />
    </Suspense>
  );
}

/** Rich text of the editor's toolbar: its words in a cell, its HTML on the detail page. */
const richtext: FieldTypeView = {
  Cell: ({ value }: FieldValueProps) => (
    <Typography.Text ellipsis>{String(value).replace(/<[^>]*>/g, " ")}</Typography.Text>
  ),
  Detail: ({ value }: FieldValueProps) => (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to the toolbar's tags just above
    <div className="csc-richtext" dangerouslySetInnerHTML={{ __html: sanitizeRichText(String(value)) }} />
  ),
  Input: RichTextInput,
  column: TEXT_COLUMN,
  notAColumn: true,
  wideInForm: () => true,
  wideInDetail: true,
};
export default richtext;
