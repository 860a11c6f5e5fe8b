import { type CrudFilter, useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Card, Pagination, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../components/EmptyState";
import { formatNumber } from "../engine/display/format";
import type { ResourceMeta } from "../engine/types";
import { useLanguage } from "../shell/providers/i18n";
import { useSession } from "../shell/session/SessionContext";
import { type Assessment, draftKey, hasDraft } from "./assessments";
import { shortDescription } from "./learning";
import { PAGE_SIZE } from "./listState";
import "./learner.css";
import { ListLoadFailed } from "./ListLoadFailed";

/** An assessment's facts on its card and page: category, time, number of questions, pass mark. */
export function AssessmentFacts({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = Array.isArray(assessment.questions) ? assessment.questions.length : null;
  const facts = [
    { name: "category", label: t("fields:category"), shown: assessment.category ? String(assessment.category) : null },
    {
      name: "duration_minutes",
      label: t("fields:duration_minutes"),
      shown:
        typeof assessment.duration_minutes === "number"
          ? t("learner:assessment.minutes", {
              count: assessment.duration_minutes,
              value: formatNumber(assessment.duration_minutes, language),
            })
          : null,
    },
    {
      name: "questions",
      label: t("learner:assessment.questions"),
      shown: count === null ? null : formatNumber(count, language),
    },
    {
      name: "pass_mark",
      label: t("fields:pass_mark"),
      shown: typeof assessment.pass_mark === "number" ? `${formatNumber(assessment.pass_mark, language)}%` : null,
    },
    {
      name: "max_attempts",
      label: t("fields:max_attempts"),
      shown: typeof assessment.max_attempts === "number" ? formatNumber(assessment.max_attempts, language) : null,
    },
  ].filter((fact) => fact.shown !== null);
  return (
    <dl className="csc-posting__facts">
      {facts.map((fact) => (
        <div key={fact.name} className="csc-posting__fact">
          <dt>{fact.label}</dt>
          <dd>{fact.shown}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Self assessments as cards, each with its one action: Start, or Resume an attempt left midway. */
export function AssessmentCards({
  meta,
  q,
  page,
  onPage,
  showPath,
}: {
  meta: ResourceMeta;
  q: string;
  page: number;
  onPage: (page: number) => void;
  showPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const filters: CrudFilter[] = q ? [{ field: "q", operator: "eq", value: q }] : [];
  const list = useList<Assessment>({
    resource: meta.name,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters,
    sorters: [{ field: meta.defaultSort.field, order: meta.defaultSort.order }],
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData },
  });
  const rows = list.result.data;

  if (list.query.isError) {
    return <ListLoadFailed query={list.query} />;
  }
  if (list.query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (rows.length === 0) {
    return (
      <div data-testid="resource-empty">
        <EmptyState message={q ? t("learner:list.noMatch") : t("learner:list.empty")} />
      </div>
    );
  }
  return (
    <>
      <ul className="csc-posting-grid" aria-label={t("learner:assessment.cards")}>
        {rows.map((assessment) => {
          const title = String(assessment.title ?? t("learner:card.untitled"));
          const summary = shortDescription(assessment.description);
          const resume = hasDraft(localStorage, draftKey(user.id, assessment.id));
          return (
            <li key={assessment.id}>
              <Card className="csc-posting" data-testid="assessment-card" data-assessment-id={assessment.id}>
                <div className="csc-posting__head">
                  <h3 className="csc-posting__title">
                    <Link to={showPath(assessment.id)}>{title}</Link>
                  </h3>
                </div>
                {summary ? <p className="csc-learning__summary">{summary}</p> : null}
                <AssessmentFacts assessment={assessment} />
                <div className="csc-posting__action">
                  <Button
                    type="primary"
                    onClick={() => navigate(`${showPath(assessment.id)}?take=1`)}
                    aria-label={t(resume ? "learner:assessment.resumeFor" : "learner:assessment.startFor", { title })}
                    data-testid="assessment-start"
                  >
                    {t(resume ? "learner:assessment.resume" : "learner:assessment.start")}
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <Pagination
        className="csc-posting-pages"
        current={page}
        pageSize={PAGE_SIZE}
        total={list.result.total ?? rows.length}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={onPage}
        showTotal={(count, [start, end]) => t("learner:list.range", { start, end, total: count })}
      />
    </>
  );
}
