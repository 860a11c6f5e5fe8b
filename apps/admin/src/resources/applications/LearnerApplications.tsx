import { SolutionOutlined } from "@ant-design/icons";
import { type CrudFilter, type CrudSort, useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../../components/AppCard";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { ApplicantDrawer } from "./ApplicantDrawer";
import { ApplicantTable } from "./ApplicantTable";
import { type Application, gradingOfRow } from "./posting";
import { type PostingLink, usePostingLinks } from "./usePostingLinks";
import { useApplicantViewState } from "./viewState";
import "./applicants.css";
import { LoadFailedAlert } from "../enrolments/LoadFailedAlert";

/** The posting an application is to: its page where the caller may read it, its title otherwise. */
function PostingCell({ posting }: { posting: PostingLink }) {
  return (
    <span className="csc-applicant-posting" data-testid="applicant-posting" data-linked={posting.href ? "" : undefined}>
      {posting.href ? <Link to={posting.href}>{posting.title}</Link> : <span>{posting.title}</span>}
      <Typography.Text type="secondary" className="csc-applicant-posting__type">
        {posting.typeLabel}
      </Typography.Text>
    </span>
  );
}

/**
 * One learner's applications, on their detail page, for the staff who reach them (an
 * institution's staff read their own learners' applications anywhere, provider staff all; the
 * API's reach decides). the applicant table plus the posting each one is to; read only —
 * no selection, no board — and an applicant opens with their history. Sort, page and the open
 * applicant live in the address under the applicant section's keys.
 */
export function LearnerApplications({
  learnerId,
  recordPath,
}: {
  learnerId: number;
  /** Where a posting opens for the user, or null where they have no page for it. */
  recordPath: (resource: string, id: number) => string | null;
}) {
  const { t } = useTranslation("pipeline");
  const meta = useResourceMeta("applications");
  const { state, update } = useApplicantViewState();
  const filters = useMemo<CrudFilter[]>(() => [{ field: "user_id", operator: "eq", value: learnerId }], [learnerId]);
  const sorters = useMemo(() => [state.sort], [state.sort]);

  const list = useList<Application>({
    resource: "applications",
    pagination: { currentPage: state.page, pageSize: state.pageSize },
    filters,
    sorters,
    errorNotification: false,
    queryOptions: { enabled: Boolean(meta), placeholderData: keepPreviousData },
  });
  const rows = list.result.data;
  const postingOf = usePostingLinks(meta, rows, recordPath);

  if (!meta) return null;
  const total = list.result.total ?? 0;

  const postingColumn: ColumnType<Application> = {
    key: "posting",
    title: t("columns.posting"),
    // what tells one row from another here (the name and email are the learner's on every row): kept in sight
    fixed: "right",
    render: (_value, row) => <PostingCell posting={postingOf(row)} />,
  };

  return (
    <section
      className="csc-applicants csc-learner-applications"
      aria-labelledby="csc-learner-applications-title"
      data-testid="learner-applications"
    >
      <AppCard
        className="csc-list-card"
        icon={<SolutionOutlined />}
        title={
          <span id="csc-learner-applications-title">
            {t("learnerApplications.title")}
            {list.result.total !== undefined ? (
              <span className="csc-applicants__count" data-testid="learner-applications-count">
                {t("learnerApplications.count", { count: total })}
              </span>
            ) : null}
          </span>
        }
      >
        {list.query.isError ? (
          <LoadFailedAlert
            query={list.query}
            message={t("learnerApplications.loadFailed")}
            retry={t("retry")}
            className="csc-applicants__error"
          />
        ) : (
          <ApplicantTable
            gradingOf={gradingOfRow}
            postingColumn={postingColumn}
            rows={rows}
            loading={list.query.isFetching}
            total={total}
            page={state.page}
            pageSize={state.pageSize}
            sort={state.sort}
            onSort={(sort: CrudSort | null) => update({ sort: sort?.field ?? null, order: sort?.order ?? null })}
            onPage={(page, pageSize) =>
              update(pageSize !== state.pageSize ? { size: pageSize } : { page: page > 1 ? page : null })
            }
            onOpen={(id) => update({ open: id })}
            emptyText={t("learnerApplications.empty")}
          />
        )}
      </AppCard>
      <ApplicantDrawer
        id={state.openId}
        postingOf={(row) => <PostingCell posting={postingOf(row)} />}
        onClose={() => update({ open: null })}
      />
    </section>
  );
}
