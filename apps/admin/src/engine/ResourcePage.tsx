import { lazy } from "react";
import { useTranslation } from "react-i18next";
import MenuEntryPage from "../pages/MenuEntryPage";
import NotAllowed from "../pages/NotAllowed";
import { type MenuPageProps, useMenuRoute } from "../shell/routes/MenuRouteContext";
import type { RouteTarget } from "../shell/routes/route-match";
import { pathsFor, viewOf } from "./paths";
import { can, type ResourceScreen } from "./screen";
import { useResourceMeta } from "./useResourceMeta";

const ResourceList = lazy(() => import("./ResourceList"));
const ResourceShow = lazy(() => import("./ResourceShow"));
const ResourceForm = lazy(() => import("./ResourceForm"));
const SingleRecordPage = lazy(() => import("./SingleRecordPage"));
const ImportPage = lazy(() => import("../imports/ImportPage"));

/**
 * A menu entry's pages from its resource definition (`/api/meta`): the entry's path is the list,
 * `create`, `edit/:id` and `show/:id` (or `details/:id`) below it; single-record entries show the
 * caller's own record and `edit` it.
 */
export default function ResourcePage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const { page } = useMenuRoute();
  const meta = useResourceMeta(entry.name);
  if (!meta || !entry.path) return <MenuEntryPage entry={entry} />;
  const title = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  const target = page.kind === "entry" ? page.target : ({ action: "unknown" } as const);
  return <ResourceViews screen={{ meta, entry, title, paths: pathsFor(entry) }} target={target} />;
}

/** The page of a resource a route target asks for: its list, a record, or a form. */
export function ResourceViews({ screen, target }: { screen: ResourceScreen; target: RouteTarget }) {
  const { meta, entry } = screen;
  const view = viewOf(entry, target);
  switch (view.kind) {
    case "list":
      return <ResourceList key={meta.name} screen={screen} />;
    case "create":
      return can(meta, "create") ? <ResourceForm key="create" screen={screen} action="create" /> : <NotAllowed />;
    case "import":
      return can(meta, "create") ? <ImportPage screen={screen} /> : <NotAllowed />;
    case "edit":
      return can(meta, "update") ? (
        <ResourceForm key={`edit-${view.id}`} screen={screen} action="edit" id={view.id} />
      ) : (
        <NotAllowed />
      );
    case "show":
      return <ResourceShow key={view.id} screen={screen} id={view.id} />;
    case "record":
    case "record-edit":
      return <SingleRecordPage key={view.kind} screen={screen} editing={view.kind === "record-edit"} />;
    default:
      return <NotAllowed />;
  }
}
