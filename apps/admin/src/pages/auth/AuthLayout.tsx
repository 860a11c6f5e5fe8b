import { theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { LanguageSwitcher } from "../../shell/layout/LanguageSwitcher";
import { useSite } from "../../shell/tenant/SiteContext";
import { useApplyAppearance } from "../../shell/theme/AppearanceProvider";
import { appearanceForSite, isDark } from "../../shell/theme/appearance";
import { mix, withAlpha } from "../../shell/theme/color";
import "./auth.css";
import { ProductMark } from "../../components/ProductMark";

/** Who the sign-in screens speak for: the institution, the recruiter site, or the provider. */
function useSiteIdentity() {
  const { t } = useTranslation();
  const { site } = useSite();
  if (site.kind === "institution") {
    return {
      name: site.institution.name,
      logo: site.institution.logo,
      tagline: t(`auth.tagline.${site.institution.type}`),
    };
  }
  if (site.kind === "recruiter")
    return { name: t("auth.recruiterPortal"), logo: null, tagline: t("auth.tagline.recruiter") };
  return { name: t("app.providerName"), logo: null, tagline: t("auth.tagline.provider") };
}

/** The frame of every sign-in screen: the site's look and name on one side, the form on the other. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { site } = useSite();
  const { token } = theme.useToken();
  const appearance = appearanceForSite(site);
  useApplyAppearance(appearance);
  useDocumentTitle(title);
  const identity = useSiteIdentity();
  const dark = isDark(appearance);
  const panelStart = dark ? "#141c3a" : appearance.primary;
  const panelEnd = dark ? "#2a1c4a" : mix(appearance.primary, "#0b1020", 0.5);
  const glow = withAlpha(appearance.secondary, dark ? 0.16 : 0.3);

  return (
    <div className={`csc-auth csc-auth--${appearance.kind}`}>
      <aside
        className="csc-auth__panel"
        style={{
          background: `radial-gradient(circle at 85% 12%, ${glow} 0, transparent 35%), linear-gradient(150deg, ${panelStart}, ${panelEnd})`,
        }}
      >
        <div className="csc-auth__brand">
          {identity.logo ? (
            <img className="csc-auth__logo" src={identity.logo} alt="" />
          ) : (
            <ProductMark className="csc-auth__mark" background="rgba(255,255,255,0.16)" dot={appearance.secondary} />
          )}
          <div>
            <div className="csc-auth__site-name">{identity.name}</div>
            <div className="csc-auth__product">{t("app.name")}</div>
          </div>
        </div>
        <p className="csc-auth__tagline">{identity.tagline}</p>
        <ul className="csc-auth__points">
          <li>{t("auth.points.one")}</li>
          <li>{t("auth.points.two")}</li>
          <li>{t("auth.points.three")}</li>
        </ul>
      </aside>
      <main className="csc-auth__main">
        <div className="csc-auth__topbar">
          <LanguageSwitcher type="text" />
        </div>
        <div className="csc-auth__form">
          <div className="csc-auth__heading">
            {/* antd's Title and secondary Text, drawn from the theme's tokens: the sign-in page does
                without antd's Typography */}
            <h2
              className="csc-auth__title"
              style={{
                color: token.colorTextHeading,
                fontSize: token.fontSizeHeading2,
                lineHeight: token.lineHeightHeading2,
                fontWeight: token.fontWeightStrong,
              }}
            >
              {title}
            </h2>
            {subtitle ? <span style={{ color: token.colorTextSecondary }}>{subtitle}</span> : null}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
