import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";

/** A learner's list that could not be loaded: what went wrong and Retry (the cards, My learning, My applications). */
export function ListLoadFailed({
  query,
}: {
  query: { error?: { message?: string } | null; refetch: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="resource-error">
      <Result
        status="warning"
        title={t("learner:list.loadFailed")}
        subTitle={query.error?.message}
        extra={<Button onClick={() => void query.refetch()}>{t("buttons.retry")}</Button>}
      />
    </div>
  );
}
