import { LinkOutlined } from "@ant-design/icons";
import { useList, useOne } from "@refinedev/core";
import { Card, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { richTextIsEmpty, sanitizeRichText } from "../engine/display/sanitize";
import { ApplyButton } from "./ApplyButton";
import type { Application } from "./applications";
import { PostingFacts, PostingTypeTag } from "./PostingFacts";
import type { Posting, PostingKind } from "./postings";
import { SaveButton } from "./SaveButton";
import { SkillMatchSection } from "./SkillMatch";
import { StageTimeline } from "./StageTimeline";
import { WithdrawButton } from "./WithdrawButton";
import "../engine/resources.css";

/** Rich-text fields a posting may carry, shown in this order. */
const LONG_TEXTS = ["description", "eligibility"];

/** A posting's own page for a learner: everything on its card, their skill match, its description, and their application's timeline. */
export function PostingDetail({ kind, id, back }: { kind: PostingKind; id: string; back: string }) {
  const { t } = useTranslation();
  const one = useOne<Posting>({ resource: kind.resource, id, errorNotification: false });
  const mine = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize: 1 },
    filters: [{ field: kind.applicationColumn, operator: "eq", value: id }],
    errorNotification: false,
  });
  const posting = one.result;
  const application = mine.result.data[0];

  if (one.query.isError) {
    return (
      <div className="csc-learner" data-resource={kind.resource}>
        <BackLink to={back} />
        <div data-testid="resource-not-found">
          <Result status="404" title={t("learner:detail.notFound")} />
        </div>
      </div>
    );
  }
  if (!posting) {
    return (
      <div className="csc-learner" data-resource={kind.resource}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const title = String(posting.title ?? "");
  const link = kind.link ? posting[kind.link] : undefined;
  return (
    <div className="csc-learner csc-learner--detail" data-resource={kind.resource}>
      <PageHeader title={title} back={<BackLink to={back} />} />
      <Card className="csc-posting csc-posting--detail csc-details">
        <div className="csc-posting__head">
          <PostingTypeTag kind={kind} posting={posting} />
        </div>
        <PostingFacts kind={kind} posting={posting} />
        <SkillMatchSection posting={posting} />
        {LONG_TEXTS.filter((name) => !richTextIsEmpty(posting[name])).map((name) => (
          <section key={name} className="csc-posting__section">
            <h3>{t(`fields:${name}`)}</h3>
            <div
              className="csc-richtext"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to the editor's tags
              dangerouslySetInnerHTML={{ __html: sanitizeRichText(String(posting[name])) }}
            />
          </section>
        ))}
        {typeof link === "string" && /^https?:\/\//i.test(link) ? (
          <p>
            <a href={link} target="_blank" rel="noopener noreferrer">
              <LinkOutlined aria-hidden="true" /> {t("learner:detail.readMore")}
            </a>
          </p>
        ) : null}
        <div className="csc-posting__action">
          {mine.query.isLoading ? null : <ApplyButton kind={kind} posting={posting} application={application} />}
          {application ? <WithdrawButton application={application} title={title} /> : null}
          <SaveButton kind={kind} posting={posting} />
        </div>
        {application ? (
          <section className="csc-posting__section" aria-label={t("learner:mine.timeline", { title })}>
            <h3>{t("learner:detail.timeline")}</h3>
            <StageTimeline application={application} />
          </section>
        ) : null}
      </Card>
    </div>
  );
}
