import { useTranslation } from "react-i18next";
import { DebouncedInput } from "../engine/list/DebouncedInput";

/** The search box above a learner's cards: committed after a pause, cleared with one press. */
export function LearnerSearch({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <DebouncedInput
      allowClear
      className="csc-learner__search"
      aria-label={t("learner:list.search")}
      placeholder={t("learner:list.search")}
      value={value}
      onCommit={onCommit}
      data-testid="learner-search"
    />
  );
}
