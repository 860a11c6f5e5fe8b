import { useInvalidate, useNotification } from "@refinedev/core";
import { Checkbox, Progress } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "../engine/display/format";
import { isApiError } from "../shell/providers/http";
import { useLanguage } from "../shell/providers/i18n";
import { doneSteps, type Enrolment, saveSteps, stepsProgress, toggleStep } from "./learning";

/**
 * A career roadmap's steps as a checklist: unticked boxes to look at before enrolling, and — once
 * enrolled — the learner ticks them, each tick saved (`PATCH /api/enrolments/{id}` with the steps
 * ticked, by name; the API works out the progress) and taken back if the server refuses it.
 */
export function RoadmapSteps({ steps, enrolment }: { steps: string[]; enrolment: Enrolment | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [done, setDone] = useState<string[]>(() => doneSteps(enrolment, steps));
  const [saving, setSaving] = useState(false);
  const progress = stepsProgress(done, steps);

  const tick = async (step: string) => {
    if (!enrolment) return;
    const before = done;
    const next = toggleStep(done, step, steps);
    setDone(next);
    setSaving(true);
    try {
      await saveSteps(enrolment.id, next);
      await invalidate({ resource: "enrolments", invalidates: ["list", "detail"], id: enrolment.id });
    } catch (error) {
      setDone(before);
      open?.({
        key: `steps-${enrolment.id}`,
        type: "error",
        message: isApiError(error) ? error.message : t("learner:roadmap.saveFailed"),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="csc-posting__section" aria-labelledby="csc-roadmap-steps" data-testid="roadmap-steps">
      <h3 id="csc-roadmap-steps">{t("learner:roadmap.steps")}</h3>
      {enrolment ? (
        <Progress
          percent={progress}
          size="small"
          format={() => formatPercent(progress, language)}
          aria-label={t("learner:learning.progress", { percent: formatNumber(progress, language) })}
          data-testid="roadmap-progress"
        />
      ) : (
        <p className="csc-posting__applied-at">{t("learner:roadmap.enrolFirst")}</p>
      )}
      <ol className="csc-roadmap-steps">
        {steps.map((step, index) => (
          // a roadmap may name two steps alike: the place tells them apart
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the step's identity
          <li key={index}>
            <Checkbox
              checked={done.includes(step)}
              disabled={!enrolment || saving}
              onChange={() => void tick(step)}
              data-testid="roadmap-step"
            >
              {step}
            </Checkbox>
          </li>
        ))}
      </ol>
    </section>
  );
}
