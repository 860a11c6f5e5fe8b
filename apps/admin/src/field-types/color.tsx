import { ColorInput } from "./inputs/ColorInput";
import type { FieldTypeView, FieldValueProps } from "./types";

function Swatch({ value }: FieldValueProps) {
  return (
    <span className="csc-swatch">
      <span className="csc-swatch__chip" style={{ background: String(value) }} aria-hidden="true" />
      <code>{String(value)}</code>
    </span>
  );
}

/** A colour (`#RRGGBB`): its swatch and its code. */
const color: FieldTypeView = { Cell: Swatch, Input: ColorInput, column: { width: 120 } };
export default color;
