import { fieldView } from "../../field-types";
import { SecretInput } from "../../field-types/inputs/SecretInput";
import type { FieldInputProps } from "../../field-types/inputs/types";

/** The input of one writable field: its type's (field-types/), or a secret's for a write-only field. */
export function FieldInput(props: FieldInputProps) {
  if (props.field.writeOnly) return <SecretInput {...props} />;
  const { Input } = fieldView(props.field.type);
  return <Input {...props} />;
}
