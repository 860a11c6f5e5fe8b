import { useMany } from "@refinedev/core";
import { Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState";
import { formatDate } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { EnrolmentProgress, OpenOnCourseSite } from "./EnrolButton";
import { LearningCard } from "./LearningCard";
import { useMyEnrolments } from "./LearningCards";
import { ListLoadFailed } from "./ListLoadFailed";
import { type Enrolment, enrolmentStatus, type LearningItem, type LearningKind } from "./learning";
import { MySkills } from "./SkillsList";

/**
 * "My learning": the learner's enrolments of this kind, newest first, each on its item's card with
 * when they enrolled, where it stands, its progress and certificate — and the skills they have
 * gained so far.
 */
export function MyLearning({ kind, showPath }: { kind: LearningKind; showPath: (id: number) => string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const enrolments = useMyEnrolments(kind);
  const rows = enrolments.result.data;
  const ids = [...new Set(rows.map((enrolment) => enrolment.item_id))];
  const items = useMany<LearningItem>({
    resource: kind.resource,
    ids,
    errorNotification: false,
    queryOptions: { enabled: ids.length > 0 },
  });
  const itemById = new Map(items.result.data.map((item) => [item.id, item]));

  if (enrolments.query.isError) {
    return <ListLoadFailed query={enrolments.query} />;
  }
  const loading = enrolments.query.isLoading || (ids.length > 0 && items.query.isLoading);
  return (
    <div data-testid="my-learning">
      <MySkills />
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      ) : rows.length === 0 ? (
        <div data-testid="resource-empty">
          <EmptyState message={t(`learner:learning.mineEmpty.${kind.itemType}`)} />
        </div>
      ) : (
        <ul className="csc-posting-grid csc-posting-grid--mine" aria-label={t("learner:learning.mine")}>
          {rows.map((enrolment: Enrolment) => {
            // an item the learner can no longer read (unpublished since) still shows their enrolment
            const known = itemById.get(enrolment.item_id);
            const item = known ?? { id: enrolment.item_id, title: t("learner:mine.unavailable") };
            const status = enrolmentStatus(enrolment);
            return (
              <li key={enrolment.id}>
                <LearningCard
                  kind={kind}
                  item={item}
                  to={known ? showPath(enrolment.item_id) : undefined}
                  action={
                    <div className="csc-apply csc-apply--enrolled">
                      <p className="csc-posting__applied-at">
                        {t("learner:learning.enrolledAt", { date: formatDate(enrolment.enrolled_at, language) })}{" "}
                        <Tag bordered={false} className={`csc-enrolment-status csc-enrolment-status--${status}`}>
                          {t(`learner:learning.status.${status}`)}
                        </Tag>
                      </p>
                      <EnrolmentProgress enrolment={enrolment} title={String(item.title ?? "")} />
                      <OpenOnCourseSite kind={kind} itemId={enrolment.item_id} />
                    </div>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
