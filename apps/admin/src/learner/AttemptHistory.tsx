import type { AttemptResult } from "@csc/shared";
import { useList } from "@refinedev/core";
import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime, formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { PassedTag } from "./AttemptReview";

/**
 * The learner's own attempts at one assessment, newest first, and how many there are: one query
 * for the history and for the attempts left, so that both count the same.
 */
export const useOwnAttempts = (assessmentId: number) =>
  useList<AttemptResult>({
    resource: "assessment-attempts",
    pagination: { currentPage: 1, pageSize: 50 },
    filters: [{ field: "self_assessment_id", operator: "eq", value: assessmentId }],
    sorters: [{ field: "taken_at", order: "desc" }],
    errorNotification: false,
  });

/** The learner's past attempts at one assessment, newest first: when, the score and the result, each opening its answers. */
export function AttemptHistory({
  assessmentId,
  attemptPath,
}: {
  assessmentId: number;
  attemptPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const attempts = useOwnAttempts(assessmentId);
  if (attempts.query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  const rows = attempts.result.data;
  return (
    <section className="csc-posting__section" aria-labelledby="csc-attempts-title" data-testid="attempt-history">
      <h3 id="csc-attempts-title">{t("learner:assessment.history")}</h3>
      {rows.length === 0 ? (
        <p className="csc-posting__applied-at">{t("learner:assessment.noAttempts")}</p>
      ) : (
        <table className="csc-attempts">
          <thead>
            <tr>
              <th scope="col">{t("learner:assessment.date")}</th>
              <th scope="col">{t("learner:assessment.scoreColumn")}</th>
              <th scope="col">{t("learner:assessment.resultColumn")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((attempt) => (
              <tr key={attempt.id} data-testid="attempt-row">
                <td>
                  <Link to={attemptPath(attempt.id)}>{formatDateTime(attempt.taken_at, language)}</Link>
                </td>
                <td>
                  {t("learner:assessment.score", {
                    score: formatNumber(attempt.score, language),
                    max: formatNumber(attempt.max_score, language),
                  })}{" "}
                  ({`${formatNumber(attempt.percentage, language)}%`})
                </td>
                <td>{attempt.passed === null ? "—" : <PassedTag passed={attempt.passed} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
