import { useTranslation } from "react-i18next";
import { formatDate } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { momentControls } from "./families/moment";
import type { FieldTypeView, FieldValueProps } from "./types";

function DateValue({ value }: FieldValueProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return <span className="csc-nowrap">{formatDate(value, language) ?? t("resources.notAvailable")}</span>;
}

/** A day, as the screen writes dates (Bikram Sambat, Nepali digits). */
const date: FieldTypeView = { Cell: DateValue, ...momentControls(false), column: { width: 130 } };
export default date;
