import { useOne } from "@refinedev/core";
import { Card, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { SkillsList } from "../components/SkillsList";
import { richTextIsEmpty, sanitizeRichText } from "../engine/display/sanitize";
import { EnrolButton } from "./EnrolButton";
import { useMyEnrolments } from "./LearningCards";
import { LearningFacts } from "./LearningFacts";
import { enrolmentsByItem, type LearningItem, type LearningKind, skillsOf, stepsOf } from "./learning";
import { RoadmapSteps } from "./RoadmapSteps";
import "../engine/resources.css";

/**
 * A course's, program's or roadmap's own page for a learner: its facts, description and the
 * skills it brings, Enrol or their enrolment; a roadmap's steps as a checklist they tick.
 */
export function LearningDetail({ kind, id, back }: { kind: LearningKind; id: string; back: string }) {
  const { t } = useTranslation();
  const one = useOne<LearningItem>({ resource: kind.resource, id, errorNotification: false });
  const enrolments = useMyEnrolments(kind);
  const item = one.result;

  if (one.query.isError) {
    return (
      <div className="csc-learner" data-resource={kind.resource}>
        <BackLink to={back} />
        <div data-testid="resource-not-found">
          <Result status="404" title={t("learner:learning.notFound")} />
        </div>
      </div>
    );
  }
  if (!item || enrolments.query.isLoading) {
    return (
      <div className="csc-learner" data-resource={kind.resource}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const enrolment = enrolmentsByItem(enrolments.result.data).get(item.id);
  const skills = skillsOf(kind, item);
  const steps = stepsOf(kind, item);
  return (
    <div className="csc-learner csc-learner--detail" data-resource={kind.resource} data-testid="learning-detail">
      <PageHeader title={String(item.title ?? "")} back={<BackLink to={back} />} />
      <Card className="csc-posting csc-posting--detail csc-details">
        <LearningFacts kind={kind} item={item} />
        {richTextIsEmpty(item.description) ? null : (
          <section className="csc-posting__section">
            <h3>{t("fields:description")}</h3>
            <div
              className="csc-richtext"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to the editor's tags
              dangerouslySetInnerHTML={{ __html: sanitizeRichText(String(item.description)) }}
            />
          </section>
        )}
        {skills.length > 0 ? (
          <section className="csc-posting__section">
            <h3>{t("learner:learning.skillsItBrings")}</h3>
            <SkillsList skills={skills.map((name) => ({ id: name, name }))} />
          </section>
        ) : null}
        {steps.length > 0 ? <RoadmapSteps key={enrolment?.id ?? "none"} steps={steps} enrolment={enrolment} /> : null}
        <div className="csc-posting__action">
          <EnrolButton kind={kind} item={item} enrolment={enrolment} />
        </div>
      </Card>
    </div>
  );
}
