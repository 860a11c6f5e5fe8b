import type { BulkChanged } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http, isApiError } from "../../shell/providers/http";
import { useUndoNotice } from "./useUndoNotice";

/** What one bulk change sets (`POST /applications/bulk`); only the fields given change. */
export interface BulkChange {
  stage?: string;
  attendance?: number;
  grade?: string;
  percentage?: number;
  completion_status?: string;
  /** To the applicant: their timeline and mail. */
  note?: string;
  /** Staff only: never shown to the applicant. */
  internal_note?: string;
}

export type BulkResult =
  | {
      ok: true;
      updated: number;
      /** Rows that already had the values. */
      unchanged: number;
      /** The change to undo; null when nothing changed. */
      changeId: number | string | null;
      /** Until when the change can be undone (ISO time), null when nothing changed. */
      undoUntil: string | null;
      message: string;
    }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Sends a bulk change for the given applicants: all or nothing on the server. On success the
 * applicant lists and histories refresh and the server's message is shown with an Undo for as long
 * as the server takes the change back (also for a `quiet` caller, which announces the change
 * itself: an Undo is never skipped); on a refusal the caller gets the message and the field errors
 * to put under their fields. `onUndone` runs after an undo has refreshed the lists.
 */
export function useBulkChange() {
  const { t } = useTranslation("pipeline");
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const offerUndo = useUndoNotice();
  const [pending, setPending] = useState(false);

  const send = async (
    ids: number[],
    change: BulkChange,
    { quiet = false, onUndone }: { quiet?: boolean; onUndone?: () => void } = {},
  ): Promise<BulkResult> => {
    setPending(true);
    try {
      const response = await http.post<BulkChanged>("/api/applications/bulk", { ids, ...change });
      const { updated, unchanged = 0, change_id: changeId = null, undo_until: undoUntil = null } = response.data.data;
      const message = response.data.message ?? t("bulk.done", { count: updated });
      await invalidate({ resource: "applications", invalidates: ["list", "many", "detail"] });
      if (changeId !== null && undoUntil) {
        // the Date header counts whole seconds: the middle of that second, not its start
        const date = Date.parse(String(response.headers.date ?? "")) + 500;
        offerUndo({ changeId, undoUntil, message, serverNow: Number.isFinite(date) ? date : undefined, onUndone });
      } else if (!quiet) {
        open?.({ type: "success", message });
      }
      return { ok: true, updated, unchanged, changeId, undoUntil, message };
    } catch (error) {
      const message = (error as Error)?.message || t("bulk.failed");
      const fieldErrors: Record<string, string> = {};
      if (isApiError(error) && error.errors) {
        for (const [field, text] of Object.entries(error.errors)) {
          fieldErrors[field] = Array.isArray(text) ? text.join(" ") : String(text);
        }
      }
      open?.({ type: "error", message });
      return { ok: false, message, fieldErrors };
    } finally {
      setPending(false);
    }
  };
  return { send, pending };
}
