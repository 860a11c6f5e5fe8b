import type { MissingSkill } from "@csc/shared";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import type { Posting } from "./postings";

/**
 * A posting's skill match on its card (the rule: packages/shared/src/skill-match.ts). Apart from
 * the page's section (SkillMatch), which links to the learner's catalogue: a card, the public apply
 * page's too, loads none of the console's menus.
 */

interface Match {
  score: number;
  matched: string[];
  missing: MissingSkill[];
}

/** The posting's match as the API sends it to a learner, or null when it carries none or asks no skills. */
export function matchOf(posting: Posting): Match | null {
  const { match_score: score, matched_skills: matched, missing_skills: missing } = posting;
  if (typeof score !== "number" || !Array.isArray(matched) || !Array.isArray(missing)) return null;
  if (matched.length + missing.length === 0) return null;
  return { score, matched: matched.map(String), missing: missing as MissingSkill[] };
}

/** How the score reads: strong from three quarters, fair from two fifths. */
const standing = (score: number) => (score >= 75 ? "strong" : score >= 40 ? "fair" : "weak");

/** The score on a posting's card: "75% match". */
export function MatchBadge({ posting }: { posting: Posting }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const match = matchOf(posting);
  if (!match) return null;
  return (
    <Tag bordered={false} className={`csc-match csc-match--${standing(match.score)}`} data-testid="match-score">
      {t("learner:match.badge", { score: formatNumber(match.score, language) })}
    </Tag>
  );
}
