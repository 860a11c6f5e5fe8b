import { isInstitutionAdmin, isProviderRole } from "@csc/shared";
import { Checkbox, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useOptionLabel } from "../../engine/display/EnumTag";
import { useSession } from "../../shell/session/SessionContext";
import type { FieldInputProps } from "./types";
import { useSelectStyle } from "./useSelectStyle";

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Free tags (skills, preferences): typed, Enter or comma adds one. */
export function TagsInput({ value, onChange, onBlur, id, status }: FieldInputProps) {
  const { t } = useTranslation();
  const style = useSelectStyle();
  return (
    <Select
      {...style}
      id={id}
      mode="tags"
      status={status}
      value={listOf(value)}
      onChange={(next: string[]) => onChange(next)}
      onBlur={onBlur}
      tokenSeparators={[","]}
      placeholder={t("resources.tagsPlaceholder")}
      suffixIcon={null}
      notFoundContent={null}
    />
  );
}

/**
 * A list of fixed choices (a plan's features) as checkboxes. Admin roles get their own
 * layout, the choices in columns; everyone else reads them one under another.
 */
export function OptionChecklistInput({ field, value, onChange, id, label: groupLabel }: FieldInputProps) {
  const { role } = useSession();
  const label = useOptionLabel();
  const columns = isProviderRole(role) || isInstitutionAdmin(role);
  return (
    <fieldset id={id} aria-label={groupLabel} className="csc-option-group">
      <Checkbox.Group
        className={columns ? "csc-checkbox-grid" : "csc-checkbox-stack"}
        value={listOf(value)}
        onChange={(next) => onChange(next.map(String))}
        options={(field.options ?? []).map((option) => ({
          value: String(option.value),
          label: label(field, option.value),
        }))}
      />
    </fieldset>
  );
}
