import { LockOutlined, LoginOutlined, MailOutlined, SafetyOutlined } from "@ant-design/icons";
import { dashboardPath, offersSso, takesPasswords, takesSignUps } from "@csc/shared";
import { Alert, Button, Divider, Form } from "antd";
// the two inputs by their own modules: antd's `Input` brings TextArea, Search and OTP with it
// (12 KB gzip the sign-in page never uses)
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ApiError } from "../../shell/providers/api-error";
import type { LoginValues } from "../../shell/providers/sign-in";
import { useLogin, useNotification } from "../../shell/routes/login-hooks";
import { roleOf } from "../../shell/session/role";
import type { CurrentUser } from "../../shell/session/types";
import { useSite } from "../../shell/tenant/SiteContext";
import { AuthLayout } from "./AuthLayout";
import { requiredRule, showServerFieldErrors } from "./form-helpers";

/**
 * A `?to=` target (a page that sent the visitor to sign in, e.g. a public apply page) is followed
 * only when it is a path of this site: not `//host`, nor `/\host`, which browsers read as `//host`.
 */
const safeTarget = (to: string | null) =>
  to?.startsWith("/") && !to.startsWith("//") && !to.includes("\\") ? to : null;

/**
 * Sign-in: the server's message as an error toast on failure, except for an
 * unverified e-mail, where the screen itself says what to do.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const [form] = Form.useForm<LoginValues>();
  const { open, close } = useNotification();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // the server's word that this browser needs the code mailed to the account
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  // registered on a site whose staff approve who joins, and not approved yet
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);

  const login = useLogin<LoginValues>({
    mutationOptions: {
      onSuccess: (result, values) => {
        if (result.success) {
          close?.("login-error");
          const user = result.user as CurrentUser | undefined;
          navigate(safeTarget(params.get("to")) ?? dashboardPath(roleOf(user)), { replace: true });
          return;
        }
        const error = result.error as ApiError | undefined;
        if (error?.body?.email_verified === false) {
          setUnverifiedEmail(values.email);
          return;
        }
        if (error?.body?.pending_approval) {
          setPendingMessage(error.body.message ?? null);
          return;
        }
        if (error?.body?.code_required) {
          const first = codeMessage === null;
          setCodeMessage(error.body.message ?? t("auth.login.codeRequired"));
          if (first) {
            setTimeout(() => form.getFieldInstance("code")?.focus?.(), 0);
            return;
          }
        }
        open?.({ key: "login-error", type: "error", message: error?.message || t("auth.login.failed") });
        showServerFieldErrors(form, error);
      },
      onError: (error) => {
        open?.({ key: "login-error", type: "error", message: error.message || t("auth.login.failed") });
      },
    },
  });

  // an institution's own sign-in (sso.ts), and its password form unless it signs in through that only
  const institution = site.kind === "institution" ? site.institution : null;
  const sso = institution !== null && offersSso(institution.sso_mode, institution.sso_configured);
  const passwords = institution === null || takesPasswords(institution.sso_mode);
  // an institution's site offers sign-up only when someone may register there (its join policy)
  const canRegister =
    site.kind === "recruiter" ||
    (institution !== null && passwords && takesSignUps(institution.join_policy, institution.join_domains));

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t(`auth.login.subtitle.${site.kind}`)}>
      {codeMessage ? (
        <Alert
          type="info"
          showIcon
          role="status"
          data-testid="login-code-required"
          message={t("auth.login.codeTitle")}
          description={codeMessage}
          style={{ marginBottom: 20 }}
        />
      ) : null}
      {pendingMessage ? (
        <Alert
          type="info"
          showIcon
          role="status"
          data-testid="pending-approval"
          message={t("auth.login.pendingTitle")}
          description={pendingMessage}
          style={{ marginBottom: 20 }}
        />
      ) : null}
      {unverifiedEmail ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="email-not-verified"
          message={t("auth.login.unverifiedTitle")}
          description={t("auth.login.unverifiedMessage", { email: unverifiedEmail })}
          style={{ marginBottom: 20 }}
        />
      ) : null}
      {sso && institution ? (
        <Button
          type={passwords ? "default" : "primary"}
          size="large"
          block
          icon={<LoginOutlined aria-hidden="true" />}
          href="/api/auth/oidc/start"
          data-testid="login-sso"
        >
          {t("auth.login.sso", { name: institution.name })}
        </Button>
      ) : null}
      {sso && passwords ? <Divider plain>{t("auth.login.ssoOr")}</Divider> : null}
      {passwords ? (
        <Form<LoginValues>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(values) => {
            setUnverifiedEmail(null);
            setPendingMessage(null);
            login.mutate(values);
          }}
          size="large"
          name="login"
        >
          <Form.Item name="email" label={t("auth.fields.email")} rules={[requiredRule(t)]}>
            <Input
              prefix={<MailOutlined aria-hidden="true" />}
              type="email"
              autoComplete="username"
              placeholder={t("auth.fields.emailPlaceholder")}
            />
          </Form.Item>
          <Form.Item name="password" label={t("auth.fields.password")} rules={[requiredRule(t)]}>
            <Password
              prefix={<LockOutlined aria-hidden="true" />}
              autoComplete="current-password"
              placeholder={t("auth.fields.passwordPlaceholder")}
            />
          </Form.Item>
          {codeMessage ? (
            <Form.Item
              name="code"
              label={t("auth.fields.code")}
              rules={[requiredRule(t)]}
              extra={t("auth.fields.codeHelp")}
            >
              <Input
                prefix={<SafetyOutlined aria-hidden="true" />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            </Form.Item>
          ) : null}
          <div className="csc-auth__row">
            <span />
            <Link to="/forgot-password">{t("auth.login.forgot")}</Link>
          </div>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t("auth.login.submit")}
          </Button>
        </Form>
      ) : null}
      {canRegister ? (
        <p className="csc-auth__footer">
          {t(site.kind === "recruiter" ? "auth.login.noAccountRecruiter" : "auth.login.noAccount")}{" "}
          <Link to="/register">{t("auth.login.register")}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
