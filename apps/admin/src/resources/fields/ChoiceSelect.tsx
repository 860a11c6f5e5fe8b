import { countryOptions, localDigits, YEAR_CHOICE_OPTIONS } from "@csc/shared";
import { Select, type SelectProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../providers/i18n";
import { useOptionLabel } from "../display/EnumTag";
import type { FieldMeta } from "../types";
import { useSelectStyle } from "./useSelectStyle";

type Choice = string | number | boolean;

export interface ChoiceSelectProps
  extends Omit<SelectProps, "value" | "onChange" | "options" | "mode" | "variant" | "classNames" | "listHeight"> {
  field: FieldMeta;
  value: unknown;
  onChange: (value: Choice | null) => void;
}

/** The choices of an enum, year (spec §9: 1–50), country (ISO codes, names in the language) or yes/no field. */
function useChoices(field: FieldMeta): { value: Choice; label: string }[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const optionLabel = useOptionLabel();
  return useMemo(() => {
    switch (field.type) {
      case "year":
        return YEAR_CHOICE_OPTIONS.map((option) => ({
          value: option.value,
          label: localDigits(option.label, language),
        }));
      case "country":
        return countryOptions(language);
      case "boolean":
        return [
          { value: true, label: t("resources.yes") },
          { value: false, label: t("resources.no") },
        ];
      default:
        return (field.options ?? []).map((option) => ({
          value: option.value,
          label: optionLabel(field, option.value),
        }));
    }
  }, [field, language, t, optionLabel]);
}

/**
 * One choice among a field's options. antd keys options by string, so true/false and numbers are
 * keyed by their text and handed back as they came.
 */
export function ChoiceSelect({ field, value, onChange, ...rest }: ChoiceSelectProps) {
  const choices = useChoices(field);
  const style = useSelectStyle(choices.length);
  const options = choices.map((choice) => ({ value: String(choice.value), label: choice.label }));
  const toChoice = (key: string | undefined): Choice | null =>
    key === undefined ? null : (choices.find((choice) => String(choice.value) === key)?.value ?? key);
  return (
    <Select
      {...style}
      {...rest}
      options={options}
      value={value === null || value === undefined || value === "" ? undefined : String(value)}
      onChange={(key: string | undefined) => onChange(toChoice(key))}
      showSearch={choices.length > 8}
      optionFilterProp="label"
    />
  );
}
