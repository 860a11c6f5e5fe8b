import { useCallback, useRef, useState } from "react";
import type { Application } from "./posting";
import { type BulkChange, useBulkChange } from "./useBulkChange";

/** What a roll call row changes: attendance, and the grade or percentage by the event's grading. */
type RollCallField = "attendance" | "grade" | "percentage";
type RollCallChange = Partial<Pick<BulkChange, RollCallField>>;

/** Where a row's last change stands; the server's words under the field it refused. */
export type RowSave =
  | { status: "saving" }
  | { status: "saved" }
  | { status: "error"; message: string; errors: Partial<Record<RollCallField, string>> };

/**
 * The roll call's saves, one change of one applicant at a time (each through the pipeline's bulk
 * change, quietly: the row says how it went). A change shows at once; once saved the refreshed list
 * holds it, and a refused change goes back to the server's value with its reason. When one row
 * changes twice in quick succession, only the later answer speaks for it.
 */
export function useRollCallSaves() {
  const { send } = useBulkChange();
  const [saves, setSaves] = useState<Record<number, RowSave>>({});
  const [pending, setPending] = useState<Record<number, RollCallChange>>({});
  const latest = useRef(new Map<number, number>());

  const save = useCallback(
    async (row: Application, change: RollCallChange) => {
      const turn = (latest.current.get(row.id) ?? 0) + 1;
      latest.current.set(row.id, turn);
      setPending((all) => ({ ...all, [row.id]: { ...all[row.id], ...change } }));
      setSaves((all) => ({ ...all, [row.id]: { status: "saving" } }));
      const result = await send([row.id], change, { quiet: true });
      if (latest.current.get(row.id) !== turn) return result.ok;
      setPending(({ [row.id]: _done, ...rest }) => rest);
      if (result.ok) {
        setSaves((all) => ({ ...all, [row.id]: { status: "saved" } }));
      } else {
        const errors: Partial<Record<RollCallField, string>> = {};
        for (const field of Object.keys(change) as RollCallField[]) {
          // the refusal under the field changed, in the server's words for it when it has some
          errors[field] = result.fieldErrors[field] ?? result.message;
        }
        setSaves((all) => ({ ...all, [row.id]: { status: "error", message: result.message, errors } }));
      }
      return result.ok;
    },
    [send],
  );

  /** A row's values as the screen shows them: its change on the way, else what the server holds. */
  const valuesOf = useCallback(
    (row: Application): Pick<Application, RollCallField> => ({
      attendance: row.attendance,
      grade: row.grade,
      percentage: row.percentage,
      ...pending[row.id],
    }),
    [pending],
  );

  return { save, saves, valuesOf };
}
