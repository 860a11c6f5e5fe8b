import { useNotification } from "@refinedev/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { authProvider } from "../providers/auth";
import { LOGIN_PATH } from "../providers/session";

/** Sign-out from the user menu: the API revokes the token; a failure keeps the session. */
export function useSignOut() {
  const navigate = useNavigate();
  const { open } = useNotification();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => authProvider.logout({}),
    onSuccess: (result) => {
      if (result.success) {
        navigate(LOGIN_PATH, { replace: true });
        return;
      }
      open?.({ key: "logout-error", type: "error", message: result.error?.message || t("auth.logout.failed") });
    },
  });
}
