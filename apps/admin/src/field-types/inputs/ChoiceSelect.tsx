import { Select, type SelectProps } from "antd";
import { useSelectStyle } from "./useSelectStyle";

export type Choice = string | number | boolean;

interface ChoiceSelectProps
  extends Omit<SelectProps, "value" | "onChange" | "options" | "mode" | "variant" | "classNames" | "listHeight"> {
  /** The choices, labelled in the user's language (each field type gives its own). */
  choices: { value: Choice; label: string }[];
  value: unknown;
  onChange: (value: Choice | null) => void;
}

/**
 * One choice among a field's options. antd keys options by string, so true/false and numbers are
 * keyed by their text and handed back as they came.
 */
export function ChoiceSelect({ choices, value, onChange, ...rest }: ChoiceSelectProps) {
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
