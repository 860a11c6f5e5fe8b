import { type AssessmentQuestion, type AttemptResult, questionKindOf } from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Button, Input, Modal, Progress, Radio, Space, Switch } from "antd";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../engine/display/format";
import { isApiError } from "../shell/providers/http";
import { useLanguage } from "../shell/providers/i18n";
import {
  type AttemptDraft,
  answeredCount,
  moveTo,
  readDraft,
  setAnswer,
  submitAttempt,
  writeDraft,
} from "./assessments";

/** One question with its options (a choice) or a line to type in (a short answer). */
function QuestionField({
  question,
  index,
  count,
  answer,
  onAnswer,
}: {
  question: AssessmentQuestion;
  index: number;
  count: number;
  answer: string;
  onAnswer: (answer: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <fieldset className="csc-question" data-testid="assessment-question" data-question={index}>
      <legend id={labelId} className="csc-question__text">
        <span className="csc-question__number">{t("learner:assessment.questionOf", { number: index + 1, count })}</span>
        {question.question}
      </legend>
      {questionKindOf(question) === "choice" ? (
        <Radio.Group
          value={answer || null}
          onChange={(event) => onAnswer(String(event.target.value))}
          aria-labelledby={labelId}
        >
          <Space direction="vertical">
            {(question.options ?? []).map((option) => (
              <Radio key={option} value={option}>
                {option}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      ) : (
        <Input
          value={answer}
          maxLength={500}
          aria-labelledby={labelId}
          placeholder={t("learner:assessment.typeAnswer")}
          onChange={(event) => onAnswer(event.target.value)}
        />
      )}
    </fieldset>
  );
}

/**
 * Taking a self assessment: one question at a time with Next and Previous, or all on one page (a
 * switch); every answer kept in local storage until the attempt is submitted, so a reload or a
 * later visit resumes it. Submitting asks first when questions are left unanswered.
 */
export function AssessmentTake({
  assessmentId,
  questions,
  storageKey,
  onSubmitted,
}: {
  assessmentId: number;
  questions: AssessmentQuestion[];
  storageKey: string;
  onSubmitted: (result: AttemptResult) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { open } = useNotification();
  const [draft, setDraft] = useState<AttemptDraft>(() => readDraft(localStorage, storageKey, questions.length));
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const modeId = useId();
  const count = questions.length;
  const answered = answeredCount(draft);

  useEffect(() => writeDraft(localStorage, storageKey, draft), [storageKey, draft]);

  const submit = async () => {
    setConfirming(false);
    setSending(true);
    try {
      const result = await submitAttempt(assessmentId, draft);
      localStorage.removeItem(storageKey);
      onSubmitted(result);
    } catch (error) {
      open?.({
        key: `attempt-${assessmentId}`,
        type: "error",
        message: isApiError(error) ? error.message : t("learner:assessment.submitFailed"),
      });
    } finally {
      setSending(false);
    }
  };
  const askToSubmit = () => (answered < count ? setConfirming(true) : void submit());

  const field = (index: number) => {
    const question = questions[index];
    return question ? (
      <QuestionField
        key={index}
        question={question}
        index={index}
        count={count}
        answer={draft.answers[index] ?? ""}
        onAnswer={(answer) => setDraft((current) => setAnswer(current, index, answer))}
      />
    ) : null;
  };
  const last = draft.current >= count - 1;
  const answeredText = t("learner:assessment.answered", {
    answered: formatNumber(answered, language),
    count: formatNumber(count, language),
  });

  return (
    <section className="csc-assessment-take" aria-label={t("learner:assessment.taking")} data-testid="assessment-take">
      <div className="csc-learner__bar">
        <Progress
          className="csc-assessment-take__progress"
          percent={count === 0 ? 0 : Math.round((answered * 100) / count)}
          // all answered is not yet a result: no green "success" until it is submitted
          status="normal"
          format={() => answeredText}
          aria-label={answeredText}
        />
        <span className="csc-assessment-take__mode">
          <Switch
            id={modeId}
            size="small"
            checked={draft.onePage}
            onChange={(onePage) => setDraft((current) => ({ ...current, onePage }))}
            data-testid="assessment-one-page"
          />{" "}
          <label htmlFor={modeId}>{t("learner:assessment.onePage")}</label>
        </span>
      </div>
      {draft.onePage ? questions.map((_question, index) => field(index)) : field(draft.current)}
      <div className="csc-posting__action">
        {draft.onePage ? null : (
          <>
            <Button
              disabled={draft.current === 0}
              onClick={() => setDraft((current) => moveTo(current, current.current - 1))}
              data-testid="assessment-previous"
            >
              {t("learner:assessment.previous")}
            </Button>
            {last ? null : (
              <Button
                type="primary"
                onClick={() => setDraft((current) => moveTo(current, current.current + 1))}
                data-testid="assessment-next"
              >
                {t("learner:assessment.next")}
              </Button>
            )}
          </>
        )}
        {draft.onePage || last ? (
          <Button type="primary" loading={sending} onClick={askToSubmit} data-testid="assessment-submit">
            {t("learner:assessment.submit")}
          </Button>
        ) : null}
      </div>
      <Modal
        open={confirming}
        title={t("learner:assessment.confirmTitle")}
        okText={t("learner:assessment.submit")}
        cancelText={t("learner:assessment.keepAnswering")}
        onOk={() => void submit()}
        onCancel={() => setConfirming(false)}
        okButtonProps={{ ...({ "data-testid": "assessment-confirm" } as Record<`data-${string}`, string>) }}
      >
        {t("learner:assessment.unanswered", { count: count - answered })}
      </Modal>
    </section>
  );
}
