import { publicApplyPageOf } from "@csc/shared";
import { startFirstPublicPage } from "../../public-apply/firstPage";
import { getToken } from "../providers/token";

/** The lazy routes' chunks that a first visit needs (App's lazy routes load through these too). */
export const loadLoginPage = () => import("../../pages/auth/LoginPage");
export const loadPublicApplyPage = () => import("../../public-apply/PublicApplyPage");
export const loadRefineShell = () => import("./RefineShell");
export const loadPublicShell = () => import("./PublicShell");
export const loadSessionGate = () => import("./SessionGate");
export const loadMenuRoute = () => import("./MenuRoute");

const ignore = () => {};

/**
 * Asks for the chunks a first visit to `pathname` needs as main.tsx starts, beside App's own chunk
 * and while the site is being resolved: left to React.lazy, each would be asked for only once the
 * site is known and App has run, a round trip apiece. A chunk that fails here is asked for again
 * by its lazy route, where the error shows.
 */
export function preloadRouteChunks(pathname: string) {
  if (pathname.endsWith("/login")) {
    loadLoginPage().catch(ignore);
  } else if (publicApplyPageOf(pathname)) {
    loadPublicShell().catch(ignore);
    loadPublicApplyPage().catch(ignore);
    startFirstPublicPage(pathname);
  } else if (getToken()) {
    loadRefineShell().catch(ignore);
    loadSessionGate().catch(ignore);
    loadMenuRoute().catch(ignore);
  }
}
