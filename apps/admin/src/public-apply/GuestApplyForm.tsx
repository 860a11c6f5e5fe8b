import { type GuestApplicationBody, type PublicPostingResource, validateEmail, validatePhone } from "@csc/shared";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requiredRule, sharedRule, showServerFieldErrors } from "../pages/auth/form-helpers";
import { isApiError } from "../shell/providers/http";
import { Captcha } from "./Captcha";
import { applyAsGuest } from "./guestApply";

/**
 * Applying without an account: full name, e-mail and phone (rule, from
 * @csc/shared), profession if they like, and the captcha when the site has one. Each error shows
 * under its field, the client's and the server's alike; a refusal (429, 503) above the button.
 */
export function GuestApplyForm({
  resource,
  postingId,
  captchaSiteKey,
  onDone,
}: {
  resource: PublicPostingResource;
  postingId: number;
  captchaSiteKey: string | null;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GuestApplicationBody>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (values: GuestApplicationBody) => {
    setSending(true);
    setRefusal(null);
    try {
      const answer = await applyAsGuest(resource, postingId, values);
      onDone(answer.message || t("learner:guest.done"));
    } catch (error) {
      if (isApiError(error)) {
        showServerFieldErrors(form, error);
        if (!error.errors || error.statusCode !== 400) setRefusal(error.message);
      } else {
        setRefusal(t("learner:apply.failed"));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<GuestApplicationBody>
      form={form}
      layout="vertical"
      name="guest-apply"
      requiredMark
      initialValues={{ full_name: "", email: "", contact_number: "", profession: "", captcha: "" }}
      onFinish={send}
      data-testid="guest-form"
    >
      <div data-field="full_name">
        <Form.Item name="full_name" label={t("learner:guest.fullName")} rules={[requiredRule(t)]}>
          <Input autoComplete="name" maxLength={120} />
        </Form.Item>
      </div>
      <div data-field="email">
        <Form.Item
          name="email"
          label={t("learner:guest.email")}
          rules={[requiredRule(t), sharedRule(validateEmail, t)]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
      </div>
      <div data-field="contact_number">
        <Form.Item
          name="contact_number"
          label={t("learner:guest.phone")}
          rules={[requiredRule(t), sharedRule(validatePhone, t)]}
        >
          <Input type="tel" autoComplete="tel" maxLength={30} />
        </Form.Item>
      </div>
      <div data-field="profession">
        <Form.Item name="profession" label={t("learner:guest.profession")}>
          <Input autoComplete="organization-title" maxLength={120} />
        </Form.Item>
      </div>
      {captchaSiteKey ? (
        <div data-field="captcha">
          <Form.Item name="captcha" label={t("learner:guest.captcha")} rules={[requiredRule(t)]}>
            <Captcha siteKey={captchaSiteKey} onToken={(token) => form.setFieldValue("captcha", token)} />
          </Form.Item>
        </div>
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={refusal}
          data-testid="guest-refused"
          className="csc-guest__refusal"
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={sending} data-testid="guest-submit" block>
        {t("learner:guest.submit")}
      </Button>
    </Form>
  );
}
