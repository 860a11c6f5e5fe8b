import {
  normalizeWebsite,
  takesSignUps,
  validateEmail,
  validateOptionalPhone,
  validateOptionalWebsite,
  validatePhone,
} from "@csc/shared";
import { useNotification, useRegister } from "@refinedev/core";
import { Button, Form, Input, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import type { RegisterValues } from "../../shell/providers/auth";
import type { ApiError } from "../../shell/providers/http";
import { useSite } from "../../shell/tenant/SiteContext";
import { AuthLayout } from "./AuthLayout";
import { requiredRule, sharedRule, showServerFieldErrors } from "./form-helpers";
import { NewPasswordFields } from "./NewPasswordFields";

interface RegisterForm extends RegisterValues {
  password_confirmation: string;
}

/**
 * Sign-up: a learner of the institution on its site, or a recruiter company on the
 * recruiter site (approved by the provider before it can sign in).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const [form] = Form.useForm<RegisterForm>();
  const { open } = useNotification();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const recruiter = site.kind === "recruiter";

  const register = useRegister<RegisterValues>({
    mutationOptions: {
      onSuccess: (result) => {
        if (result.success) {
          const message = String(result.message ?? t("auth.register.done"));
          open?.({ key: "register-success", type: "success", message });
          setDoneMessage(message);
          return;
        }
        const error = result.error as ApiError | undefined;
        open?.({ key: "register-error", type: "error", message: error?.message || t("auth.register.failed") });
        showServerFieldErrors(form, error);
      },
      onError: (error) => open?.({ key: "register-error", type: "error", message: error.message }),
    },
  });

  if (site.kind === "provider") return <Navigate to="/login" replace />;
  // who may register is the institution's choice (its join policy): a closed site says whom to ask
  const institution = site.kind === "institution" ? site.institution : null;
  if (institution && !takesSignUps(institution.join_policy, institution.join_domains)) {
    return (
      <AuthLayout title={t("auth.register.title")}>
        <div data-testid="registration-closed-site">
          <Result
            status="info"
            title={t("auth.register.closedTitle")}
            subTitle={t("auth.register.closedMessage")}
            extra={
              <Link to="/login">
                <Button type="primary">{t("auth.backToLogin")}</Button>
              </Link>
            }
          />
        </div>
      </AuthLayout>
    );
  }
  const domainHint =
    institution?.join_policy === "domain"
      ? t("auth.register.domainHint", { domains: institution.join_domains.join(", ") })
      : institution?.join_policy === "approval"
        ? t("auth.register.approvalHint", { site: institution.name })
        : undefined;

  if (doneMessage) {
    return (
      <AuthLayout title={t("auth.register.title")}>
        <Result
          status="success"
          title={t(recruiter ? "auth.register.doneRecruiterTitle" : "auth.register.doneTitle")}
          subTitle={doneMessage}
          extra={
            <Link to="/login">
              <Button type="primary">{t("auth.backToLogin")}</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  const submit = ({ password_confirmation: _confirmation, ...values }: RegisterForm) => {
    const body: RegisterValues = { ...values };
    if (body.website) body.website = normalizeWebsite(body.website);
    if (!body.phone) delete body.phone;
    if (!body.website) delete body.website;
    register.mutate(body);
  };

  return (
    <AuthLayout
      title={t(recruiter ? "auth.register.titleRecruiter" : "auth.register.title")}
      subtitle={t(recruiter ? "auth.register.subtitleRecruiter" : "auth.register.subtitle")}
    >
      <Form<RegisterForm> form={form} layout="vertical" onFinish={submit} name="register" requiredMark>
        {recruiter ? (
          <Form.Item name="company_name" label={t("auth.fields.companyName")} rules={[requiredRule(t)]}>
            <Input autoComplete="organization" />
          </Form.Item>
        ) : null}
        <Form.Item name="full_name" label={t("auth.fields.fullName")} rules={[requiredRule(t)]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("auth.fields.email")}
          rules={[requiredRule(t), sharedRule(validateEmail, t)]}
          extra={domainHint}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t("auth.fields.phone")}
          rules={recruiter ? [requiredRule(t), sharedRule(validatePhone, t)] : [sharedRule(validateOptionalPhone, t)]}
        >
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        {recruiter ? (
          <Form.Item name="website" label={t("auth.fields.website")} rules={[sharedRule(validateOptionalWebsite, t)]}>
            <Input autoComplete="url" placeholder="https://" />
          </Form.Item>
        ) : null}
        <NewPasswordFields labelKey="auth.fields.password" />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t(recruiter ? "auth.register.submitRecruiter" : "auth.register.submit")}
        </Button>
      </Form>
      <p className="csc-auth__footer">
        {t("auth.register.haveAccount")} <Link to="/login">{t("auth.login.submit")}</Link>
      </p>
    </AuthLayout>
  );
}
