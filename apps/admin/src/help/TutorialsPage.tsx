import { TUTORIALS_PATH } from "@csc/shared";
import { useTranslation } from "react-i18next";
import NotAllowed from "../pages/NotAllowed";
import { pathsFor } from "../resources/paths";
import { ResourceViews } from "../resources/ResourcePage";
import type { ScreenEntry } from "../resources/screen";
import { useResourceMeta } from "../resources/useResourceMeta";
import { useMenuRoute } from "../routes/MenuRouteContext";

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
