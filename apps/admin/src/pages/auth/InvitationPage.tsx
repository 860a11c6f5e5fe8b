import { Alert, Button, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ApiError } from "../../shell/providers/http";
import { acceptInvitation } from "../../shell/providers/sign-in";
import { AuthLayout } from "./AuthLayout";
import { fieldErrorText, showServerFieldErrors } from "./form-helpers";
import { LinkNotValid } from "./LinkNotValid";
import { NewPasswordFields } from "./NewPasswordFields";

interface InvitationForm {
  password: string;
  password_confirmation: string;
}

/**
 * The page an invitation's mail links to (`/invitation?token=`): the person chooses a password
 * and is signed in with the role they were invited with, on this site. An expired, revoked or
 * used link says so, and who to ask.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [form] = Form.useForm<InvitationForm>();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();

  if (!token) {
    return (
      <LinkNotValid
        page={t("auth.invitation.title")}
        title={t("auth.invitation.invalidTitle")}
        message={t("auth.invitation.invalidMessage")}
        to="/login"
        action={t("auth.backToLogin")}
      />
    );
  }

  const accept = async ({ password }: InvitationForm) => {
    setSending(true);
    setProblem(null);
    const result = await acceptInvitation({ token, password });
    if (result.success) {
      // as after signing in: the signed-in part of the app starts from the new session
      navigate(result.redirectTo ?? "/", { replace: true });
      return;
    }
    setSending(false);
    const error = result.error as ApiError | undefined;
    showServerFieldErrors(form, error);
    const tokenError = error?.errors?.token;
    setProblem(tokenError ? fieldErrorText(tokenError).join(" ") : error?.message || t("errors.generic"));
  };

  return (
    <AuthLayout title={t("auth.invitation.title")} subtitle={t("auth.invitation.subtitle")}>
      {problem ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={problem}
          data-testid="invitation-problem"
          style={{ marginBottom: 20 }}
        />
      ) : null}
      <Form<InvitationForm>
        form={form}
        layout="vertical"
        size="large"
        name="invitation"
        onFinish={(values) => void accept(values)}
      >
        <NewPasswordFields labelKey="auth.fields.password" />
        <Button type="primary" htmlType="submit" block loading={sending}>
          {t("auth.invitation.submit")}
        </Button>
      </Form>
      <p className="csc-auth__footer">
        <Link to="/login">{t("auth.backToLogin")}</Link>
      </p>
    </AuthLayout>
  );
}
