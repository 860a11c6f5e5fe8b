import { Input, InputNumber, Switch } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldMeta } from "../types";
import { ChoiceSelect } from "./ChoiceSelect";
import type { LocationLevel } from "./locations";
import { PlaceSelect } from "./PlaceSelect";
import { RelationSelect } from "./RelationSelect";
import type { FieldInputComponent, FieldInputProps } from "./types";
import { useAssignableRoles } from "./useAssignableRoles";

export type { FieldInputProps } from "./types";

const PLACEHOLDERS: Partial<Record<FieldMeta["type"], string>> = {
  url: "https://",
  video: "https://www.youtube.com/watch?v=…",
  linkedin: "https://www.linkedin.com/in/…",
  email: "name@example.com",
};

/**
 * The input of one writable field, by its type (issue 4's list of field types): the plain ones
 * here, the others from `inputs`, the registry of inputs of their own (fields/inputs.tsx), which
 * the form passes in.
 */
export function FieldInput({
  inputs,
  ...props
}: FieldInputProps & { inputs: Partial<Record<FieldMeta["type"], FieldInputComponent>> }) {
  const { t } = useTranslation();
  const { value, onChange, onBlur, id, status, parentId } = props;
  const field = useAssignableRoles(props.field);
  const Own = inputs[field.type];
  if (Own) return <Own {...props} />;
  const text = typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
  const textProps = {
    id,
    status,
    value: text,
    onBlur,
    placeholder: PLACEHOLDERS[field.type],
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };

  switch (field.type) {
    case "textarea":
      return (
        <Input.TextArea
          {...textProps}
          autoSize={{ minRows: 3, maxRows: 10 }}
          showCount={field.maxLength ? { formatter: ({ count }) => `${count} / ${field.maxLength}` } : false}
        />
      );
    case "email":
      return <Input {...textProps} type="email" autoComplete="off" />;
    case "phone":
      return <Input {...textProps} type="tel" autoComplete="off" />;
    case "url":
    case "video":
    case "linkedin":
      return <Input {...textProps} type="url" autoComplete="off" />;
    case "number":
      return (
        <InputNumber
          id={id}
          status={status}
          className="csc-input-full"
          min={field.min}
          max={field.max}
          value={typeof value === "number" ? value : value ? Number(value) : null}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
        />
      );
    case "boolean":
      return (
        <Switch
          id={id}
          checked={value === true}
          onChange={(checked) => onChange(checked)}
          checkedChildren={t("resources.yes")}
          unCheckedChildren={t("resources.no")}
        />
      );
    case "enum":
    case "year":
    case "country":
      return (
        <ChoiceSelect
          id={id}
          status={status}
          field={field}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          allowClear={!field.required}
          placeholder={t("resources.choose")}
        />
      );
    case "relation":
      return (
        <RelationSelect
          id={id}
          status={status}
          field={field}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          allowClear={!field.required}
          placeholder={t("resources.searchToChoose")}
        />
      );
    case "province":
    case "district":
    case "municipality":
      return (
        <PlaceSelect
          id={id}
          status={status}
          level={field.type as LocationLevel}
          parentId={parentId ?? null}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          allowClear
          placeholder={t("resources.choose")}
        />
      );
    default:
      return <Input {...textProps} autoComplete="off" />;
  }
}
