import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import MenuEntryPage from "../pages/MenuEntryPage";
import NotAllowed from "../pages/NotAllowed";
import type { MenuPageProps } from "../routes/pages";
import { isSingleRecordEntry, pathsFor, viewFor } from "./paths";
import { can, type ResourceScreen } from "./screen";
import { useResourceMeta } from "./useResourceMeta";

const ResourceList = lazy(() => import("./ResourceList"));
const ResourceShow = lazy(() => import("./ResourceShow"));
const ResourceForm = lazy(() => import("./ResourceForm"));
const SingleRecordPage = lazy(() => import("./SingleRecordPage"));

/**
 * A menu entry's pages from its resource definition (`/api/meta`): the entry's path is the list,
 * `create`, `edit/:id` and `show/:id` (or `details/:id`) below it; single-record entries show the
 * caller's own record and `edit` it.
 */
export default function ResourcePage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const meta = useResourceMeta(entry.name);
  if (!meta || !entry.path) return <MenuEntryPage entry={entry} />;
  const screen: ResourceScreen = {
    meta,
    entry,
    title: t(`menu.${entry.labelKey}`, { defaultValue: entry.label }),
    paths: pathsFor(entry),
  };
  const view = viewFor(entry, pathname);
  switch (view.kind) {
    case "list":
      return <ResourceList key={meta.name} screen={screen} />;
    case "create":
      return can(meta, "create") ? <ResourceForm key="create" screen={screen} action="create" /> : <NotAllowed />;
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
      return isSingleRecordEntry(entry.name) ? (
        <SingleRecordPage key={view.kind} screen={screen} editing={view.kind === "record-edit"} />
      ) : (
        <NotAllowed />
      );
    default:
      return <NotAllowed />;
  }
}
