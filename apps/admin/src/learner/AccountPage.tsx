import { GlobalOutlined, IdcardOutlined, UserOutlined } from "@ant-design/icons";
import { flattenMenu } from "@csc/shared";
import { Descriptions, Radio, Space } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../components/AppCard";
import { PageHeader } from "../components/PageHeader";
import { ChangePasswordCard } from "../pages/profile/ChangePasswordCard";
import { LANGUAGES, type LanguageCode, useLanguage } from "../shell/providers/i18n";
import { switchLanguage } from "../shell/providers/language-change";
import { useSession } from "../shell/session/SessionContext";
import "../pages/profile/profile.css";
import "./learner.css";

/**
 * A learner's "User Management" entry (never an admin table with ids): the one user
 * they manage, themselves — the e-mail they sign in with, their language, their password, and
 * the way to their profile.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { user, menu } = useSession();
  const language = useLanguage();
  const languageLabel = useId();
  const profile = flattenMenu(menu).find((item) => item.name === "profile" && item.path);
  return (
    // the users entry's screen, holding the one user record a learner has: their own
    <div data-resource="users" data-testid="learner-account">
      <PageHeader title={t("learner:myAccount.title")} subtitle={t("learner:myAccount.subtitle")} />
      <Space direction="vertical" size={16} className="csc-profile">
        <AppCard title={t("learner:myAccount.signIn")} icon={<UserOutlined />}>
          <Descriptions className="csc-details" column={{ xs: 1, md: 2 }} colon={false} layout="vertical">
            <Descriptions.Item label={t("learner:myAccount.name")}>{user.full_name}</Descriptions.Item>
            <Descriptions.Item label={t("learner:myAccount.email")}>
              <span data-testid="account-email">{user.email}</span>
            </Descriptions.Item>
          </Descriptions>
          {profile?.path ? (
            <Link to={profile.path} className="csc-account__profile" data-testid="account-profile-link">
              <IdcardOutlined aria-hidden="true" /> {t("learner:myAccount.profileLink")}
            </Link>
          ) : null}
        </AppCard>
        <AppCard title={t("learner:myAccount.language")} icon={<GlobalOutlined />}>
          <p id={languageLabel} className="csc-account__hint">
            {t("learner:myAccount.languageHint")}
          </p>
          <Radio.Group
            aria-labelledby={languageLabel}
            value={language}
            onChange={(event) => void switchLanguage(event.target.value as LanguageCode)}
            optionType="button"
            options={LANGUAGES.map((option) => ({ value: option.code, label: option.name }))}
            data-testid="account-language"
          />
        </AppCard>
        <ChangePasswordCard />
      </Space>
    </div>
  );
}
