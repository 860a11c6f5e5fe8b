import { isOpenApplication } from "@csc/shared";
import { useList, useMany } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Pagination, Skeleton } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState";
import { formatDateTime } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { ApplicationStatus } from "./ApplyButton";
import { type Application, postingIdOf } from "./applications";
import { CertificateLinks } from "./CertificateLinks";
import { ListLoadFailed } from "./ListLoadFailed";
import { PAGE_SIZE } from "./listState";
import { PostingCard } from "./PostingCard";
import type { Posting, PostingKind } from "./postings";
import { StageTimeline } from "./StageTimeline";
import { WithdrawButton } from "./WithdrawButton";

/**
 * "Taken by me" (list scope): the learner's own applications to this kind of posting,
 * newest first, each on its posting's card with its current stage, its timeline and — while
 * nobody has decided on it — Withdraw; the open ones first, then the past ones (completed,
 * closed, withdrawn: @csc/shared `isOpenApplication`) under their own heading, a completed
 * event's with its certificate.
 */
export function MyApplications({
  kind,
  page,
  onPage,
  showPath,
}: {
  kind: PostingKind;
  page: number;
  onPage: (page: number) => void;
  showPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const openHeading = useId();
  const pastHeading = useId();
  const applications = useList<Application>({
    resource: "applications",
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters: [{ field: "posting_type", operator: "eq", value: kind.postingType }],
    sorters: [{ field: "applied_at", order: "desc" }],
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
  });
  const rows = applications.result.data;
  const postingIds = rows
    .map((application) => postingIdOf(application, kind.applicationColumn))
    .filter((id): id is number => id !== null);
  const postings = useMany<Posting>({
    resource: kind.resource,
    ids: [...new Set(postingIds)],
    errorNotification: false,
    queryOptions: { enabled: postingIds.length > 0 },
  });
  const postingById = new Map(postings.result.data.map((posting) => [posting.id, posting]));

  if (applications.query.isError) {
    return <ListLoadFailed query={applications.query} />;
  }
  if (applications.query.isLoading || (postingIds.length > 0 && postings.query.isLoading)) {
    return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  }
  if (rows.length === 0) {
    return (
      <div data-testid="resource-empty">
        <EmptyState message={t("learner:mine.empty")} />
      </div>
    );
  }
  const card = (application: Application) => {
    const postingId = postingIdOf(application, kind.applicationColumn) ?? 0;
    // a posting the learner can no longer read (unpublished since) still shows its application
    const posting = postingById.get(postingId) ?? { id: postingId, title: t("learner:mine.unavailable") };
    const title = String(posting.title ?? "");
    return (
      <li key={application.id} data-testid="my-application" data-application-id={application.id}>
        <PostingCard
          kind={kind}
          posting={posting}
          to={postingById.has(postingId) ? showPath(postingId) : undefined}
          action={
            <div className="csc-posting__mine-actions">
              <ApplicationStatus application={application} />
              <WithdrawButton application={application} title={title} />
              {application.certificate_code ? (
                <CertificateLinks code={application.certificate_code} title={title} />
              ) : null}
            </div>
          }
        >
          <section className="csc-posting__application" aria-label={t("learner:mine.timeline", { title })}>
            <p className="csc-posting__applied-at">
              {t("learner:mine.appliedAt", { date: formatDateTime(application.applied_at, language) })}
            </p>
            <StageTimeline application={application} />
          </section>
        </PostingCard>
      </li>
    );
  };
  const open = rows.filter(isOpenApplication);
  const past = rows.filter((application) => !isOpenApplication(application));
  return (
    <>
      {open.length > 0 ? (
        <section aria-labelledby={openHeading} data-testid="my-applications-open">
          <h2 id={openHeading} className="csc-posting-group__title">
            {t("learner:applications.open")}
          </h2>
          <ul className="csc-posting-grid csc-posting-grid--mine" aria-label={t("learner:mine.cards")}>
            {open.map(card)}
          </ul>
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby={pastHeading} data-testid="my-applications-past">
          <h2 id={pastHeading} className="csc-posting-group__title">
            {t("learner:applications.past")}
          </h2>
          <p className="csc-posting-group__hint">{t("learner:applications.pastHint")}</p>
          <ul className="csc-posting-grid csc-posting-grid--mine" aria-label={t("learner:applications.past")}>
            {past.map(card)}
          </ul>
        </section>
      ) : null}
      <Pagination
        className="csc-posting-pages"
        current={page}
        pageSize={PAGE_SIZE}
        total={applications.result.total ?? rows.length}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={onPage}
        showTotal={(count, [start, end]) => t("learner:list.range", { start, end, total: count })}
      />
    </>
  );
}
