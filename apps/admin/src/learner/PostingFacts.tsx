import { CalendarOutlined } from "@ant-design/icons";
import { enumLabelKey } from "@csc/shared";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { SkillsList } from "../components/SkillsList";
import { countryName, formatDate, formatDateTime, formatNumber, isEmptyValue } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import type { Posting, PostingFact, PostingKind } from "./postings";

/** One fact as text in the current language, or null when the posting has none. */
function useFactText() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (fact: PostingFact, value: unknown): string | null => {
    if (isEmptyValue(value)) return null;
    switch (fact.kind) {
      case "date":
        return formatDate(value, language);
      case "datetime":
        return formatDateTime(value, language);
      case "mode":
        return t(enumLabelKey("deliveryMode", Boolean(value)));
      case "country":
        return countryName(value, language);
      case "number":
        return formatNumber(value, language);
      default:
        return String(value);
    }
  };
}

/** What sort of posting it is (a training, an internship…), as a tag. */
export function PostingTypeTag({ kind, posting }: { kind: PostingKind; posting: Posting }) {
  const { t } = useTranslation();
  const value = kind.typeField ? posting[kind.typeField.name] : undefined;
  if (!kind.typeField || isEmptyValue(value)) return null;
  return (
    <Tag bordered={false} color="blue" className="csc-posting__type">
      {t(enumLabelKey(kind.typeField.enumName, String(value)), { defaultValue: String(value) })}
    </Tag>
  );
}

/** The posting's facts (dates, mode, venue…), its deadline and its skills. */
export function PostingFacts({ kind, posting }: { kind: PostingKind; posting: Posting }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text = useFactText();
  const facts = kind.facts
    .map((fact) => ({ fact, shown: text(fact, posting[fact.name]) }))
    .filter((entry): entry is { fact: PostingFact; shown: string } => entry.shown !== null);
  const deadline = formatDate(posting[kind.deadline], language);
  const skills = kind.skills ? posting[kind.skills] : undefined;
  const skillNames = Array.isArray(skills) ? skills.map(String) : [];
  return (
    <>
      <dl className="csc-posting__facts">
        {facts.map(({ fact, shown }) => (
          <div key={fact.name} className="csc-posting__fact">
            <dt>{t(`fields:${fact.name}`)}</dt>
            <dd>
              {fact.kind === "url" && /^https?:\/\//i.test(shown) ? (
                <a href={shown} target="_blank" rel="noopener noreferrer">
                  {shown.replace(/^https?:\/\/(www\.)?/, "")}
                </a>
              ) : (
                shown
              )}
            </dd>
          </div>
        ))}
      </dl>
      {deadline ? (
        <p className="csc-posting__deadline">
          <CalendarOutlined aria-hidden="true" /> {t("learner:card.deadline", { date: deadline })}
        </p>
      ) : null}
      {skillNames.length > 0 ? <SkillsList skills={skillNames.map((name) => ({ id: name, name }))} /> : null}
    </>
  );
}
