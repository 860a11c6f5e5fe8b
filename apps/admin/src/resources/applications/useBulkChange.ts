import { useInvalidate, useNotification } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http, isApiError } from "../../providers/http";

/** What one bulk change sets (DESIGN §5a `POST /applications/bulk`); only the fields given change. */
export interface BulkChange {
  stage?: string;
  attendance?: number;
  grade?: string;
  percentage?: number;
  completion_status?: string;
  note?: string;
}

export type BulkResult =
  | { ok: true; updated: number }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Sends a bulk change for the given applicants: all or nothing on the server. On success the
 * applicant lists and histories refresh and the server's message is shown; on a refusal the
 * caller gets the message and the field errors to put under their fields.
 */
export function useBulkChange() {
  const { t } = useTranslation("pipeline");
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [pending, setPending] = useState(false);

  const send = async (ids: number[], change: BulkChange, { quiet = false } = {}): Promise<BulkResult> => {
    setPending(true);
    try {
      const { data } = await http.post<{ message?: string; data: { updated: number } }>("/api/applications/bulk", {
        ids,
        ...change,
      });
      if (!quiet) open?.({ type: "success", message: data.message ?? t("bulk.done", { count: data.data.updated }) });
      await invalidate({ resource: "applications", invalidates: ["list", "many", "detail"] });
      return { ok: true, updated: data.data.updated };
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
