import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { Switch } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { choiceControls } from "./families/choice";
import type { FieldInputProps, FieldTypeView, FieldValueProps } from "./types";

function YesNo({ value }: FieldValueProps) {
  const { t } = useTranslation();
  return value ? (
    <span className="csc-bool csc-bool--yes">
      <CheckCircleFilled aria-hidden="true" /> {t("resources.yes")}
    </span>
  ) : (
    <span className="csc-bool csc-bool--no">
      <CloseCircleOutlined aria-hidden="true" /> {t("resources.no")}
    </span>
  );
}

function BooleanInput({ value, onChange, id }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === true}
      onChange={(checked) => onChange(checked)}
      checkedChildren={t("resources.yes")}
      unCheckedChildren={t("resources.no")}
    />
  );
}

function useYesNo() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { value: true, label: t("resources.yes") },
      { value: false, label: t("resources.no") },
    ],
    [t],
  );
}

/** Yes or no: a switch in a form, a select in a list's filters. */
const boolean: FieldTypeView = {
  Cell: YesNo,
  Input: BooleanInput,
  Filter: choiceControls(useYesNo).Filter,
  column: { width: 110 },
};
export default boolean;
