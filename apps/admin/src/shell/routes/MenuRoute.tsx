import { isLearnerRole } from "@csc/shared";
import { Suspense } from "react";
import { ContentLoader } from "../../components/PageLoader";
import { learnerPageOf } from "../../resources";
import { useSession } from "../session/SessionContext";
import { useMenuRoute } from "./MenuRouteContext";
import {
  HelpPage,
  LEARNER_PAGES,
  LearnerDetailsPage,
  MENU_PAGES,
  NotAllowedPage,
  NotificationSettingsPage,
  NotificationsPage,
  ResourcePage,
  TutorialsPage,
} from "./pages";

/**
 * Every signed-in path goes through here: the path as MenuRouteProvider read it (access
 * rules first, with the server's menu), then the page of the menu entry it belongs to.
 */
export function MenuRoute() {
  const { page: match } = useMenuRoute();
  const { role } = useSession();
  let page: React.ReactNode;
  let pageName = "not-allowed";
  if (match.kind === "learner-details") {
    page = <LearnerDetailsPage />;
    pageName = "learner-details";
  } else if (match.kind === "help") {
    page = <HelpPage />;
    pageName = "help";
  } else if (match.kind === "tutorials") {
    page = <TutorialsPage />;
    pageName = "tutorials";
  } else if (match.kind === "notifications") {
    page = <NotificationsPage />;
    pageName = "notifications";
  } else if (match.kind === "notification-settings") {
    page = <NotificationSettingsPage />;
    pageName = "notification-settings";
  } else if (match.kind === "entry") {
    const learnerPage = isLearnerRole(role)
      ? (LEARNER_PAGES[match.entry.name] ?? learnerPageOf(match.entry.name))
      : undefined;
    const Page = learnerPage ?? MENU_PAGES[match.entry.name] ?? ResourcePage;
    page = <Page key={match.entry.name} entry={match.entry} />;
    pageName = match.entry.name;
  } else {
    page = <NotAllowedPage />;
  }
  // one boundary per page: moving to another entry shows the loader at once instead of leaving the
  // previous page on screen while the next one's code arrives
  return (
    <Suspense key={pageName} fallback={<ContentLoader />}>
      {page}
    </Suspense>
  );
}
