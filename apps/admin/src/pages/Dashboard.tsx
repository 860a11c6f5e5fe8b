import {
  AppstoreOutlined,
  ArrowRightOutlined,
  BulbOutlined,
  CheckCircleFilled,
  IdcardOutlined,
  LockOutlined,
} from "@ant-design/icons";
import { ENROLMENT_RESOURCE, FEATURE_KEYS, flattenMenu, type MenuItem, type MenuName, roleKind } from "@csc/shared";
import { Button, Col, Descriptions, Row, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../components/AppCard";
import { PageHeader } from "../components/PageHeader";
import { DashboardInsights } from "../dashboard/DashboardInsights";
import { formatLongDate } from "../engine/display/format";
import { MENU_ICONS } from "../shell/layout/menu-icons";
import { useLanguage } from "../shell/providers/i18n";
import { dashboardTitleKey } from "../shell/session/role";
import { useSession } from "../shell/session/SessionContext";
import { useAppearance } from "../shell/theme/AppearanceProvider";
import { mix, withAlpha } from "../shell/theme/color";
import "./dashboard.css";

/** Shortcuts to every enabled entry of the user's menu, except the dashboard itself. */
function shortcutsOf(menu: readonly MenuItem[]): MenuItem[] {
  return flattenMenu(menu).filter((item) => item.path && !item.disabled && item.name !== "dashboard");
}

/** The entry the welcome banner points to first, by kind of user (the first one their menu has). */
const HERO_ENTRY: Record<ReturnType<typeof roleKind>, MenuName[]> = {
  provider: ["institutions", "users"],
  institution: ["students", "employees", "learning-events", "users"],
  recruiter: ["job-opportunities", "learning-events", "company-profile"],
  learner: ["self-assessment", ENROLMENT_RESOURCE.course, "learning-events", "profile"],
};

/** The dashboard's title and its welcome banner, pointing to the first page the user's kind starts from. */
export function DashboardWelcome() {
  const { t } = useTranslation();
  const { user, role, menu } = useSession();
  const { appearance } = useAppearance();
  const language = useLanguage();
  const kind = roleKind(role);
  const firstName = (user.full_name || user.email).split(/\s+/)[0];
  const organisation = user.institution?.name ?? user.recruiter?.name ?? null;
  const heroStart = appearance.kind === "admin" ? "#1f2b5c" : appearance.primary;
  const heroEnd = appearance.kind === "admin" ? "#3a2463" : mix(appearance.primary, "#0b1020", 0.45);
  const heroGlow = withAlpha(appearance.secondary, appearance.kind === "admin" ? 0.16 : 0.24);
  const shortcuts = shortcutsOf(menu);
  const featured = HERO_ENTRY[kind].map((name) => shortcuts.find((item) => item.name === name)).find(Boolean);

  return (
    <>
      <PageHeader title={t(dashboardTitleKey(user))} subtitle={formatLongDate(new Date(), language)} />

      <section
        className="csc-hero"
        style={{
          background: `radial-gradient(circle at 88% 10%, ${heroGlow} 0, transparent 38%), linear-gradient(120deg, ${heroStart} 0%, ${heroEnd} 100%)`,
        }}
        aria-labelledby="dashboard-welcome"
      >
        <div className="csc-hero__text">
          <Typography.Title level={2} id="dashboard-welcome" className="csc-hero__title">
            {t("dashboard.welcome", { name: firstName })}
          </Typography.Title>
          <p className="csc-hero__lead">{t(`dashboard.lead.${kind}`, { organisation: organisation ?? "" })}</p>
          <div className="csc-hero__tags">
            <span className="csc-hero__tag">{t(`roles.${role}`)}</span>
            {organisation ? <span className="csc-hero__tag">{organisation}</span> : null}
          </div>
          {featured?.path ? (
            <Link to={featured.path} className="csc-hero__action">
              <Button size="large" icon={<ArrowRightOutlined />} iconPosition="end">
                {t("dashboard.open", { page: t(`menu.${featured.labelKey}`, { defaultValue: featured.label }) })}
              </Button>
            </Link>
          ) : null}
        </div>
        <svg className="csc-hero__art" viewBox="0 0 200 140" aria-hidden="true" focusable="false">
          <circle cx="150" cy="40" r="34" fill="rgba(255,255,255,0.14)" />
          <circle cx="52" cy="104" r="22" fill="rgba(255,255,255,0.1)" />
          <rect x="70" y="46" width="86" height="64" rx="10" fill="rgba(255,255,255,0.92)" />
          <rect x="82" y="86" width="10" height="14" rx="2" fill={appearance.secondary} />
          <rect x="98" y="74" width="10" height="26" rx="2" fill={heroStart} />
          <rect x="114" y="64" width="10" height="36" rx="2" fill={appearance.secondary} />
          <rect x="130" y="58" width="10" height="42" rx="2" fill={heroStart} />
          <path d="M80 70 L100 62 L118 56 L146 50" stroke={heroEnd} strokeWidth="3" fill="none" strokeLinecap="round" />
        </svg>
      </section>
    </>
  );
}

/**
 * The dashboard; My College / My Company / Your Dashboard. Under the welcome, the metrics
 * and the progression chart (or applicants by stage), then shortcuts into the menu.
 */
export default function Dashboard() {
  const { t } = useTranslation();
  const { user, role, menu } = useSession();
  const kind = roleKind(role);
  const enabled = new Set(user.enabled_features.map((feature) => feature.slug));
  const shortcuts = shortcutsOf(menu);

  return (
    <div className="csc-dashboard">
      <DashboardWelcome />
      <DashboardInsights />

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <AppCard title={t("dashboard.quickAccess")} icon={<AppstoreOutlined />}>
            <div className="csc-shortcuts">
              {shortcuts.map((item) => (
                <Link key={item.name} to={item.path ?? "/"} className="csc-shortcut">
                  <span className="csc-shortcut__icon" aria-hidden="true">
                    {MENU_ICONS[item.name]}
                  </span>
                  <span className="csc-shortcut__label">
                    {t(`menu.${item.labelKey}`, { defaultValue: item.label })}
                  </span>
                </Link>
              ))}
            </div>
          </AppCard>
        </Col>
        <Col xs={24} xl={8}>
          <div className="csc-stack">
            <AppCard title={t("dashboard.account")} icon={<IdcardOutlined />}>
              <Descriptions column={1} size="small" colon={false}>
                <Descriptions.Item label={t("profile.fullName")}>{user.full_name}</Descriptions.Item>
                <Descriptions.Item label={t("profile.email")}>{user.email}</Descriptions.Item>
                <Descriptions.Item label={t("profile.role")}>{t(`roles.${role}`)}</Descriptions.Item>
                {user.institution ? (
                  <Descriptions.Item label={t("profile.accountType")}>
                    {t(`accountTypes.${user.institution.type}`)}
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            </AppCard>
            {kind === "institution" ? (
              <AppCard title={t("dashboard.plan")} icon={<AppstoreOutlined />}>
                <ul className="csc-plan">
                  {FEATURE_KEYS.map((key) => (
                    <li key={key} className={enabled.has(key) ? "is-on" : "is-off"}>
                      {enabled.has(key) ? (
                        <CheckCircleFilled className="csc-plan__on" aria-hidden="true" />
                      ) : (
                        <LockOutlined className="csc-plan__off" aria-hidden="true" />
                      )}
                      <span>{t(`features.${key}`)}</span>
                      {enabled.has(key) ? null : (
                        <Tooltip title={t("menu.premiumTooltip")}>
                          <Tag className="csc-plan__tag">{t("dashboard.premium")}</Tag>
                        </Tooltip>
                      )}
                    </li>
                  ))}
                </ul>
              </AppCard>
            ) : (
              <AppCard title={t("dashboard.tipsTitle")} icon={<BulbOutlined />}>
                <ul className="csc-tips">
                  {(["one", "two", "three"] as const).map((tip) => (
                    <li key={tip}>{t(`dashboard.tips.${kind}.${tip}`)}</li>
                  ))}
                </ul>
              </AppCard>
            )}
          </div>
        </Col>
      </Row>
    </div>
  );
}
