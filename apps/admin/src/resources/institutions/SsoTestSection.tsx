import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { SsoTestStart } from "@csc/shared";
import { Alert, Button, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import type { DetailSectionProps } from "../../engine/behaviour";
import { http, isApiError } from "../../shell/providers/http";

/**
 * Below an institution's details, for who may change its single sign-on: "Test sign-in" opens its
 * identity provider as saved; coming back, `/sso` shows what the provider answered, and nobody is
 * signed in. Offered once an issuer and a client id are saved.
 */
export default function SsoTestSection({ record, canUpdate }: DetailSectionProps) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!canUpdate || !record.oidc_issuer || !record.oidc_client_id) return null;

  const start = async () => {
    setStarting(true);
    setProblem(null);
    try {
      const { data } = await http.get<SsoTestStart>("/api/auth/oidc/start", {
        params: { test: "1", institution_id: record.id },
      });
      window.location.assign(data.data.url);
    } catch (error) {
      setStarting(false);
      setProblem(isApiError(error) && error.message ? error.message : t("errors.generic"));
    }
  };

  return (
    <AppCard title={t("resources.ssoTitle")} icon={<SafetyCertificateOutlined />}>
      <Typography.Paragraph>{t("resources.ssoTestHelp")}</Typography.Paragraph>
      {problem ? <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 16 }} /> : null}
      <Button onClick={() => void start()} loading={starting} data-testid="sso-test">
        {t("resources.ssoTest")}
      </Button>
    </AppCard>
  );
}
