import { EditOutlined } from "@ant-design/icons";
import { APPLICATION_NOTE_MAX } from "@csc/shared";
import { useInvalidate, useOne } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Form, Input, InputNumber, Select, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ResourceRecord } from "../../engine/types";
import { usePipelineLabels } from "./labels";
import { type Application, type Posting, stagesOf } from "./posting";
import { type BulkChange, useBulkChange } from "./useBulkChange";

/** What the drawer sends: the bulk command's fields, with the staff-only note. */
type DrawerChange = BulkChange & { internal_note?: string };

interface Draft {
  stage: string;
  attendance: string;
  grade: string | undefined;
  percentage: number | null;
  note: string;
  internal_note: string;
}

const FIELDS = ["stage", "attendance", "grade", "percentage", "note", "internal_note"] as const;
type Field = (typeof FIELDS)[number];

/** The form as the applicant stands, with no note written. */
const draftOf = (row: Pick<Application, "stage" | "attendance" | "grade" | "percentage">): Draft => ({
  stage: row.stage,
  attendance: String(row.attendance ?? 0),
  grade: row.grade ?? undefined,
  percentage: row.percentage ?? null,
  note: "",
  internal_note: "",
});

/** Only what differs from the applicant as they are, and the notes written. */
function changeOf(draft: Draft, row: Application, graded: "grade" | "percentage" | null): DrawerChange {
  const change: DrawerChange = {};
  if (draft.stage !== row.stage) change.stage = draft.stage;
  if (Number(draft.attendance) !== Number(row.attendance ?? 0)) change.attendance = Number(draft.attendance);
  if (graded === "grade" && draft.grade && draft.grade !== row.grade) change.grade = draft.grade;
  if (graded === "percentage" && typeof draft.percentage === "number" && draft.percentage !== row.percentage) {
    change.percentage = draft.percentage;
  }
  if (draft.note.trim()) change.note = draft.note.trim();
  if (draft.internal_note.trim()) change.internal_note = draft.internal_note.trim();
  return change;
}

/**
 * Whether the posting's event has begun: attendance and grades are for an event under way or over
 * (the API refuses them before `start_at`). Postings other than events have no start: always.
 */
function useStarted(posting: Posting): boolean | undefined {
  const event = useOne<ResourceRecord>({
    resource: "learning-events",
    id: posting.id,
    errorNotification: false,
    queryOptions: { enabled: posting.type === "learning-event" },
  });
  if (posting.type !== "learning-event") return true;
  const startAt = event.result?.start_at;
  if (typeof startAt !== "string") return event.query.isLoading ? undefined : false;
  return Date.parse(startAt) <= Date.now();
}

/**
 * Acting on the applicant in view: their stage (the posting's variant only), attendance
 * and grade or percentage once the event has begun, a message to them (on their timeline and in
 * their e-mail) and a note for staff alone. One save sends what changed through the bulk command;
 * the server's field errors show under their fields.
 */
