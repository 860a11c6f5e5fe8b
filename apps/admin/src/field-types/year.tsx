import { localDigits, YEAR_CHOICE_OPTIONS } from "@csc/shared";
import { useMemo } from "react";
import { formatYear } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { choiceControls } from "./families/choice";
import type { FieldTypeView, FieldValueProps } from "./types";

/** Years 1–50, in the language's digits. */
function useYears() {
  const language = useLanguage();
  return useMemo(
    () => YEAR_CHOICE_OPTIONS.map((option) => ({ value: option.value, label: localDigits(option.label, language) })),
    [language],
  );
}

function Year({ value }: FieldValueProps) {
  const language = useLanguage();
  return <>{formatYear(String(value), language)}</>;
}

/** A number of years (a programme's length). */
const year: FieldTypeView = { Cell: Year, ...choiceControls(useYears), column: { width: 80 } };
export default year;
