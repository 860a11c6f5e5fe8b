import { useTranslation } from "react-i18next";
import type { SidebarPalette } from "../theme/appearance";

export interface BrandIdentity {
  name: string;
  logo: string | null;
  /** The provider's own staff: the product mark instead of initials. */
  provider?: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? "")
    .join("");

/** Spec §2 sidebar: the institution's logo (at most 140px wide), its name, and "Career Service Center". */
export function SidebarBrand({ identity, palette }: { identity: BrandIdentity; palette: SidebarPalette }) {
  const { t } = useTranslation();
  return (
    <div className="csc-brand" style={{ borderColor: palette.border }}>
      {identity.logo ? (
        <img className="csc-brand__logo" src={identity.logo} alt={identity.name} />
      ) : !identity.provider ? (
        <span className="csc-brand__badge" style={{ background: palette.accent }} aria-hidden="true">
          {initials(identity.name)}
        </span>
      ) : (
        <svg className="csc-brand__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill={palette.accent} />
          <path
            d="M20 40l12-16 12 16"
            fill="none"
            stroke="#fff"
            strokeWidth="6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="32" cy="46" r="3.5" fill="#fff" />
        </svg>
      )}
      <div className="csc-brand__name" style={{ color: palette.text }}>
        {identity.name}
      </div>
      <div className="csc-brand__product" style={{ color: palette.mutedText }}>
        {t("app.name")}
      </div>
    </div>
  );
}
