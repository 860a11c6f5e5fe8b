import { LoginOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProductMark } from "../components/ProductMark";
import { LanguageSwitcher } from "../shell/layout/LanguageSwitcher";
import { getToken } from "../shell/providers/token";
import { useSite } from "../shell/tenant/SiteContext";
import { useApplyAppearance } from "../shell/theme/AppearanceProvider";
import { appearanceForSite } from "../shell/theme/appearance";
import "./public-apply.css";

/**
 * The top of a site's public pages (its postings, a certificate, a guest's application): light, in
 * the institution's colours whoever's site it is, with the site's logo (or the product's mark) and
 * name, the language switcher and, where the page offers it, signing in or the visitor's account.
 */
export function PublicSiteHeader({ accountLink = true }: { accountLink?: boolean }) {
  const { t } = useTranslation();
  const { site } = useSite();
  const appearance = appearanceForSite(site.kind === "institution" ? site : "institution");
  useApplyAppearance(appearance);
  const siteName = site.kind === "institution" ? site.institution.name : t("app.providerName");
  const logo = site.kind === "institution" ? site.institution.logo : null;
  return (
    <header className="csc-public-apply__top">
      <div className="csc-public-apply__brand">
        {logo ? (
          <img className="csc-public-apply__logo" src={logo} alt="" />
        ) : (
          <ProductMark className="csc-public-apply__mark" background={appearance.primary} dot={appearance.secondary} />
        )}
        <div>
          <div className="csc-public-apply__site">{siteName}</div>
          <div className="csc-public-apply__product">{t("app.name")}</div>
        </div>
      </div>
      <div className="csc-public-apply__tools">
        <LanguageSwitcher type="text" />
        {!accountLink ? null : getToken() ? (
          <Link to="/">{t("learner:public.myAccount")}</Link>
        ) : (
          <Link to="/login">
            <LoginOutlined aria-hidden="true" /> {t("learner:public.signInLink")}
          </Link>
        )}
      </div>
    </header>
  );
}
