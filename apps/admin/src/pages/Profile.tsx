import { UserOutlined } from "@ant-design/icons";
import { Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { PageHeader } from "../components/PageHeader";
import { currentLanguage, LANGUAGES } from "../providers/i18n";
import { useSession } from "../session/SessionContext";

/** Spec §2: the profile, common to every role (its editing comes with the learner's journey). */
export default function Profile() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const organisation = user.institution?.name ?? user.recruiter?.name;
  return (
    <>
      <PageHeader title={t("menu.profile")} subtitle={t("profile.subtitle")} />
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
    </>
  );
}
