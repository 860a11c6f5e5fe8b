import { Card } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SkillsList } from "../components/SkillsList";
import { LearningFacts } from "./LearningFacts";
import { type LearningItem, type LearningKind, shortDescription, skillsOf } from "./learning";
import "./learner.css";

/**
 * A course, enrichment program or career roadmap as a card: its title (opening its
 * page), a line of its description, its facts and skills, and its one action at the bottom.
 */
export function LearningCard({
  kind,
  item,
  to,
  action,
}: {
  kind: LearningKind;
  item: LearningItem;
  to?: string;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const title = String(item.title ?? t("learner:card.untitled"));
  const summary = shortDescription(item.description);
  const skills = skillsOf(kind, item);
  return (
    <Card
      className="csc-posting csc-learning"
      data-testid="learning-card"
      data-item-type={kind.itemType}
      data-item-id={item.id}
    >
      <div className="csc-posting__head">
        <h3 className="csc-posting__title">{to ? <Link to={to}>{title}</Link> : title}</h3>
      </div>
      {summary ? <p className="csc-learning__summary">{summary}</p> : null}
      <LearningFacts kind={kind} item={item} />
      {skills.length > 0 ? <SkillsList skills={skills.map((name) => ({ id: name, name }))} /> : null}
      <div className="csc-posting__action">{action}</div>
    </Card>
  );
}
