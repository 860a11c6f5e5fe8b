import { LockOutlined } from "@ant-design/icons";
import { type PasswordChanged, validatePassword } from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import { http, isApiError } from "../../shell/providers/http";
import { setToken } from "../../shell/providers/token";
import { requiredRule, sharedRule, showServerFieldErrors } from "../auth/form-helpers";

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/**
 * `POST /api/profile/password`: the other sessions end, this one goes on with the token answered.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ current_password, new_password }: PasswordValues) => {
    setSaving(true);
    try {
      const { data } = await http.post<PasswordChanged>("/api/profile/password", {
        current_password,
        new_password,
      });
      setToken(data.data.token);
      form.resetFields();
      open?.({ key: "password-changed", type: "success", message: data.message || t("account:password.changed") });
    } catch (error) {
      if (isApiError(error)) {
        showServerFieldErrors(form, error);
        if (!error.errors) open?.({ key: "password-changed", type: "error", message: error.message });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppCard title={t("account:password.title")} icon={<LockOutlined />}>
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark
        onFinish={(values) => void submit(values)}
        initialValues={{ current_password: "", new_password: "", confirm_password: "" }}
        className="csc-profile-password"
      >
        <Form.Item name="current_password" label={t("account:password.current")} rules={[requiredRule(t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t("account:password.new")}
          extra={t("account:password.hint")}
          rules={[requiredRule(t), sharedRule(validatePassword, t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t("account:password.confirm")}
          dependencies={["new_password"]}
          rules={[
            requiredRule(t),
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue("new_password")) throw new Error(t("account:password.mismatch"));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
          {t("account:password.submit")}
        </Button>
      </Form>
    </AppCard>
  );
}
