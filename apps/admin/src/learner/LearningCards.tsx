import { useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Pagination, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState";
import type { ResourceMeta } from "../engine/types";
import { EnrolButton } from "./EnrolButton";
import { LearningCard } from "./LearningCard";
import { ListLoadFailed } from "./ListLoadFailed";
import { type Enrolment, enrolmentsByItem, type LearningItem, type LearningKind } from "./learning";
import { catalogueListParams, PAGE_SIZE } from "./listState";

/** The learner's own enrolments of one kind (they have a few dozen at most: one call). */
export function useMyEnrolments(kind: LearningKind | null, enabled = true) {
  return useList<Enrolment>({
    resource: "enrolments",
    pagination: { mode: "off" },
    filters: kind ? [{ field: "item_type", operator: "eq", value: kind.itemType }] : [],
    sorters: [{ field: "enrolled_at", order: "desc" }],
    errorNotification: false,
    queryOptions: { enabled },
  });
}

/** The published courses, programs or roadmaps open to the learner, as cards with Enrol or their enrolment. */
export function LearningCards({
  kind,
  meta,
  q,
  page,
  onPage,
  showPath,
}: {
  kind: LearningKind;
  meta: ResourceMeta;
  q: string;
  page: number;
  onPage: (page: number) => void;
  showPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const { filters, sorters } = catalogueListParams(meta, q);
  const items = useList<LearningItem>({
    resource: kind.resource,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters,
    sorters,
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
  });
  const enrolments = useMyEnrolments(kind);
  const byItem = enrolmentsByItem(enrolments.result.data);
  const rows = items.result.data;

  if (items.query.isError) {
    return <ListLoadFailed query={items.query} />;
  }
  if (items.query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (rows.length === 0) {
    return (
      <div data-testid="resource-empty">
        <EmptyState message={q ? t("learner:list.noMatch") : t("learner:list.empty")} />
      </div>
    );
  }
  return (
    <>
      <ul className="csc-posting-grid" aria-label={t(`learner:learning.cards.${kind.itemType}`)}>
        {rows.map((item) => (
          <li key={item.id}>
            <LearningCard
              kind={kind}
              item={item}
              to={showPath(item.id)}
              action={
                enrolments.query.isLoading ? null : (
                  <EnrolButton kind={kind} item={item} enrolment={byItem.get(item.id)} />
                )
              }
            />
          </li>
        ))}
      </ul>
      <Pagination
        className="csc-posting-pages"
        current={page}
        pageSize={PAGE_SIZE}
        total={items.result.total ?? rows.length}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={onPage}
        showTotal={(count, [start, end]) => t("learner:list.range", { start, end, total: count })}
      />
    </>
  );
}
