import { MenuOutlined } from "@ant-design/icons";
import { roleKind } from "@csc/shared";
import { Button, Drawer, Grid, Layout } from "antd";
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { AssistantButton } from "../../help/AssistantButton";
import { NotificationBell } from "../../notifications/NotificationBell";
import { useSession } from "../session/SessionContext";
import { useSite } from "../tenant/SiteContext";
import { useAppearance } from "../theme/AppearanceProvider";
import { sidebarPalette } from "../theme/appearance";
import { HelpLink } from "./HelpLink";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { type BrandIdentity, SidebarBrand } from "./SidebarBrand";
import { SideMenu } from "./SideMenu";
import { UserMenu } from "./UserMenu";
import "./layout.css";

/** The sidebar is 200px wide; on large screens the content starts 202px from the left. */
const SIDEBAR_WIDTH = 200;
const CONTENT_OFFSET = 202;

/** Whose name and logo head the sidebar: the institution, the recruiter company, or none (provider). */
function useBrandIdentity(): BrandIdentity {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const { site } = useSite();
  if (user.institution) return { name: user.institution.name, logo: user.institution.logo };
  if (roleKind(role) === "recruiter" && user.recruiter) return { name: user.recruiter.name, logo: null };
  if (roleKind(role) === "learner" && site.kind === "institution") {
    return { name: site.institution.name, logo: site.institution.logo };
  }
  return { name: t("app.providerName"), logo: null, provider: true };
}

/** The signed-in shell: sidebar (drawer behind a hamburger on small screens), header, content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { menu } = useSession();
  const { appearance } = useAppearance();
  const palette = sidebarPalette(appearance);
  const identity = useBrandIdentity();
  const screens = Grid.useBreakpoint();
  // before the first measurement antd reports nothing; assume a desktop
  const large = screens.lg ?? Object.keys(screens).length === 0;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const sidebar = (onNavigate?: () => void) => (
    <div className="csc-sidebar" style={{ background: palette.background }} data-testid="sidebar">
      <SidebarBrand identity={identity} palette={palette} />
      <div className="csc-sidebar__menu">
        <SideMenu menu={menu} theme={palette.menuTheme} onNavigate={onNavigate} />
      </div>
    </div>
  );

  return (
    <Layout className={`csc-shell csc-shell--${appearance.kind}`}>
      <a className="csc-skip-link" href="#main-content">
        {t("layout.skipToContent")}
      </a>
      {large ? (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          className="csc-sider"
          style={{ background: palette.background, borderColor: palette.border }}
        >
          {sidebar()}
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          width={SIDEBAR_WIDTH}
          open={drawerOpen}
          onClose={closeDrawer}
          closable={false}
          styles={{ body: { padding: 0, background: palette.background } }}
          aria-label={t("layout.mainMenu")}
        >
          {sidebar(closeDrawer)}
        </Drawer>
      )}
      <Layout className="csc-main" style={{ marginLeft: large ? CONTENT_OFFSET : 0 }}>
        <Layout.Header className="csc-header">
          <div className="csc-header__start">
            {large ? null : (
              <Button
                type="text"
                icon={<MenuOutlined />}
                onClick={() => setDrawerOpen(true)}
                aria-label={t("layout.openMenu")}
                aria-expanded={drawerOpen}
                data-testid="hamburger"
              />
            )}
            {large ? null : <span className="csc-header__title">{identity.name}</span>}
          </div>
          <div className="csc-header__end">
            <NotificationBell />
            <HelpLink />
            <AssistantButton />
            <LanguageSwitcher />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content id="main-content" className="csc-content" tabIndex={-1}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
