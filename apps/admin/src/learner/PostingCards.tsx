import { LIST_SCOPE_OPTIONS, type ListScope } from "@csc/shared";
import { useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Pagination, Segmented, Skeleton, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { SavedSearches } from "../engine/list/SavedSearches";
import type { ResourceMeta } from "../engine/types";
import { listQueryString } from "../shell/providers/data";
import { ApplyButton } from "./ApplyButton";
import { LearnerSearch } from "./LearnerSearch";
import { ListLoadFailed } from "./ListLoadFailed";
import {
  type LearnerListState,
  type ListTab,
  listStateOfQuery,
  PAGE_SIZE,
  postingListParams,
  showsTabs,
  useLearnerListState,
} from "./listState";
import { MyApplications } from "./MyApplications";
import { PostingCard } from "./PostingCard";
import type { Posting, PostingKind } from "./postings";
import { SaveButton } from "./SaveButton";
import { useApplicationsTo } from "./useApplicationsTo";

interface CardsProps {
  kind: PostingKind;
  meta: ResourceMeta;
  state: LearnerListState;
  onPage: (page: number) => void;
  showPath: (id: number) => string;
}

/** The postings of a tab ("All", "My preferences" or "Saved"), each with Apply or the learner's application, and Save. */
function PostingGrid({ kind, meta, state, onPage, showPath }: CardsProps) {
  const { t } = useTranslation();
  const { filters, sorters, query } = postingListParams(meta, state);
  const postings = useList<Posting>({
    resource: kind.resource,
    pagination: { currentPage: state.page, pageSize: PAGE_SIZE },
    filters,
    sorters,
    meta: { query },
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
  });
  const rows = postings.result.data;
  const ids = rows.map((posting) => posting.id);
  const byPosting = useApplicationsTo(kind, ids, PAGE_SIZE);

  if (postings.query.isError) {
    return <ListLoadFailed query={postings.query} />;
  }
  if (postings.query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (rows.length === 0) {
    return (
      <div data-testid="resource-empty">
        <EmptyState
          message={
            state.q
              ? t("learner:list.noMatch")
              : state.scope === "user-saved"
                ? t("learner:list.noneSaved")
                : t("learner:list.empty")
          }
        />
      </div>
    );
  }
  const total = postings.result.total ?? rows.length;
  return (
    <>
      <ul className="csc-posting-grid" aria-label={t("learner:list.cards")}>
        {rows.map((posting) => (
          <li key={posting.id}>
            <PostingCard
              kind={kind}
              posting={posting}
              to={showPath(posting.id)}
              action={
                byPosting && (
                  <>
                    <ApplyButton kind={kind} posting={posting} application={byPosting.get(posting.id)} />
                    <SaveButton kind={kind} posting={posting} />
                  </>
                )
              }
            />
          </li>
        ))}
      </ul>
      <Pagination
        className="csc-posting-pages"
        current={state.page}
        pageSize={PAGE_SIZE}
        total={total}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={onPage}
        showTotal={(count, [start, end]) => t("learner:list.range", { start, end, total: count })}
      />
    </>
  );
}

/**
 * A learner's page of learning events, opportunities or scholarships: cards instead of
 * the console's table, tabs and list scopes — All, Taken by me (their applications,
 * with stage and timeline) and My preferences — with search and pages.
 */
export function PostingCards({
  kind,
  meta,
  title,
  showPath,
}: {
  kind: PostingKind;
  meta: ResourceMeta;
  title: string;
  showPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const { state, update } = useLearnerListState(meta.timeFilters);
  const taken = state.scope === "user-taken";
  const search = postingListParams(meta, state);
  const scopes = LIST_SCOPE_OPTIONS.map((option) => ({
    value: option.value,
    label: t(option.labelKey, { defaultValue: option.label }),
  }));
  return (
    <div className="csc-learner" data-resource={meta.name} data-testid="learner-postings">
      <PageHeader title={title} subtitle={t(`learner:intro.${kind.postingType}`)} />
      <div className="csc-learner__bar">
        <Segmented<ListScope>
          aria-label={t("learner:scope.label")}
          options={scopes}
          value={state.scope}
          onChange={(scope) => update({ scope })}
          data-testid="learner-scope"
        />
        <div className="csc-learner__search-bar">
          {taken ? null : <LearnerSearch value={state.q} onCommit={(q) => update({ q })} />}
          <SavedSearches
            resource={meta.name}
            currentQuery={listQueryString(search.filters, search.sorters, search.query)}
            onApply={(saved) => update(listStateOfQuery(meta.timeFilters, saved.query))}
          />
        </div>
      </div>
      {showsTabs(state.scope) && state.type ? (
        <Tabs
          className="csc-time-tabs"
          activeKey={state.type}
          onChange={(key) => update({ type: key as ListTab })}
          items={meta.timeFilters.map((tab) => ({ key: tab, label: t(`enums:timeFilter.${tab}`) }))}
        />
      ) : null}
      {taken ? (
        <MyApplications kind={kind} page={state.page} onPage={(page) => update({ page })} showPath={showPath} />
      ) : (
        <PostingGrid kind={kind} meta={meta} state={state} onPage={(page) => update({ page })} showPath={showPath} />
      )}
    </div>
  );
}
