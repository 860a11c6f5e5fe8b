import { useInvalidate, useNotification } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiError, http, isApiError } from "../../shell/providers/http";

/** Posts one of the API's resource actions, tells the user the server's answer and refreshes the lists it touches. */
export function useActionCall(resources: string[]) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [pending, setPending] = useState(false);

  const call = async (url: string, body?: unknown): Promise<{ ok: true } | { ok: false; error: ApiError | null }> => {
    setPending(true);
    try {
      const { data } = await http.post<{ message?: string }>(url, body ?? {});
      open?.({ type: "success", message: data.message ?? t("notifications.success") });
      await Promise.all(resources.map((resource) => invalidate({ resource, invalidates: ["list", "many", "detail"] })));
      return { ok: true };
    } catch (error) {
      open?.({ type: "error", message: (error as Error)?.message || t("errors.generic") });
      return { ok: false, error: isApiError(error) ? error : null };
    } finally {
      setPending(false);
    }
  };
  return { call, pending };
}
