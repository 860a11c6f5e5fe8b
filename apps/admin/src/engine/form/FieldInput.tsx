import { fieldView } from "../../field-types";
import type { FieldInputProps } from "../../field-types/inputs/types";

/** The input of one writable field: its type's (field-types/). */
export function FieldInput(props: FieldInputProps) {
  const { Input } = fieldView(props.field.type);
  return <Input {...props} />;
}
