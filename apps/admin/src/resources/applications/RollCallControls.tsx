import { ATTENDANCE } from "@csc/shared";
import { InputNumber, Radio, Select } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePipelineLabels } from "./labels";
import type { Application } from "./posting";

/**
 * The roll call's controls, one per field of a row: each names its applicant for a screen reader,
 * says the server's refusal under itself, and stays still for a withdrawn application (the server
 * would refuse any change to it).
 */
interface ControlProps<T> {
  row: Application;
  value: T | null;
  error: string | undefined;
}

const errorId = (row: Application, field: string) => `rollcall-${field}-error-${row.id}`;

function FieldError({ row, field, error }: { row: Application; field: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <div className="csc-rollcall__error" id={errorId(row, field)} data-testid={`roll-call-error-${field}`}>
      {error}
    </div>
  );
}

/** Present / Absent as one radio group: Tab reaches it, the arrow keys move (and save) within it. */
export function AttendanceToggle({
  row,
  value,
  error,
  onChange,
}: ControlProps<number> & { onChange: (attendance: number) => void }) {
  const { t } = useTranslation("pipeline");
  const { label } = usePipelineLabels();
  // No Status (3) is neither: the group starts with nothing chosen
  const chosen = value === ATTENDANCE.present || value === ATTENDANCE.absent ? value : undefined;
  return (
    <div className="csc-rollcall__field">
      {/* antd's group is a bare div: the group's role and name are on this one */}
      <div
        role="radiogroup"
        aria-label={t("rollCall.attendanceOf", { name: row.full_name })}
        aria-describedby={error ? errorId(row, "attendance") : undefined}
        aria-invalid={error ? true : undefined}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="small"
          name={`attendance-${row.id}`}
          value={chosen}
          disabled={Boolean(row.withdrawn_at)}
          onChange={(event) => onChange(Number(event.target.value))}
          className="csc-rollcall__attendance"
          data-testid="roll-call-attendance"
        >
          <Radio.Button value={ATTENDANCE.present}>{label("attendance", ATTENDANCE.present)}</Radio.Button>
          <Radio.Button value={ATTENDANCE.absent}>{label("attendance", ATTENDANCE.absent)}</Radio.Button>
        </Radio.Group>
      </div>
      <FieldError row={row} field="attendance" error={error} />
    </div>
  );
}

/** The letter grade, picked from the list or typed ("B" then Enter). */
export function GradeSelect({
  row,
  value,
  error,
  onChange,
}: ControlProps<string> & { onChange: (grade: string) => void }) {
  const { t } = useTranslation("pipeline");
  const { options } = usePipelineLabels();
  return (
    <div className="csc-rollcall__field">
      <Select
        size="small"
        showSearch
        optionFilterProp="label"
        className="csc-rollcall__grade"
        aria-label={t("rollCall.gradeOf", { name: row.full_name })}
        aria-describedby={error ? errorId(row, "grade") : undefined}
        status={error ? "error" : undefined}
        value={value ?? undefined}
        placeholder="—"
        disabled={Boolean(row.withdrawn_at)}
        options={options("grade")}
        onChange={(grade: string) => onChange(grade)}
        data-testid="roll-call-grade"
      />
      <FieldError row={row} field="grade" error={error} />
    </div>
  );
}

/**
 * The percentage, saved when Enter is pressed or the field is left (not at every keystroke); a
 * refused value stays in the field beside its reason until it is corrected.
 */
export function PercentageInput({
  row,
  value,
  error,
  onCommit,
}: ControlProps<number> & { onCommit: (percentage: number) => Promise<boolean> }) {
  const { t } = useTranslation("pipeline");
  /** What is typed and not yet saved; undefined when the field shows the saved value. */
  const [draft, setDraftState] = useState<number | null | undefined>(undefined);
  // read back at Enter or blur, which may come before the typing's re-render
  const typed = useRef<number | null | undefined>(undefined);
  const setDraft = (next: number | null | undefined) => {
    typed.current = next;
    setDraftState(next);
  };
  /** The value on its way (or last refused): Enter then Tab sends it once. */
  const sent = useRef<number | null>(null);

  const commit = async () => {
    const draft = typed.current;
    if (draft === undefined) return;
    if (draft === null || draft === value) {
      setDraft(undefined);
      return;
    }
    if (sent.current === draft) return;
    sent.current = draft;
    const ok = await onCommit(draft);
    if (ok) {
      sent.current = null;
      setDraft(undefined);
    }
  };

  return (
    <div className="csc-rollcall__field">
      <InputNumber<number>
        size="small"
        min={0}
        max={100}
        className="csc-rollcall__percentage"
        aria-label={t("rollCall.percentageOf", { name: row.full_name })}
        aria-describedby={error ? errorId(row, "percentage") : undefined}
        aria-invalid={error ? true : undefined}
        status={error ? "error" : undefined}
        suffix="%"
        value={draft === undefined ? value : draft}
        disabled={Boolean(row.withdrawn_at)}
        onChange={(next) => {
          sent.current = null;
          setDraft(typeof next === "number" ? next : null);
        }}
        onPressEnter={() => void commit()}
        onBlur={() => void commit()}
        data-testid="roll-call-percentage"
      />
      <FieldError row={row} field="percentage" error={error} />
    </div>
  );
}
