import { useNotification } from "@refinedev/core";
import { Button, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { verifyEmail } from "../../shell/providers/auth";
import { isApiError } from "../../shell/providers/http";
import { AuthLayout } from "./AuthLayout";

type State = { name: "checking" } | { name: "verified"; message: string } | { name: "failed"; message: string };

/** The e-mailed `/verify-email?token=` link: confirms the address, then sends the learner to sign in. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const { open } = useNotification();
  const [state, setState] = useState<State>(
    token ? { name: "checking" } : { name: "failed", message: t("auth.verify.missingToken") },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then((message) => setState({ name: "verified", message }))
      .catch((error: unknown) => {
        const message = isApiError(error) && error.message ? error.message : t("auth.verify.failed");
        open?.({ key: "verify-error", type: "error", message });
        setState({ name: "failed", message });
      });
  }, [token, open, t]);

  return (
    <AuthLayout title={t("auth.verify.title")}>
      {state.name === "checking" ? (
        <div style={{ textAlign: "center", padding: 48 }}>
          <Spin size="large" />
          <p style={{ marginTop: 16 }}>{t("auth.verify.checking")}</p>
        </div>
      ) : (
        <Result
          status={state.name === "verified" ? "success" : "error"}
          title={t(state.name === "verified" ? "auth.verify.doneTitle" : "auth.verify.failedTitle")}
          subTitle={state.message}
          extra={
            <Link to="/login">
              <Button type="primary">{t("auth.backToLogin")}</Button>
            </Link>
          }
        />
      )}
    </AuthLayout>
  );
}
