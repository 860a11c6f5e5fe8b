import { ColorPicker, Input, Space } from "antd";
import type { FieldInputProps } from "./types";

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** A brand colour as `#RRGGBB`: the picker, and the code typed by hand for keyboards. */
export function ColorInput({ value, onChange, onBlur, id, status }: FieldInputProps) {
  const hex = typeof value === "string" ? value : "";
  return (
    <Space.Compact className="csc-color-input">
      <ColorPicker
        value={HEX.test(hex) ? hex : undefined}
        disabledAlpha
        format="hex"
        onChangeComplete={(color) => onChange(color.toHexString().toUpperCase())}
      />
      <Input
        id={id}
        status={status}
        value={hex}
        maxLength={7}
        placeholder="#RRGGBB"
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        onBlur={onBlur}
      />
    </Space.Compact>
  );
}
