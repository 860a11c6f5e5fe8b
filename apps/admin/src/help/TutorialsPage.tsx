import { TUTORIALS_PATH } from "@csc/shared";
import { useTranslation } from "react-i18next";
import { pathsFor } from "../engine/paths";
import { ResourceViews } from "../engine/ResourcePage";
import type { ScreenEntry } from "../engine/screen";
import { useResourceMeta } from "../engine/useResourceMeta";
import NotAllowed from "../pages/NotAllowed";
import { useMenuRoute } from "../shell/routes/MenuRouteContext";

const ENTRY: ScreenEntry = { name: "tutorials", label: "Tutorials", labelKey: "tutorials", path: TUTORIALS_PATH };

/**
 * The tutorials provider staff keep, managed like any resource: the generic list,
 * record and form pages, opened from the Help page rather than the menus.
 */
export default function TutorialsPage() {
  const { t } = useTranslation("help");
  const { page } = useMenuRoute();
  const meta = useResourceMeta("tutorials");
  if (!meta || page.kind !== "tutorials") return <NotAllowed />;
  const screen = { meta, entry: ENTRY, title: t("tutorials.manageTitle"), paths: pathsFor(ENTRY) };
  return <ResourceViews screen={screen} target={page.target} />;
}
