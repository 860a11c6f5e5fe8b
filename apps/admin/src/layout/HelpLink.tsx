import { QuestionCircleOutlined } from "@ant-design/icons";
import { helpPath } from "@csc/shared";
import { Grid } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../session/SessionContext";

/** The way to the Help page (issue 12): in the header for every role, never in the menus of spec §6. */
export function HelpLink() {
  const { t } = useTranslation("help");
  const { role } = useSession();
  const screens = Grid.useBreakpoint();
  return (
    <Link to={helpPath(role)} className="csc-help-link" data-testid="help-link">
      <QuestionCircleOutlined aria-hidden="true" />
      {screens.md ? <span>{t("link")}</span> : <span className="csc-visually-hidden">{t("link")}</span>}
    </Link>
  );
}
