import type { MissingSkill } from "@csc/shared";
import { Tag } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SkillsList } from "../components/SkillsList";
import { formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { useSession } from "../shell/session/SessionContext";
import { learningItemPath, learningItemTypeOf } from "./learningPaths";
import { MatchBadge, matchOf } from "./MatchBadge";
import type { Posting } from "./postings";

/**
 * Skill match on a posting's page as a learner sees it (the rule: packages/shared/src/skill-match.ts):
 * the skills they have, those they lack, and what on this site teaches each one they lack. The
 * score on its card is MatchBadge.
 */

/** One missing skill and what teaches it here, each a link to its page. */
function MissingSkillItem({ skill }: { skill: MissingSkill }) {
  const { t } = useTranslation();
  const { menu } = useSession();
  const links = skill.teach
    .map((item) => {
      const type = learningItemTypeOf(item.resource);
      return { item, to: type ? learningItemPath(menu, type, item.id) : undefined };
    })
    .filter((entry): entry is { item: MissingSkill["teach"][number]; to: string } => entry.to !== undefined);
  return (
    <li className="csc-match__missing" data-testid="missing-skill">
      <Tag className="csc-skills__tag">{skill.name}</Tag>
      {links.length > 0 ? (
        <span className="csc-match__teach">
          {t("learner:match.learnIn")}{" "}
          {links.map(({ item, to }, at) => (
            <span key={`${item.resource}-${item.id}`}>
              {at > 0 ? ", " : null}
              <Link to={to} data-testid="teaching-link">
                {item.title}
              </Link>
            </span>
          ))}
        </span>
      ) : (
        <span className="csc-match__teach csc-match__teach--none">{t("learner:match.noTeacher")}</span>
      )}
    </li>
  );
}

/** The posting page's section: the score, the skills the learner has, and those to learn with where. */
export function SkillMatchSection({ posting }: { posting: Posting }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const match = matchOf(posting);
  if (!match) return null;
  const total = match.matched.length + match.missing.length;
  return (
    <section className="csc-posting__section csc-match-section" aria-labelledby={headingId} data-testid="skill-match">
      <h3 id={headingId}>
        {t("learner:match.title")} <MatchBadge posting={posting} />
      </h3>
      <p>
        {t("learner:match.summary", {
          matched: formatNumber(match.matched.length, language),
          total: formatNumber(total, language),
        })}
      </p>
      {match.matched.length > 0 ? (
        <div data-testid="matched-skills">
          <h4>{t("learner:match.have")}</h4>
          <SkillsList skills={match.matched.map((name) => ({ id: name, name }))} />
        </div>
      ) : null}
      {match.missing.length > 0 ? (
        <div>
          <h4>{t("learner:match.missing")}</h4>
          <ul className="csc-match__missing-list">
            {match.missing.map((skill) => (
              <MissingSkillItem key={skill.name} skill={skill} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