export function ApplicantActions({ row, posting }: { row: Application; posting: Posting }) {
  const { t } = useTranslation("pipeline");
  const { options } = usePipelineLabels();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const bulk = useBulkChange();
  const started = useStarted(posting);
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const { stage, attendance, grade, percentage } = row;
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const graded =
    posting.type === "learning-event" && (posting.gradingType === "grade" || posting.gradingType === "percentage")
      ? posting.gradingType
      : null;
  const idOf = (field: Field) => `applicant-${row.id}-${field}`;

  // the applicant changed under the form (a save, an Undo, a move on the board): the fields follow,
  // the notes being written stay
  useEffect(() => {
    setDraft((previous) => ({
      ...draftOf({ stage, attendance, grade, percentage }),
      note: previous.note,
      internal_note: previous.internal_note,
    }));
  }, [stage, attendance, grade, percentage]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setMessage(null);
  };

  const save = async () => {
    const change = changeOf(draft, row, started ? graded : null);
    if (!started) {
      delete change.attendance;
      delete change.grade;
      delete change.percentage;
    }
    if (Object.keys(change).length === 0) {
      setMessage(t("drawer.actions.nothing"));
      return;
    }
    const result = await bulk.send([row.id], change);
    if (result.ok) {
      setDraft((previous) => ({ ...previous, note: "", internal_note: "" }));
      setErrors({});
      setMessage(null);
      // the bulk hook refreshes the lists; this applicant's own record and history are refreshed here
      await Promise.all([
        invalidate({ resource: "applications", id: row.id, invalidates: ["detail"] }),
        queryClient.invalidateQueries({ queryKey: ["application-history", row.id] }),
      ]);
      saveRef.current?.focus();
      return;
    }
    setErrors(result.fieldErrors as Partial<Record<Field, string>>);
    const explained = FIELDS.some((field) => result.fieldErrors[field]);
    setMessage(explained ? null : result.message);
  };

  const item = (field: Field, label: string, extra?: string) => ({
    label,
    htmlFor: idOf(field),
    extra,
    validateStatus: errors[field] ? ("error" as const) : undefined,
    help: errors[field] ? <span data-testid={`applicant-error-${field}`}>{errors[field]}</span> : undefined,
  });

  return (
    <section
      aria-labelledby={`csc-applicant-act-${row.id}`}
      className="csc-applicant-actions"
      data-testid="applicant-actions"
    >
      <Typography.Title level={3} className="csc-drawer-section__title" id={`csc-applicant-act-${row.id}`}>
        {t("drawer.actions.title")}
      </Typography.Title>
      <Form layout="vertical" component="form" onFinish={() => void save()} className="csc-applicant-actions__form">
        {message ? (
          <Alert type="error" showIcon message={message} role="alert" className="csc-applicant-actions__alert" />
        ) : null}
        <Form.Item {...item("stage", t("drawer.actions.stage"))}>
          <Select
            id={idOf("stage")}
            showSearch
            optionFilterProp="label"
            value={draft.stage}
            onChange={(value) => set("stage", value)}
            options={options("stage", stagesOf(posting))}
            data-testid="applicant-stage"
          />
        </Form.Item>
        {started ? (
          <div className="csc-applicant-actions__pair">
            <Form.Item {...item("attendance", t("drawer.actions.attendance"))}>
              <Select
                id={idOf("attendance")}
                value={draft.attendance}
                onChange={(value) => set("attendance", value)}
                options={options("attendance")}
                data-testid="applicant-attendance"
              />
            </Form.Item>
            {graded === "grade" ? (
              <Form.Item {...item("grade", t("drawer.actions.grade"))}>
                <Select
                  id={idOf("grade")}
                  allowClear
                  placeholder={t("drawer.actions.noGrade")}
                  value={draft.grade}
                  onChange={(value) => set("grade", value)}
                  options={options("grade")}
                  data-testid="applicant-grade"
                />
              </Form.Item>
            ) : graded === "percentage" ? (
              <Form.Item {...item("percentage", t("drawer.actions.percentage"))}>
                <InputNumber
                  id={idOf("percentage")}
                  min={0}
                  max={100}
                  step={0.5}
                  value={draft.percentage}
                  onChange={(value) => set("percentage", typeof value === "number" ? value : null)}
                  style={{ width: "100%" }}
                  data-testid="applicant-percentage"
                />
              </Form.Item>
            ) : null}
          </div>
        ) : started === false ? (
          <p className="csc-hint" data-testid="applicant-not-started">
            {t("drawer.actions.notStarted")}
          </p>
        ) : null}
        <Form.Item
          {...item("note", t("drawer.actions.message", { name: row.full_name }), t("drawer.actions.messageHint"))}
        >
          <Input.TextArea
            id={idOf("note")}
            maxLength={APPLICATION_NOTE_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={draft.note}
            onChange={(event) => set("note", event.target.value)}
            data-testid="applicant-message"
          />
        </Form.Item>
        <Form.Item
          {...item("internal_note", t("drawer.actions.internalNote"), t("drawer.actions.internalNoteHint"))}
          className="csc-applicant-actions__internal"
        >
          <Input.TextArea
            id={idOf("internal_note")}
            maxLength={APPLICATION_NOTE_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={draft.internal_note}
            onChange={(event) => set("internal_note", event.target.value)}
            data-testid="applicant-internal-note"
          />
        </Form.Item>
        <Button
          ref={saveRef}
          type="primary"
          htmlType="submit"
          icon={<EditOutlined />}
          loading={bulk.pending}
          data-testid="applicant-save"
        >
          {t("drawer.actions.save")}
        </Button>
      </Form>
    </section>
  );
}
