import { Form } from "antd";
import { type Control, Controller, type UseFormSetValue, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldInput } from "../fields/FieldInput";
import { FIELD_INPUTS } from "../fields/inputs";
import { type LocationLevel, PARENT_LEVEL } from "../fields/locations";
import type { FieldMeta } from "../types";
import { validateFieldValue } from "./rules";
import type { FormValues } from "./values";

/** Long inputs take the form's whole width. */
const WIDE: readonly FieldMeta["type"][] = ["richtext", "textarea", "contacts", "questions"];
const LEVELS: readonly LocationLevel[] = ["province", "district", "municipality"];

const isLevel = (type: FieldMeta["type"]): type is LocationLevel => LEVELS.includes(type as LocationLevel);

export interface FormFieldProps {
  field: FieldMeta;
  fields: FieldMeta[];
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
}

/**
 * One field of a form: its label (with * when required, spec §5), its input, and its error under
 * it — the client's own check or the server's `errors[field]`. A new province or district empties
 * the levels of the cascade below it.
 */
export function FormField({ field, fields, control, setValue }: FormFieldProps) {
  const { t } = useTranslation();
  const id = `field-${field.name}`;
  const label = t(field.labelKey, { defaultValue: field.label });
  const parentLevel = isLevel(field.type) ? PARENT_LEVEL[field.type] : null;
  const parentField = parentLevel ? fields.find((candidate) => candidate.type === parentLevel) : undefined;
  const parentValue = useWatch({ control, name: parentField?.name ?? `__none_${field.name}` });
  const below = isLevel(field.type)
    ? fields.filter(
        (candidate) =>
          isLevel(candidate.type) &&
          LEVELS.indexOf(candidate.type as LocationLevel) > LEVELS.indexOf(field.type as LocationLevel),
      )
    : [];
  const wide = WIDE.includes(field.type) || (field.type === "tags" && Boolean(field.options));

  return (
    <div className={`csc-form-item${wide ? " csc-form-item--wide" : ""}`} data-field={field.name}>
      <Controller
        name={field.name}
        control={control}
        rules={{ validate: (value) => validateFieldValue(field, value, t) }}
        render={({ field: input, fieldState }) => (
          <Form.Item
            label={label}
            htmlFor={id}
            required={field.required}
            validateStatus={fieldState.error ? "error" : undefined}
            help={fieldState.error?.message}
          >
            <FieldInput
              inputs={FIELD_INPUTS}
              field={field}
              id={id}
              label={label}
              value={input.value}
              status={fieldState.error ? "error" : undefined}
              parentId={typeof parentValue === "number" ? parentValue : null}
              onBlur={input.onBlur}
              onChange={(value) => {
                const changed = value !== input.value;
                input.onChange(value);
                if (changed) for (const child of below) setValue(child.name, null, { shouldDirty: true });
              }}
            />
          </Form.Item>
        )}
      />
    </div>
  );
}
