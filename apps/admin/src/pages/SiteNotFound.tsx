import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import "./standalone.css";

/** An unknown or inactive institution lands here, with a way back to the main site. */
export default function SiteNotFound({ mainSiteUrl }: { mainSiteUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <main className="csc-standalone">
      <div className="csc-standalone__card">
        <Result
          status="404"
          title={t("siteNotFound.title")}
          subTitle={t("siteNotFound.message")}
          extra={
            mainSiteUrl ? (
              <Button type="primary" href={mainSiteUrl}>
                {t("siteNotFound.goToMainSite")}
              </Button>
            ) : null
          }
        />
      </div>
    </main>
  );
}
