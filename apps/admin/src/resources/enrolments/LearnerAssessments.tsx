import { CheckOutlined, CloseOutlined, FormOutlined } from "@ant-design/icons";
import type { AssessmentScores } from "@csc/shared";
import { isCorrect, isScored } from "@csc/shared";
import { type CrudFilter, useList, useOne } from "@refinedev/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import { formatDate, formatDateTime, formatNumber } from "../../engine/display/format";
import { useRelationLabels } from "../../engine/display/useRelationLabels";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { useLanguage } from "../../shell/providers/i18n";
import { type Attempt, answersOf, fetchAssessmentScores, questionsOf } from "./enrolment";
import "./enrolments.css";
import { LoadFailedAlert } from "./LoadFailedAlert";

const passedOf = (attempt: Pick<Attempt, "passed">): boolean | null =>
  attempt.passed === null || attempt.passed === undefined ? null : Boolean(attempt.passed);

/**
 * One learner's self-assessment attempts, on their detail page, for the staff who reach them
 * (staff see their learners' attempts and results): first, assessment by assessment, how
 * many attempts and the first and best score (counted by the API over every attempt, not this
 * page of them); then each attempt — the assessment, when, the score and whether it passed. An
 * attempt opens with its questions, the learner's answers and the right ones.
 */
export function LearnerAssessments({ learnerId }: { learnerId: number }) {
  const { t } = useTranslation("staffLearning");
  const language = useLanguage();
  const meta = useResourceMeta("assessment-attempts");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [openId, setOpenId] = useState<number | null>(null);
  const filters = useMemo<CrudFilter[]>(() => [{ field: "user_id", operator: "eq", value: learnerId }], [learnerId]);
  const list = useList<Attempt>({
    resource: "assessment-attempts",
    pagination: { currentPage: page, pageSize },
    filters,
    sorters: [{ field: "taken_at", order: "desc" }],
    errorNotification: false,
    queryOptions: { enabled: Boolean(meta), placeholderData: keepPreviousData },
  });
  const scores = useQuery({
    queryKey: ["assessment-attempts", "scores", learnerId],
    queryFn: () => fetchAssessmentScores(learnerId),
    enabled: Boolean(meta),
  });
  const rows = list.result.data;
  const summaries = scores.data ?? [];
  const assessmentField = meta?.fields.find((field) => field.name === "self_assessment_id");
  const titles = useRelationLabels(assessmentField, [
    ...rows.map((row) => row.self_assessment_id),
    ...summaries.map((row) => row.self_assessment_id),
  ]);
  if (!meta) return null;
  const total = list.result.total ?? 0;
  const titleOf = (row: Pick<Attempt, "self_assessment_id">) => titles.get(row.self_assessment_id) ?? t("unavailable");
  const scoreText = (result: Pick<Attempt, "score" | "max_score" | "percentage">) =>
    `${t("score", { score: formatNumber(result.score, language), max: formatNumber(result.max_score, language) })} (${formatNumber(result.percentage, language)}%)`;
  const summaryColumns: ColumnType<AssessmentScores>[] = [
    { key: "assessment", title: t("columns.assessment"), render: (_value, row) => titleOf(row) },
    {
      key: "attempts",
      title: t("columns.attempts"),
      align: "right",
      render: (_value, row) => formatNumber(row.attempts, language),
    },
    {
      key: "first",
      title: t("columns.firstScore"),
      align: "right",
      render: (_value, row) => <span data-testid="assessment-first-score">{scoreText(row.first)}</span>,
    },
    {
      key: "best",
      title: t("columns.bestScore"),
      align: "right",
      render: (_value, row) => <span data-testid="assessment-best-score">{scoreText(row.best)}</span>,
    },
  ];
  const open = rows.find((row) => row.id === openId);

  const columns: ColumnType<Attempt>[] = [
    {
      key: "assessment",
      title: t("columns.assessment"),
      render: (_value, row) => (
        <Button
          type="link"
          size="small"
          className="csc-enrolment-open"
          onClick={() => setOpenId(row.id)}
          data-testid="attempt-open"
        >
          {titleOf(row)}
        </Button>
      ),
    },
    {
      key: "taken_at",
      title: t("columns.takenAt"),
      render: (_value, row) => <span className="csc-nowrap">{formatDate(row.taken_at, language) ?? "—"}</span>,
    },
    {
      key: "score",
      title: t("columns.score"),
      align: "right",
      render: (_value, row) =>
        t("score", { score: formatNumber(row.score, language), max: formatNumber(row.max_score, language) }),
    },
    {
      key: "percentage",
      title: t("columns.percentage"),
      align: "right",
      render: (_value, row) => `${formatNumber(row.percentage, language) ?? "—"}%`,
    },
    { key: "passed", title: t("columns.passed"), render: (_value, row) => <PassedTag passed={passedOf(row)} /> },
  ];

  return (
    <section
      className="csc-enrolments"
      aria-labelledby="csc-learner-assessments-title"
      data-testid="learner-assessments"
    >
      <AppCard
        className="csc-list-card"
        icon={<FormOutlined />}
        title={
          <span id="csc-learner-assessments-title">
            {t("assessments.title")}
            {list.result.total !== undefined ? (
              <span className="csc-enrolments__count" data-testid="learner-assessments-count" data-count={total}>
                {t("assessments.count", { count: total, formatted: formatNumber(total, language) })}
              </span>
            ) : null}
          </span>
        }
      >
        {summaries.length > 0 ? (
          <Table<AssessmentScores>
            rowKey="self_assessment_id"
            size="small"
            className="csc-attempt-scores"
            columns={summaryColumns}
            dataSource={summaries}
            pagination={false}
            scroll={{ x: "max-content" }}
            aria-label={t("assessments.results")}
            data-testid="learner-assessment-scores"
          />
        ) : null}
        {list.query.isError ? (
          <LoadFailedAlert query={list.query} message={t("loadFailed")} retry={t("retry")} />
        ) : (
          <Table<Attempt>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={list.query.isFetching}
            scroll={{ x: "max-content" }}
            pagination={{
              current: page,
              pageSize,
              total,
              hideOnSinglePage: true,
              onChange: (next, size) => {
                setPage(size !== pageSize ? 1 : next);
                setPageSize(size);
              },
            }}
            locale={{ emptyText: <span data-testid="learner-assessments-empty">{t("assessments.empty")}</span> }}
            data-testid="learner-assessments-table"
          />
        )}
      </AppCard>
      <Drawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        width={560}
        title={open ? titleOf(open) : t("attempt.title")}
        destroyOnHidden
        data-testid="attempt-detail"
      >
        {openId !== null ? <AttemptDetail id={openId} /> : null}
      </Drawer>
    </section>
  );
}

