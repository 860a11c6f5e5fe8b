import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useSite } from "../shell/tenant/SiteContext";
import { useApplyAppearance } from "../shell/theme/AppearanceProvider";
import { appearanceForSite } from "../shell/theme/appearance";
import "./standalone.css";

/** `/404` on a site that exists: the page is not here. */
export default function NotFound() {
  const { t } = useTranslation();
  const { site } = useSite();
  useApplyAppearance(appearanceForSite(site));
  useDocumentTitle(t("notFound.title"));
  return (
    <main className="csc-standalone">
      <div className="csc-standalone__card">
        <Result
          status="404"
          title={t("notFound.title")}
          subTitle={t("notFound.message")}
          extra={
            <Link to="/">
              <Button type="primary">{t("notFound.backHome")}</Button>
            </Link>
          }
        />
      </div>
    </main>
  );
}
