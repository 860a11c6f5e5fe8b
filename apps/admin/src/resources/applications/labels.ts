import {
  APPLICANT_ORIGIN_OPTIONS,
  APPLICANT_STAGE_OPTIONS,
  APPLICANT_STAGES,
  APPLICATION_STAGE_OPTIONS,
  ATTENDANCE_OPTIONS,
  COMPLETION_STATUS_OPTIONS,
  type EnumOption,
  LEARNER_STAGE_OPTIONS,
  LEARNER_STAGES,
  LETTER_GRADE_OPTIONS,
  type PostingType,
  REGISTRATION_FILTER_OPTIONS,
  stageFits,
  stagesFor,
} from "@csc/shared";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";

/** The shared enums the pipeline shows (packages/shared enums.ts): never listed again here. */
const PIPELINE_ENUMS = {
  stage: APPLICATION_STAGE_OPTIONS,
  attendance: ATTENDANCE_OPTIONS,
  applicant_type: APPLICANT_ORIGIN_OPTIONS,
  registration: REGISTRATION_FILTER_OPTIONS,
  grade: LETTER_GRADE_OPTIONS,
  completion_status: COMPLETION_STATUS_OPTIONS,
} as const satisfies Record<string, readonly EnumOption[]>;
/** Each stage variant's own labels, by the stages `stagesFor` gives a posting type (the rule stays in shared). */
const STAGE_VARIANTS = new Map<readonly string[], readonly EnumOption[]>([
  [APPLICANT_STAGES, APPLICANT_STAGE_OPTIONS],
  [LEARNER_STAGES, LEARNER_STAGE_OPTIONS],
]);

export type PipelineEnum = keyof typeof PIPELINE_ENUMS;

/** Labels of the pipeline's values in the current language (`enums:` keys), with select options. */
export function usePipelineLabels() {
  const { t } = useTranslation("pipeline");
  const label = useCallback(
    (name: PipelineEnum, value: unknown): string => {
      if (value === null || value === undefined || value === "") {
        // Applicant Type null reads N/A; any other empty value is a dash
        return name === "applicant_type" ? t("notAvailable") : "—";
      }
      const option = (PIPELINE_ENUMS[name] as readonly EnumOption[]).find(
        (candidate) => String(candidate.value) === String(value),
      );
      return option ? t(option.labelKey, { defaultValue: option.label }) : String(value);
    },
    [t],
  );
  /** A stage in its posting's own variant (candidate stages for opportunities, learner stages otherwise). */
  const stage = useCallback(
    (value: string, postingType?: PostingType): string => {
      if (!postingType || !stageFits(postingType, value)) return label("stage", value);
      const option = STAGE_VARIANTS.get(stagesFor(postingType))?.find((candidate) => candidate.value === value);
      return option ? t(option.labelKey, { defaultValue: option.label }) : label("stage", value);
    },
    [t, label],
  );
  const options = useCallback(
    (name: PipelineEnum, only?: readonly unknown[]) =>
      (PIPELINE_ENUMS[name] as readonly EnumOption[])
        .filter((option) => !only || only.includes(option.value))
        .map((option) => ({ value: String(option.value), label: label(name, option.value) })),
    [label],
  );
  return useMemo(() => ({ label, stage, options }), [label, stage, options]);
}
