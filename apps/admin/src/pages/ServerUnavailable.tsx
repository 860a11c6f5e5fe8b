import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import "./standalone.css";

/** When the API cannot be reached at start-up: say so and offer to try again. */
export default function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="csc-standalone">
      <div className="csc-standalone__card">
        <Result
          status="warning"
          title={t("serverUnavailable.title", "We can't reach the server")}
          subTitle={t("serverUnavailable.message", "Check your connection and try again.")}
          extra={
            <Button type="primary" onClick={onRetry}>
              {t("buttons.retry", "Try again")}
            </Button>
          }
        />
      </div>
    </main>
  );
}
