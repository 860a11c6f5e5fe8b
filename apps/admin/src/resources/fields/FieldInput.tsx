import { Input, InputNumber, Skeleton, Switch } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMeta } from "../types";
import { ChoiceSelect } from "./ChoiceSelect";
import { ColorInput } from "./ColorInput";
import { ContactsInput } from "./ContactsInput";
import { DateInput } from "./DateInput";
import { ImageUpload } from "./ImageUpload";
import type { LocationLevel } from "./locations";
import { PlaceSelect } from "./PlaceSelect";
import { QuestionsInput } from "./QuestionsInput";
import { RelationSelect } from "./RelationSelect";
import { OptionChecklistInput, TagsInput } from "./TagsInput";
import { useAssignableRoles } from "./useAssignableRoles";

// Quill is large: it loads with the first form that has rich text
const RichTextInput = lazy(() => import("./RichTextInput"));

export interface FieldInputProps {
  field: FieldMeta;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** The input's id, which its label points at. */
  id: string;
  status?: "error";
  /** The field's label, for inputs whose label cannot point at them. */
  label?: string;
  /** For districts and municipalities: the chosen province or district. */
  parentId?: number | null;
}

const PLACEHOLDERS: Partial<Record<FieldMeta["type"], string>> = {
  url: "https://",
  linkedin: "https://www.linkedin.com/in/…",
  email: "name@example.com",
};

/** The input of one writable field, by its type (issue 4's list of field types). */
export function FieldInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const { value, onChange, onBlur, id, status, parentId } = props;
  const field = useAssignableRoles(props.field);
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
    case "linkedin":
      return <Input {...textProps} type="url" autoComplete="off" />;
    case "richtext":
      return (
        <Suspense fallback={<Skeleton.Input active block />}>
          <RichTextInput {...props} />
        </Suspense>
      );
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
    case "date":
    case "datetime":
      return <DateInput {...props} />;
    case "color":
      return <ColorInput {...props} />;
    case "image":
      return <ImageUpload {...props} />;
    case "tags":
      return field.options ? <OptionChecklistInput {...props} /> : <TagsInput {...props} />;
    case "contacts":
      return <ContactsInput {...props} />;
    case "questions":
      return <QuestionsInput {...props} />;
    default:
      return <Input {...textProps} autoComplete="off" />;
  }
}
