import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Dropdown, Grid } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../session/SessionContext";
import { initials } from "./initials";
import { useSignOut } from "./useSignOut";

/** The dropdown user menu (profile, sign out). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const screens = Grid.useBreakpoint();
  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        items: [
          { key: "profile", icon: <UserOutlined />, label: t("userMenu.profile") },
          { type: "divider" },
          { key: "sign-out", icon: <LogoutOutlined />, label: t("userMenu.signOut"), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === "profile") navigate("/profile");
          if (key === "sign-out") signOut.mutate();
        },
      }}
    >
      <Button
        type="text"
        className="csc-user-button"
        data-testid="user-menu"
        // named by its text (WCAG 2.5.3): the name on screen, or on a narrow screen, where only the
        // initials show, a hidden label; an aria-label would leave the visible initials out of the name
        loading={signOut.isPending}
      >
        <Avatar
          aria-hidden="true"
          size="small"
          className="csc-user-button__avatar"
          style={{ background: "var(--csc-primary-fill)", color: "var(--csc-on-primary)" }}
        >
          {initials(user.full_name || user.email)}
        </Avatar>
        {screens.md ? (
          <span className="csc-user-button__text">
            <span className="csc-user-button__name">{user.full_name || user.email}</span>
            <span className="csc-user-button__role">{t(`roles.${role}`)}</span>
          </span>
        ) : (
          <span className="csc-visually-hidden">{t("userMenu.label")}</span>
        )}
        <DownOutlined aria-hidden="true" style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
