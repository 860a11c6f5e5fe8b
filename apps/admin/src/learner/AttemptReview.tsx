import { CheckCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import { type AttemptResult, isCorrect, isScored } from "@csc/shared";
import { useOne } from "@refinedev/core";
import { Result, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { keyIn, reviewOf } from "./assessments";

/** Passed or failed, when the assessment has a pass mark. */
export function PassedTag({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation();
  if (passed === null) return null;
  return (
    <Tag
      bordered={false}
      icon={passed ? <CheckCircleFilled aria-hidden="true" /> : <CloseCircleFilled aria-hidden="true" />}
      className={`csc-application-status csc-application-status--${passed ? "settled" : "rejected"}`}
      data-testid="attempt-passed"
    >
      {t(passed ? "learner:assessment.passed" : "learner:assessment.failed")}
    </Tag>
  );
}

/** An attempt's score: points out of the maximum, the percentage and passed or failed. */
export function AttemptScore({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="csc-attempt-score" data-testid="attempt-score">
      <p className="csc-attempt-score__main">
        {t("learner:assessment.score", {
          score: formatNumber(result.score, language),
          max: formatNumber(result.max_score, language),
        })}{" "}
        <span data-testid="attempt-percentage">{`(${formatNumber(result.percentage, language)}%)`}</span>
      </p>
      <PassedTag passed={result.passed} />
      <p className="csc-posting__applied-at">
        {t("learner:assessment.takenAt", { date: formatDateTime(result.taken_at, language) })}
      </p>
    </div>
  );
}

/**
 * A submitted attempt: its score, then each question with the learner's answer and — when the
 * assessment's review policy lets the API send them — the right one and whether the answer was
 * (`GET /api/assessment-attempts/{id}`, which answers only for an attempt already submitted).
 */
export function AttemptReview({ attemptId, reviewPolicy }: { attemptId: string; reviewPolicy?: string | null }) {
  const { t } = useTranslation();
  const one = useOne<Record<string, unknown> & { id: number }>({
    resource: "assessment-attempts",
    id: attemptId,
    errorNotification: false,
  });
  if (one.query.isError) return <Result status="404" title={t("learner:assessment.attemptNotFound")} />;
  if (!one.result) return <Skeleton active paragraph={{ rows: 6 }} />;
  const review = reviewOf(one.result);
  const withKey = keyIn(review);
  return (
    <section aria-label={t("learner:assessment.result")} data-testid="attempt-review">
      <AttemptScore result={review} />
      <h3>{t(withKey ? "learner:assessment.answers" : "learner:assessment.yourAnswers")}</h3>
      {withKey || review.max_score === 0 ? null : (
        <p className="csc-posting__applied-at" data-testid="answers-withheld">
          {t(reviewPolicy === "after_last" ? "learner:assessment.answersAfterLast" : "learner:assessment.answersNever")}
        </p>
      )}
      <ol className="csc-answers">
        {review.questions.map((question, index) => {
          const given = review.answers[index] ?? "";
          const scored = isScored(question);
          const right = isCorrect(question, given);
          return (
            <li
              // an attempt's questions are a fixed list without ids of their own
              // biome-ignore lint/suspicious/noArrayIndexKey: the place is the question's identity
              key={index}
              className={`csc-answer csc-answer--${!scored ? "unscored" : right ? "right" : "wrong"}`}
              data-testid="attempt-answer"
              data-correct={scored ? String(right) : undefined}
            >
              <p className="csc-answer__question">{question.question}</p>
              <p>
                <span className="csc-answer__label">{t("learner:assessment.yourAnswer")}</span>{" "}
                <span data-testid="your-answer">{given || t("learner:assessment.noAnswer")}</span>{" "}
                {scored ? (
                  right ? (
                    <CheckCircleFilled aria-label={t("learner:assessment.right")} className="csc-answer__mark" />
                  ) : (
                    <CloseCircleFilled aria-label={t("learner:assessment.wrong")} className="csc-answer__mark" />
                  )
                ) : null}
              </p>
              {scored ? (
                <p>
                  <span className="csc-answer__label">{t("learner:assessment.correctAnswer")}</span>{" "}
                  <span data-testid="correct-answer">{question.answer}</span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
