import { useTranslation } from "react-i18next";
import { formatDateTime } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { momentControls } from "./families/moment";
import type { FieldTypeView, FieldValueProps } from "./types";

function DateTimeValue({ value }: FieldValueProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return <span className="csc-nowrap">{formatDateTime(value, language) ?? t("resources.notAvailable")}</span>;
}

/** An instant: its day and time, as the screen writes them. */
const datetime: FieldTypeView = {
  Cell: DateTimeValue,
  ...momentControls(true),
  column: { width: 180 },
};
export default datetime;
