import { useTranslation } from "react-i18next";
import { ProductMark } from "../../components/ProductMark";
import type { SidebarPalette } from "../theme/appearance";
import { initials } from "./initials";

export interface BrandIdentity {
  name: string;
  logo: string | null;
  /** The provider's own staff: the product mark instead of initials. */
  provider?: boolean;
}

/** Sidebar: the institution's logo (at most 140px wide), its name, and "Career Service Center". */
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
        <ProductMark className="csc-brand__mark" background={palette.accent} dot="#fff" />
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
