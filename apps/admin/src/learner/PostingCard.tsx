import { Card } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PostingFacts, PostingTypeTag } from "./PostingFacts";
import "./learner.css";
import { MatchBadge } from "./MatchBadge";
import type { Posting, PostingKind } from "./postings";

/**
 * A posting as a card: its title (opening its page when there is one), what sort of
 * posting it is and how well the learner's skills match it, its facts, deadline and skills, and its one action at the bottom.
 */
export function PostingCard({
  kind,
  posting,
  to,
  action,
  children,
  headingLevel = 3,
}: {
  kind: PostingKind;
  posting: Posting;
  /** The posting's own page. */
  to?: string;
  action: ReactNode;
  /** More below the facts: the application's timeline on "Taken by me". */
  children?: ReactNode;
  /** The card's title under the page's headings: 2 where the cards sit right under the page title. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const title = String(posting.title ?? t("learner:card.untitled"));
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="csc-posting" data-testid="learner-card" data-posting-id={posting.id}>
      <div className="csc-posting__head">
        <span className="csc-posting__tags">
          <PostingTypeTag kind={kind} posting={posting} />
          <MatchBadge posting={posting} />
        </span>
        <Heading className="csc-posting__title">{to ? <Link to={to}>{title}</Link> : title}</Heading>
      </div>
      <PostingFacts kind={kind} posting={posting} />
      {children}
      <div className="csc-posting__action">{action}</div>
    </Card>
  );
}
