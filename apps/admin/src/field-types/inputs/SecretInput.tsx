import { Input } from "antd";
import type { FieldInputProps } from "./types";

/**
 * A write-only field (a client secret): a password input that starts empty, since the API never
 * sends the value back; left empty, the stored one is kept.
 */
export function SecretInput({ field, id, value, onChange, onBlur, status }: FieldInputProps) {
  return (
    <Input.Password
      id={id}
      value={typeof value === "string" ? value : ""}
      onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
      onBlur={onBlur}
      status={status}
      maxLength={field.maxLength}
      autoComplete="new-password"
      data-write-only="true"
    />
  );
}
