import { CheckCircleFilled, LockOutlined } from "@ant-design/icons";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { SkillsList } from "../components/SkillsList";
import { useOptionLabel } from "../engine/display/EnumTag";
import { OptionChecklistInput, TagsInput } from "./inputs/TagsInput";
import type { FieldInputProps, FieldTypeView, FieldValueProps } from "./types";

/** The names of a record's tags: its options' labels, or the free tags as typed. */
function useNames(field: FieldValueProps["field"], values: unknown[]) {
  const label = useOptionLabel();
  return values.map((value) => (field.options ? label(field, value) : String(value)));
}

/** At most three tags in a cell, then how many more. */
function TagsCell({ field, value }: FieldValueProps) {
  const names = useNames(field, value as unknown[]);
  const shown = names.slice(0, 3);
  return (
    <span className="csc-cell-tags">
      {shown.map((name) => (
        <Tag key={name} bordered={false}>
          {name}
        </Tag>
      ))}
      {names.length > shown.length ? <span className="csc-cell-more">+{names.length - shown.length}</span> : null}
    </span>
  );
}

/** Enum lists (plan features): every choice, ticked when the record has it. */
function OptionChecklist({ field, values }: { field: FieldValueProps["field"]; values: unknown[] }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const chosen = new Set(values.map(String));
  return (
    <ul className="csc-checklist">
      {(field.options ?? []).map((option) => {
        const included = chosen.has(String(option.value));
        return (
          <li key={String(option.value)} className={included ? "is-on" : "is-off"}>
            {included ? (
              <CheckCircleFilled aria-label={t("resources.included")} />
            ) : (
              <LockOutlined aria-label={t("resources.notIncluded")} />
            )}
            <span>{label(field, option.value)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function TagsDetail({ field, value }: FieldValueProps) {
  const names = useNames(field, value as unknown[]);
  if (field.options) return <OptionChecklist field={field} values={value as unknown[]} />;
  return <SkillsList skills={names.map((name) => ({ id: name, name }))} />;
}

/** Tags from a fixed list are checkboxes; free tags are typed. */
function TagsOrChecklist(props: FieldInputProps) {
  return props.field.options ? <OptionChecklistInput {...props} /> : <TagsInput {...props} />;
}

/** A list of names: free tags (skills, preferences) or choices of a fixed list (a plan's features). */
const tags: FieldTypeView = {
  Cell: TagsCell,
  Detail: TagsDetail,
  Input: TagsOrChecklist,
  wideInForm: (field) => Boolean(field.options),
  wideInDetail: true,
};
export default tags;
