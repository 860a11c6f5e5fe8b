import { useTranslation } from "react-i18next";
import "./page-loader.css";

/** Page loaders: dark on the admin site, light on institution sites. */
export function PageLoader({ tone = "light", label }: { tone?: "dark" | "light"; label?: string }) {
  return (
    <div className={`csc-page-loader csc-page-loader--${tone}`} role="status" aria-live="polite">
      <div className="csc-page-loader__mark" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <span className="csc-visually-hidden">{label ?? "Loading…"}</span>
    </div>
  );
}

/** The loader with a translated label, for places where translations are already there. */
export function TranslatedPageLoader({ tone }: { tone?: "dark" | "light" }) {
  const { t } = useTranslation();
  return <PageLoader tone={tone} label={t("loading")} />;
}

/** A loader inside the content area while a lazy page arrives. */
export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <div className="csc-content-loader" role="status" aria-live="polite">
      <div className="csc-page-loader__mark" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <span className="csc-visually-hidden">{t("loading")}</span>
    </div>
  );
}
