import { dashboardPath } from "@csc/shared";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useSession } from "../shell/session/SessionContext";

/** A path outside the user's menu shows "Not allowed", inside the layout. */
export default function NotAllowed() {
  const { t } = useTranslation();
  const { role } = useSession();
  useDocumentTitle(t("notAllowed.title"));
  return (
    <Result
      status="403"
      title={<span data-testid="not-allowed">{t("notAllowed.title")}</span>}
      subTitle={t("notAllowed.message")}
      extra={
        <Link to={dashboardPath(role)}>
          <Button type="primary">{t("notAllowed.backToDashboard")}</Button>
        </Link>
      }
    />
  );
}
