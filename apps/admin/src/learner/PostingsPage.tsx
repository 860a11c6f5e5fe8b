import { useTranslation } from "react-i18next";
import { pathsFor } from "../engine/paths";
import { useResourceMeta } from "../engine/useResourceMeta";
import MenuEntryPage from "../pages/MenuEntryPage";
import NotAllowed from "../pages/NotAllowed";
import { type MenuPageProps, useMenuRoute } from "../shell/routes/MenuRouteContext";
import { PostingCards } from "./PostingCards";
import { PostingDetail } from "./PostingDetail";
import { isPostingResource, POSTING_KINDS } from "./postings";

/**
 * A learner's menu entry for learning events, opportunities or scholarships (no /admin
 * prefix): the cards at the entry's path, a posting's own page at `show/{id}` below it.
 */
export default function PostingsPage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const { page } = useMenuRoute();
  const meta = useResourceMeta(entry.name);
  if (!meta || !entry.path || !isPostingResource(meta.name)) return <MenuEntryPage entry={entry} />;
  const kind = POSTING_KINDS[meta.name];
  const paths = pathsFor(entry);
  const showPath = (id: number) => `${paths.base}/show/${id}`;
  const target = page.kind === "entry" ? page.target : { action: "unknown" as const };
  if (target.action === "show") return <PostingDetail key={target.id} kind={kind} id={target.id} back={paths.home} />;
  if (target.action !== "list") return <NotAllowed />;
  const title = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  return <PostingCards kind={kind} meta={meta} title={title} showPath={showPath} />;
}
