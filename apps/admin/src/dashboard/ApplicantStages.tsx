import { type DashboardStageCount, enumLabelKey, POSTING_TYPES, type PostingType, stagesFor } from "@csc/shared";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";

/** The counts of one posting type in its stages' own order, unknown stages last. */
function stagesOf(stages: readonly DashboardStageCount[], postingType: PostingType) {
  const order: readonly string[] = stagesFor(postingType);
  return stages
    .filter((entry) => entry.posting_type === postingType)
    .sort((a, b) => {
      const rank = (stage: string) => (order.includes(stage) ? order.indexOf(stage) : order.length);
      return rank(a.stage) - rank(b.stage);
    });
}

/** Applicants by stage, one list per posting type, each stage with its count and a bar to compare them. */
export function ApplicantStages({ stages }: { stages: readonly DashboardStageCount[] }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const groups = POSTING_TYPES.map((postingType) => ({ postingType, rows: stagesOf(stages, postingType) })).filter(
    (group) => group.rows.length > 0,
  );
  if (groups.length === 0) return <p className="csc-stages__empty">{t("stages.empty")}</p>;
  return (
    <div className="csc-stages" data-testid="applicant-stages">
      {groups.map(({ postingType, rows }) => {
        const largest = Math.max(1, ...rows.map((row) => row.count));
        const total = rows.reduce((sum, row) => sum + row.count, 0);
        const heading = t(enumLabelKey("postingType", postingType));
        return (
          <section key={postingType} className="csc-stages__group" data-posting-type={postingType}>
            <h3 className="csc-stages__heading">
              {heading}
              <span className="csc-stages__total">
                {t("stages.total")}: {formatNumber(total, language)}
              </span>
            </h3>
            <ul className="csc-stages__list">
              {rows.map((row) => (
                <li key={row.stage} className="csc-stages__row" data-testid="stage-count" data-stage={row.stage}>
                  <span className="csc-stages__label">
                    {t(enumLabelKey("applicationStage", row.stage), { defaultValue: row.stage })}
                  </span>
                  <span className="csc-stages__bar" aria-hidden="true">
                    <span style={{ width: `${(row.count / largest) * 100}%` }} />
                  </span>
                  <strong className="csc-stages__count" data-value={row.count}>
                    {formatNumber(row.count, language)}
                  </strong>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
