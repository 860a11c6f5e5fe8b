import type { Validator } from "@csc/shared";
import type { FormInstance } from "antd";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import type { ApiError } from "../../shell/providers/api-error";

/** The text of one server field error, whatever shape refine gives it. */
export function fieldErrorText(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(fieldErrorText);
  if (typeof value === "string") return [value];
  if (value && typeof value === "object" && "message" in value)
    return [String((value as { message: unknown }).message)];
  return [];
}

/** Each server field error is shown under its own field. */
export function showServerFieldErrors(form: FormInstance, error: ApiError | undefined) {
  const errors = error?.errors;
  if (!errors) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const fields = Object.entries(errors)
    .filter(([name]) => known.has(name))
    .map(([name, message]) => ({ name, errors: fieldErrorText(message) }));
  form.setFields(fields);
}

/** An antd rule from a shared validator (rules live in @csc/shared); messages translated. */
export const sharedRule = (validator: Validator, t: TFunction): Rule => ({
  validator: async (_rule, value: string | undefined) => {
    const result = validator(value);
    if (result) throw new Error(t(result.key, { defaultValue: result.message }));
  },
});

/** Required marker (*) and message. */
export const requiredRule = (t: TFunction): Rule => ({
  required: true,
  message: t("validation:required", { defaultValue: "This field is required." }),
});
