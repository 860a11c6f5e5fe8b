import { APPLICATION_NOTE_MAX, isClosingStage } from "@csc/shared";
import { Alert, Form, Input, InputNumber, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/ConfirmModal";
import { ClosingStageConfirm } from "./ClosingStageConfirm";
import { usePipelineLabels } from "./labels";
import { type Posting, stagesOf } from "./posting";
import type { BulkChange, BulkResult } from "./useBulkChange";

interface Draft {
  stage?: string;
  attendance?: string;
  grade?: string;
  percentage?: number | null;
  completion_status?: string;
  note?: string;
}

const FIELDS = ["stage", "attendance", "grade", "percentage", "completion_status", "note"] as const;

/** The draft as the bulk command's body: only the fields chosen. */
function changeOf(draft: Draft): BulkChange {
  const change: BulkChange = {};
  if (draft.stage) change.stage = draft.stage;
  if (draft.attendance) change.attendance = Number(draft.attendance);
  if (draft.grade) change.grade = draft.grade;
  if (typeof draft.percentage === "number") change.percentage = draft.percentage;
  if (draft.completion_status) change.completion_status = draft.completion_status;
  if (draft.note?.trim()) change.note = draft.note.trim();
  return change;
}

/**
 * Changes the selected applicants at once: stage (the posting's variant only), attendance, and for
 * a learning event its grade or percentage (by its grading type) and completion, with an optional
 * note for the history. The server's field errors show under the field they concern. A stage
 * that closes the applications (`CLOSING_STAGES`) is confirmed in a second dialog before anything
 * is sent.
 */
export function BulkChangeModal({
  open,
  count,
  names,
  posting,
  pending,
  onSubmit,
  onClose,
  afterClose,
}: {
  open: boolean;
  count: number;
  /** The selected applicants' names, for the closing stage's confirmation. */
  names: string[];
  posting: Posting;
  pending: boolean;
  onSubmit: (change: BulkChange) => Promise<BulkResult>;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation("pipeline");
  const { options, label } = usePipelineLabels();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setDraft({});
      setErrors({});
      setMessage(null);
      setConfirming(false);
    }
  }, [open]);

  const set = (field: keyof Draft, value: Draft[keyof Draft]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setMessage(null);
  };

  const isEvent = posting.type === "learning-event";
  const submit = async ({ confirmed = false } = {}) => {
    const change = changeOf(draft);
    const { note: _note, ...values } = change;
    if (Object.keys(values).length === 0) {
      setMessage(t("bulk.nothing"));
      return;
    }
    if (change.stage && isClosingStage(change.stage) && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    const result = await onSubmit(change);
    if (result.ok) {
      onClose();
      return;
    }
    setErrors(result.fieldErrors);
    // a refusal no field explains (a withdrawn applicant) is said above the fields
    const explained = FIELDS.some((field) => result.fieldErrors[field]);
    setMessage(explained ? null : result.message);
  };

  const item = (field: (typeof FIELDS)[number], label: string) => ({
    label,
    htmlFor: `bulk-${field}`,
    validateStatus: errors[field] ? ("error" as const) : undefined,
    help: errors[field] ? <span data-testid={`bulk-error-${field}`}>{errors[field]}</span> : undefined,
  });

  return (
    <>
      <ConfirmModal
        open={open}
        danger={false}
        loading={pending}
        onCancel={onClose}
        afterClose={afterClose}
        onConfirm={() => void submit()}
        title={t("bulk.title", { count })}
        confirmText={t("bulk.apply")}
        message={
          <Form layout="vertical" component="div" data-testid="bulk-change" className="csc-bulk-change">
            {message ? (
              <Alert type="error" showIcon message={message} role="alert" className="csc-bulk-change__alert" />
            ) : null}
            <Form.Item {...item("stage", t("bulk.stage"))}>
              <Select
                id="bulk-stage"
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t("bulk.keep")}
                value={draft.stage}
                onChange={(value) => set("stage", value)}
                options={options("stage", stagesOf(posting))}
              />
            </Form.Item>
            <Form.Item {...item("attendance", t("bulk.attendance"))}>
              <Select
                id="bulk-attendance"
                allowClear
                placeholder={t("bulk.keep")}
                value={draft.attendance}
                onChange={(value) => set("attendance", value)}
                options={options("attendance")}
              />
            </Form.Item>
            {isEvent && posting.gradingType === "grade" ? (
              <Form.Item {...item("grade", t("bulk.grade"))}>
                <Select
                  id="bulk-grade"
                  allowClear
                  placeholder={t("bulk.keep")}
                  value={draft.grade}
                  onChange={(value) => set("grade", value)}
                  options={options("grade")}
                />
              </Form.Item>
            ) : null}
            {isEvent && posting.gradingType === "percentage" ? (
              <Form.Item {...item("percentage", t("bulk.percentage"))}>
                <InputNumber
                  id="bulk-percentage"
                  min={0}
                  max={100}
                  step={0.5}
                  placeholder={t("bulk.keep")}
                  value={draft.percentage ?? null}
                  onChange={(value) => set("percentage", typeof value === "number" ? value : null)}
                  style={{ width: "100%" }}
                />
              </Form.Item>
            ) : null}
            {isEvent ? (
              <Form.Item {...item("completion_status", t("bulk.completion"))}>
                <Select
                  id="bulk-completion_status"
                  allowClear
                  placeholder={t("bulk.keep")}
                  value={draft.completion_status}
                  onChange={(value) => set("completion_status", value)}
                  options={options("completion_status")}
                />
              </Form.Item>
            ) : null}
            <Form.Item {...item("note", t("bulk.note"))}>
              <Input.TextArea
                id="bulk-note"
                maxLength={APPLICATION_NOTE_MAX}
                autoSize={{ minRows: 2, maxRows: 5 }}
                placeholder={t("bulk.notePlaceholder")}
                value={draft.note}
                onChange={(event) => set("note", event.target.value)}
              />
            </Form.Item>
          </Form>
        }
      />
      <ClosingStageConfirm
        open={confirming}
        names={names}
        count={count}
        stage={draft.stage ? label("stage", draft.stage) : ""}
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit({ confirmed: true })}
      />
    </>
  );
}
