import { isPathAllowed } from "@csc/shared";
import { Suspense } from "react";
import { useLocation } from "react-router";
import { ContentLoader } from "../components/PageLoader";
import { menuEntryFor } from "../session/meta";
import { useSession } from "../session/SessionContext";
import { LearnerDetailsPage, MENU_PAGES, NotAllowedPage, ResourcePage } from "./pages";

const LEARNER_DETAILS = /\/learners\/(students|employees)\/details\/([^/]+)\/?$/;

/**
 * Every signed-in path goes through here: spec §2 access rules first (`isPathAllowed` with the
 * server's menu), then the page of the menu entry the path belongs to.
 */
export function MenuRoute() {
  const { menu, role } = useSession();
  const { pathname } = useLocation();
  let page: React.ReactNode;
  if (!isPathAllowed(menu, pathname, role)) {
    page = <NotAllowedPage />;
  } else {
    const details = LEARNER_DETAILS.exec(pathname);
    const entry = menuEntryFor(menu, pathname);
    if (details?.[1] && details[2]) {
      page = <LearnerDetailsPage kind={details[1] as "students" | "employees"} id={details[2]} />;
    } else if (entry) {
      const Page = MENU_PAGES[entry.name] ?? ResourcePage;
      page = <Page key={entry.name} entry={entry} />;
    } else {
      page = <NotAllowedPage />;
    }
  }
  return <Suspense fallback={<ContentLoader />}>{page}</Suspense>;
}
