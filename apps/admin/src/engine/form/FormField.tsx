import { fieldType } from "@csc/shared";
import { Form } from "antd";
import { type Control, Controller, type UseFormSetValue, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldView } from "../../field-types";
import type { FieldMeta } from "../types";
import { FieldInput } from "./FieldInput";
import { validateFieldValue } from "./rules";
import type { FormValues } from "./values";

/** The depth of a field's level in the Nepal cascade (province 0), or null when it holds no place. */
const placeDepth = (field: FieldMeta) => fieldType(field.type).place?.depth ?? null;

interface FormFieldProps {
  field: FieldMeta;
  fields: FieldMeta[];
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
}

/**
 * One field of a form: its label (with * when required), its input, and its error under
 * it — the client's own check or the server's `errors[field]`. A new province or district empties
 * the levels of the cascade below it.
 */
export function FormField({ field, fields, control, setValue }: FormFieldProps) {
  const { t } = useTranslation();
  const id = `field-${field.name}`;
  const label = t(field.labelKey, { defaultValue: field.label });
  const depth = placeDepth(field);
  const parentField = depth === null ? undefined : fields.find((candidate) => placeDepth(candidate) === depth - 1);
  const parentValue = useWatch({ control, name: parentField?.name ?? `__none_${field.name}` });
  const below = depth === null ? [] : fields.filter((candidate) => (placeDepth(candidate) ?? -1) > depth);
  const wide = fieldView(field.type).wideInForm?.(field) ?? false;

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
            extra={field.writeOnly ? t("resources.writeOnlyHint") : undefined}
          >
            <FieldInput
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