function PassedTag({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation("staffLearning");
  if (passed === null) return <span>—</span>;
  return (
    <Tag bordered={false} color={passed ? "green" : "red"} data-testid="attempt-passed">
      {t(passed ? "passed.yes" : "passed.no")}
    </Tag>
  );
}

/** One attempt as it was taken: the result, then each question with the learner's answer and the right one. */
function AttemptDetail({ id }: { id: number }) {
  const { t } = useTranslation("staffLearning");
  const language = useLanguage();
  const { query, result: attempt } = useOne<Attempt>({ resource: "assessment-attempts", id, errorNotification: false });

  if (query.isError) {
    return <LoadFailedAlert query={query} message={t("attempt.loadFailed")} retry={t("retry")} className="" />;
  }
  if (!attempt) return <Skeleton active paragraph={{ rows: 6 }} />;
  const questions = questionsOf(attempt);
  const answers = answersOf(attempt);

  return (
    <div className="csc-attempt">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: "taken_at", label: t("columns.takenAt"), children: formatDateTime(attempt.taken_at, language) ?? "—" },
          {
            key: "score",
            label: t("columns.score"),
            children: t("score", {
              score: formatNumber(attempt.score, language),
              max: formatNumber(attempt.max_score, language),
            }),
          },
          {
            key: "percentage",
            label: t("columns.percentage"),
            children: `${formatNumber(attempt.percentage, language) ?? "—"}%`,
          },
          { key: "passed", label: t("columns.passed"), children: <PassedTag passed={passedOf(attempt)} /> },
        ]}
      />
      <Typography.Title level={5} className="csc-attempt__heading">
        {t("attempt.questions")}
      </Typography.Title>
      {questions.length === 0 ? (
        <Empty description={t("attempt.noQuestions")} />
      ) : (
        <ol className="csc-attempt__questions" data-testid="attempt-questions">
          {questions.map((question, index) => {
            const given = answers[index] ?? "";
            const scored = isScored(question);
            const right = scored && isCorrect(question, given);
            return (
              // the questions are as they were when taken: their order is their identity
              // biome-ignore lint/suspicious/noArrayIndexKey: a question's place in the attempt is what names it
              <li key={index} className="csc-attempt__question" data-testid="attempt-question">
                <Typography.Text strong>{question.question}</Typography.Text>
                {question.options?.length ? (
                  <Typography.Paragraph type="secondary" className="csc-attempt__options">
                    {question.options.join(" · ")}
                  </Typography.Paragraph>
                ) : null}
                <dl className="csc-attempt__answers">
                  <dt>{t("attempt.given")}</dt>
                  <dd data-testid="attempt-given">
                    {given ? given : <Typography.Text type="secondary">{t("attempt.none")}</Typography.Text>}
                    {scored ? (
                      <Tag
                        bordered={false}
                        color={right ? "green" : "red"}
                        icon={right ? <CheckOutlined /> : <CloseOutlined />}
                        className="csc-attempt__mark"
                      >
                        {t(right ? "attempt.right" : "attempt.wrong")}
                      </Tag>
                    ) : null}
                  </dd>
                  <dt>{t("attempt.correct")}</dt>
                  <dd data-testid="attempt-correct">{scored ? question.answer : t("attempt.unscored")}</dd>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
