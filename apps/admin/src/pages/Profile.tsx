import { BellOutlined, CalendarOutlined, UserOutlined } from "@ant-design/icons";
import { isLearnerRole } from "@csc/shared";
import { Descriptions, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../components/AppCard";
import CalendarOption from "../components/CalendarOption";
import { PageHeader } from "../components/PageHeader";
import { NOTIFICATION_SETTINGS_PATH } from "../notifications/paths";
import { currentLanguage, LANGUAGES } from "../shell/providers/i18n";
import { useSession } from "../shell/session/SessionContext";
import { ChangePasswordCard } from "./profile/ChangePasswordCard";
import { CvCard } from "./profile/CvCard";
import { ProfileForm } from "./profile/ProfileForm";
import "./profile/profile.css";

/**
 * The profile, common to every role (learners at /profile, everyone else at
 * /admin/profile): the account at a glance, the details each user edits for themselves, their
 * calendar and their password.
 */
export default function Profile() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const organisation = user.institution?.name ?? user.recruiter?.name;
  return (
    <>
      <PageHeader title={t("menu.profile")} subtitle={t("profile.subtitle")} />
      <Space direction="vertical" size={16} className="csc-profile">
        <AppCard title={t("profile.account")} icon={<UserOutlined />}>
          <Descriptions column={{ xs: 1, md: 2 }} colon={false} layout="vertical">
            <Descriptions.Item label={t("profile.fullName")}>{user.full_name}</Descriptions.Item>
            <Descriptions.Item label={t("profile.email")}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t("profile.role")}>
              <Tag color="blue">{t(`roles.${role}`)}</Tag>
            </Descriptions.Item>
            {organisation ? (
              <Descriptions.Item label={t(user.recruiter ? "profile.company" : "profile.institution")}>
                {organisation}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t("profile.language")}>
              {LANGUAGES.find((language) => language.code === currentLanguage())?.name}
            </Descriptions.Item>
          </Descriptions>
        </AppCard>
        <ProfileForm />
        {isLearnerRole(role) ? <CvCard /> : null}
        <AppCard title={t("account:calendar.title")} icon={<CalendarOutlined />}>
          <CalendarOption />
        </AppCard>
        <AppCard title={t("notifications:title")} icon={<BellOutlined />}>
          <p className="csc-profile-notifications">{t("notifications:settings.profileLink")}</p>
          <Link
            to={NOTIFICATION_SETTINGS_PATH}
            className="csc-profile-notifications__link"
            data-testid="profile-notification-settings"
          >
            {t("notifications:settings.profileButton")}
          </Link>
        </AppCard>
        <ChangePasswordCard />
      </Space>
    </>
  );
}
