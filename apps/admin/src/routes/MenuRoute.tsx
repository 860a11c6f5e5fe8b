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
  let pageName = "not-allowed";
  if (!isPathAllowed(menu, pathname, role)) {
    page = <NotAllowedPage />;
  } else {
    const details = LEARNER_DETAILS.exec(pathname);
    const entry = menuEntryFor(menu, pathname);
    if (details?.[1] && details[2]) {
      page = <LearnerDetailsPage kind={details[1] as "students" | "employees"} id={details[2]} />;
      pageName = "learner-details";
    } else if (entry) {
      const Page = MENU_PAGES[entry.name] ?? ResourcePage;
      page = <Page key={entry.name} entry={entry} />;
      pageName = entry.name;
    } else {
      page = <NotAllowedPage />;
    }
  }
  // one boundary per page: moving to another entry shows the loader at once instead of leaving the
  // previous page on screen while the next one's code arrives
  return (
    <Suspense key={pageName} fallback={<ContentLoader />}>
      {page}
    </Suspense>
  );
}
