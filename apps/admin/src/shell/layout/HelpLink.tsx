import { QuestionCircleOutlined } from "@ant-design/icons";
import { helpPath, isHelpTopic } from "@csc/shared";
import { Grid } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMenuRoute } from "../routes/MenuRouteContext";
import { useSession } from "../session/SessionContext";

/**
 * The way to the Help page: in the header for every role, never in the menus.
 * From a screen, the Help page opens on the help for that screen.
 */
export function HelpLink() {
  const { t } = useTranslation("help");
  const { role } = useSession();
  const screens = Grid.useBreakpoint();
  const screen = useMenuRoute().entry?.name;
  const to = isHelpTopic(screen) ? `${helpPath(role)}?topic=${screen}` : helpPath(role);
  return (
    <Link to={to} className="csc-help-link" data-testid="help-link">
      <QuestionCircleOutlined aria-hidden="true" />
      {screens.md ? <span>{t("link")}</span> : <span className="csc-visually-hidden">{t("link")}</span>}
    </Link>
  );
}
