import { enumLabelKey } from "@csc/shared";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber, isEmptyValue } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import type { LearningItem, LearningKind } from "./learning";

/** A learning item's facts (category, mode, duration, start…) in the current language; those it lacks are left out. */
export function LearningFacts({ kind, item }: { kind: LearningKind; item: LearningItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const facts = kind.facts.flatMap((fact) => {
    const value = item[fact.name];
    if (isEmptyValue(value)) return [];
    let shown: string | null;
    switch (fact.kind) {
      case "date":
        shown = formatDate(value, language);
        break;
      case "mode":
        shown = t(enumLabelKey("deliveryMode", Boolean(value)));
        break;
      case "category":
        shown = t(enumLabelKey("programmeCategory", String(value)), { defaultValue: String(value) });
        break;
      case "number":
        shown = formatNumber(value, language);
        break;
      case "hours":
      case "months":
        shown =
          typeof value === "number"
            ? t(`learner:learning.${fact.kind}`, { count: value, value: formatNumber(value, language) })
            : null;
        break;
      default:
        shown = String(value);
    }
    return shown ? [{ name: fact.name, shown }] : [];
  });
  if (facts.length === 0) return null;
  return (
    <dl className="csc-posting__facts">
      {facts.map(({ name, shown }) => (
        <div key={name} className="csc-posting__fact">
          <dt>{t(`fields:${name}`)}</dt>
          <dd>{shown}</dd>
        </div>
      ))}
    </dl>
  );
}
