import type { FieldMeta } from "../../engine/types";

/** What every field input is given (FieldInput passes its own props on). */
export interface FieldInputProps {
  field: FieldMeta;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** The input's id, which its label points at. */
  id: string;
  status?: "error";
  /** The field's label, for inputs whose label cannot point at them. */
  label?: string;
  /** For districts and municipalities: the chosen province or district. */
  parentId?: number | null;
}
