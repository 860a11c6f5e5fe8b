import { countryOptions } from "@csc/shared";
import { useMemo } from "react";
import { countryName } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { choiceControls } from "./families/choice";
import type { FieldTypeView, FieldValueProps } from "./types";

/** Every country (ISO codes), named in the user's language. */
function useCountries() {
  const language = useLanguage();
  return useMemo(() => countryOptions(language), [language]);
}

function CountryName({ value }: FieldValueProps) {
  const language = useLanguage();
  return <>{countryName(value, language)}</>;
}

/** A country, kept as its ISO code. */
const country: FieldTypeView = { Cell: CountryName, ...choiceControls(useCountries) };
export default country;
