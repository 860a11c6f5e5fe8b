import { useNotification, useUpdatePassword } from "@refinedev/core";
import { Alert, Button, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ResetPasswordValues } from "../../shell/providers/auth";
import type { ApiError } from "../../shell/providers/http";
import { AuthLayout } from "./AuthLayout";
import { fieldErrorText, showServerFieldErrors } from "./form-helpers";
import { LinkNotValid } from "./LinkNotValid";
import { NewPasswordFields } from "./NewPasswordFields";

type ResetForm = Omit<ResetPasswordValues, "token">;

/** A new password from the e-mailed `/reset-password?token=` link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [form] = Form.useForm<ResetForm>();
  const { open } = useNotification();
  const navigate = useNavigate();
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);

  const reset = useUpdatePassword<ResetPasswordValues>({
    mutationOptions: {
      onSuccess: (result) => {
        if (result.success) {
          open?.({ key: "reset-success", type: "success", message: String(result.message ?? t("auth.reset.done")) });
          navigate("/login", { replace: true });
          return;
        }
        const error = result.error as ApiError | undefined;
        open?.({ key: "reset-error", type: "error", message: error?.message || t("errors.generic") });
        showServerFieldErrors(form, error);
        const tokenError = error?.errors?.token;
        if (tokenError) setTokenProblem(fieldErrorText(tokenError).join(" "));
      },
      onError: (error) => open?.({ key: "reset-error", type: "error", message: error.message }),
    },
  });

  if (!token) {
    return (
      <LinkNotValid
        page={t("auth.reset.title")}
        title={t("auth.reset.invalidTitle")}
        message={t("auth.reset.invalidMessage")}
        to="/forgot-password"
        action={t("auth.reset.requestNew")}
      />
    );
  }

  return (
    <AuthLayout title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")}>
      {tokenProblem ? (
        <Alert
          type="error"
          showIcon
          message={tokenProblem}
          action={<Link to="/forgot-password">{t("auth.reset.requestNew")}</Link>}
          style={{ marginBottom: 20 }}
        />
      ) : null}
      <Form<ResetForm>
        form={form}
        layout="vertical"
        size="large"
        name="reset-password"
        onFinish={(values) => reset.mutate({ ...values, token })}
      >
        <NewPasswordFields labelKey="auth.fields.newPassword" />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t("auth.reset.submit")}
        </Button>
      </Form>
      <p className="csc-auth__footer">
        <Link to="/login">{t("auth.backToLogin")}</Link>
      </p>
    </AuthLayout>
  );
}
