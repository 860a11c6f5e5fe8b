import { useTranslation } from "react-i18next";
import { filterValue, withFilter } from "../../engine/list/filters";
import type { FieldMeta } from "../../engine/types";
import { type Choice, ChoiceSelect } from "../inputs/ChoiceSelect";
import { useAssignableRoles } from "../inputs/useAssignableRoles";
import type { FieldFilterProps, FieldInputProps } from "../types";

type UseChoices = (field: FieldMeta) => { value: Choice; label: string }[];

/**
 * The input and the list filter of a type whose value is one of a list of choices (an enum, a
 * year, a country, yes or no): a select over the choices `useChoices` gives.
 */
export function choiceControls(useChoices: UseChoices) {
  function ChoiceInput({ field: given, value, onChange, onBlur, id, status }: FieldInputProps) {
    const { t } = useTranslation();
    // the role of an account: only the roles the user may give
    const field = useAssignableRoles(given);
    return (
      <ChoiceSelect
        id={id}
        status={status}
        choices={useChoices(field)}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        allowClear={!field.required}
        placeholder={t("resources.choose")}
      />
    );
  }
  function ChoiceFilter({ field, filters, onChange, common }: FieldFilterProps) {
    return (
      <ChoiceSelect
        {...common}
        choices={useChoices(field)}
        value={filterValue(filters, field.name)}
        onChange={(value) => onChange(withFilter(filters, field.name, "eq", value))}
      />
    );
  }
  return { Input: ChoiceInput, Filter: ChoiceFilter };
}
