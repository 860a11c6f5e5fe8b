import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldMeta, FieldOption } from "../types";

/** Status-like values wear a colour; every other choice is a neutral tag. */
const COLORS: Record<string, string> = {
  active: "green",
  approved: "green",
  pending: "gold",
  paused: "gold",
  rejected: "red",
  disabled: "red",
  inactive: "default",
  ended: "default",
};

const optionOf = (field: FieldMeta, value: unknown): FieldOption | undefined =>
  field.options?.find((option) => String(option.value) === String(value));

/** An enum option's label in the current language (labels, `enums:` keys). */
export function useOptionLabel() {
  const { t } = useTranslation();
  return (field: FieldMeta, value: unknown): string => {
    const option = optionOf(field, value);
    return option ? t(option.labelKey, { defaultValue: option.label }) : String(value);
  };
}

export function EnumTag({ field, value }: { field: FieldMeta; value: unknown }) {
  const label = useOptionLabel()(field, value);
  const color = field.name === "status" ? COLORS[String(value)] : undefined;
  return (
    <Tag color={color} bordered={false} className="csc-enum-tag">
      {label}
    </Tag>
  );
}
