import { useMemo } from "react";
import { EnumTag, useOptionLabel } from "../engine/display/EnumTag";
import type { FieldMeta } from "../engine/types";
import { choiceControls } from "./families/choice";
import type { FieldTypeView, FieldValueProps } from "./types";

/** The field's options (from `/api/meta`), labelled in the user's language. */
function useOptions(field: FieldMeta) {
  const optionLabel = useOptionLabel();
  return useMemo(
    () => (field.options ?? []).map((option) => ({ value: option.value, label: optionLabel(field, option.value) })),
    [field, optionLabel],
  );
}

/** One of a list of options (labels, `enums:` keys), a tag wherever it is shown. */
const enumeration: FieldTypeView = {
  Cell: ({ field, value }: FieldValueProps) => <EnumTag field={field} value={value} />,
  ...choiceControls(useOptions),
};
export default enumeration;
