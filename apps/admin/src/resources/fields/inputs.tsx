import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import type { FieldMeta } from "../types";
import { ColorInput } from "./ColorInput";
import { ContactsInput } from "./ContactsInput";
import { DateInput } from "./DateInput";
import { ImageUpload } from "./ImageUpload";
import { QuestionsInput } from "./QuestionsInput";
import { OptionChecklistInput, TagsInput } from "./TagsInput";
import type { FieldInputComponent, FieldInputProps } from "./types";

// Quill is large: it loads with the first form that has rich text
const LazyRichTextInput = lazy(() => import("./RichTextInput"));

function RichTextInput(props: FieldInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <LazyRichTextInput {...props} />
    </Suspense>
  );
}

/** Tags from a fixed list are checkboxes; free tags are typed. */
function TagsOrChecklist(props: FieldInputProps) {
  return props.field.options ? <OptionChecklistInput {...props} /> : <TagsInput {...props} />;
}

/**
 * The field types with an input of their own, each taking FieldInputProps as they are. The
 * inputs import only `./types`; FieldInput is handed this registry (it imports none of them
 * itself), so no input ever imports back what renders it.
 */
export const FIELD_INPUTS: Partial<Record<FieldMeta["type"], FieldInputComponent>> = {
  richtext: RichTextInput,
  date: DateInput,
  datetime: DateInput,
  color: ColorInput,
  image: ImageUpload,
  tags: TagsOrChecklist,
  contacts: ContactsInput,
  questions: QuestionsInput,
};
