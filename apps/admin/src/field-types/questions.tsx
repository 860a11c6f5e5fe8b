import { useTranslation } from "react-i18next";
import { type Question, QuestionsTable } from "../engine/display/RecordTables";
import { QuestionsInput } from "./inputs/QuestionsInput";
import type { FieldTypeView, FieldValueProps } from "./types";

function QuestionCount({ value }: FieldValueProps) {
  const { t } = useTranslation();
  return <>{t("resources.questionCount", { count: (value as Question[]).length })}</>;
}

/** A self-assessment's questions: how many in a cell, a table of them on the detail page. */
const questions: FieldTypeView = {
  Cell: QuestionCount,
  Detail: ({ value }: FieldValueProps) => <QuestionsTable questions={value as Question[]} />,
  Input: QuestionsInput,
  notAColumn: true,
  wideInForm: () => true,
  wideInDetail: true,
};
export default questions;
