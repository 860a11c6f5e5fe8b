import { MailOutlined } from "@ant-design/icons";
import { validateEmail } from "@csc/shared";
import { type AuthActionResponse, useForgotPassword, useNotification } from "@refinedev/core";
import { Button, Form, Input, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ApiError } from "../../shell/providers/http";
import { AuthLayout } from "./AuthLayout";
import { requiredRule, sharedRule, showServerFieldErrors } from "./form-helpers";

/** Forgot password; the server answers the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const { open } = useNotification();
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const forgot = useForgotPassword<{ email: string }>({
    mutationOptions: {
      onSuccess: (response) => {
        const result = response as AuthActionResponse;
        if (result.success) {
          const message = String(result.message ?? t("auth.forgot.sent"));
          open?.({ key: "forgot-success", type: "success", message });
          setSentMessage(message);
          return;
        }
        const error = result.error as ApiError | undefined;
        open?.({ key: "forgot-error", type: "error", message: error?.message || t("errors.generic") });
        showServerFieldErrors(form, error);
      },
      onError: (error) => open?.({ key: "forgot-error", type: "error", message: error.message }),
    },
  });

  return (
    <AuthLayout title={t("auth.forgot.title")} subtitle={sentMessage ? undefined : t("auth.forgot.subtitle")}>
      {sentMessage ? (
        <Result
          status="success"
          title={t("auth.forgot.sentTitle")}
          subTitle={sentMessage}
          extra={
            <Link to="/login">
              <Button type="primary">{t("auth.backToLogin")}</Button>
            </Link>
          }
        />
      ) : (
        <>
          <Form
            form={form}
            layout="vertical"
            size="large"
            name="forgot-password"
            onFinish={(values) => forgot.mutate(values)}
          >
            <Form.Item
              name="email"
              label={t("auth.fields.email")}
              rules={[requiredRule(t), sharedRule(validateEmail, t)]}
            >
              <Input prefix={<MailOutlined aria-hidden="true" />} type="email" autoComplete="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
              {t("auth.forgot.submit")}
            </Button>
          </Form>
          <p className="csc-auth__footer">
            <Link to="/login">{t("auth.backToLogin")}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
