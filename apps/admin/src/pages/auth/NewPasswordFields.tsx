import { validatePassword } from "@csc/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { requiredRule, sharedRule } from "./form-helpers";

/** A new password and its confirmation, checked with the shared password rule (sign-up and reset). */
export function NewPasswordFields({ labelKey }: { labelKey: "auth.fields.password" | "auth.fields.newPassword" }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t(labelKey)}
        rules={[requiredRule(t), sharedRule(validatePassword, t)]}
        extra={t("auth.fields.passwordHint")}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={t("auth.fields.passwordConfirmation")}
        dependencies={["password"]}
        rules={[
          requiredRule(t),
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue("password")) throw new Error(t("auth.fields.passwordMismatch"));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
