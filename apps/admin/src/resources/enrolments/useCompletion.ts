import type { EnrolmentsUpdated } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http } from "../../shell/providers/http";

/**
 * Completes or takes back completion of enrolments: one by `PATCH /enrolments/{id}`,
 * several by `POST /enrolments/bulk`, all or nothing. The server's message is shown either way,
 * and the enrolment lists refresh on success.
 */
export function useCompletion() {
  const { t } = useTranslation("staffLearning");
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [pending, setPending] = useState(false);

  const send = async (ids: number[], completed: boolean): Promise<boolean> => {
    if (ids.length === 0) return false;
    setPending(true);
    try {
      const [only] = ids;
      if (ids.length === 1 && only !== undefined) {
        // one enrolment's change answers with the row itself: the message is ours
        await http.patch(`/api/enrolments/${only}`, { completed });
        open?.({ type: "success", message: t(completed ? "completion.oneCompleted" : "completion.oneReopened") });
      } else {
        const { data } = await http.post<EnrolmentsUpdated>("/api/enrolments/bulk", {
          ids,
          completed,
        });
        open?.({
          type: "success",
          message: data?.message ?? t("completion.done", { count: data?.data?.updated ?? 0 }),
        });
      }
      await invalidate({ resource: "enrolments", invalidates: ["list", "many", "detail"] });
      return true;
    } catch (error) {
      open?.({ type: "error", message: (error as Error)?.message || t("completion.failed") });
      return false;
    } finally {
      setPending(false);
    }
  };
  return { send, pending };
}
