import { DEFAULT_CALENDAR, dashboardPath } from "@csc/shared";
import { useGetIdentity, useNotification } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { TranslatedPageLoader } from "../../components/PageLoader";
import { setDisplayCalendar } from "../../engine/display/format";
import { AppLayout } from "../layout/AppLayout";
import { setAbilityRules } from "../providers/access-control";
import { isApiError } from "../providers/http";
import { announceSessionExpired, LOGIN_PATH } from "../providers/session";
import { clearToken, getToken } from "../providers/token";
import { calendarOf, useStoredCalendar } from "../session/calendar";
import { resourcesFromMenu } from "../session/meta";
import { fetchMeta, META_QUERY_KEY } from "../session/meta-api";
import { roleOf } from "../session/role";
import { SessionContext, type SessionValue, useSession } from "../session/SessionContext";
import type { CurrentUser, Meta } from "../session/types";
import { useSite } from "../tenant/SiteContext";
import { useAppearance, useApplyAppearance } from "../theme/AppearanceProvider";
import { appearanceForUser, isDark } from "../theme/appearance";
import { MenuRouteProvider } from "./MenuRouteContext";
import { useSetResources } from "./ResourcesContext";

/** No token → "Session expired." (the bare home page just goes to sign-in) and /login. */
function ExpiredRedirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const home = pathname === "/";
    if (!home) announceSessionExpired();
    const to = home ? "" : `?to=${encodeURIComponent(pathname + search)}`;
    navigate(`${LOGIN_PATH}${to}`, { replace: true });
  }, [navigate, pathname, search]);
  return null;
}

function SignedInShell({ user, meta }: { user: CurrentUser; meta: Meta }) {
  const { site } = useSite();
  const setResources = useSetResources();
  const appearance = useMemo(() => appearanceForUser(user, site), [user, site]);
  useApplyAppearance(appearance);
  const session = useMemo<SessionValue>(() => {
    setAbilityRules(user.rules ?? []);
    return { user, role: roleOf(user), menu: meta.menu, resources: meta.resources };
  }, [user, meta]);
  useEffect(() => setResources(resourcesFromMenu(meta.menu)), [meta, setResources]);
  const storedCalendar = useStoredCalendar();
  const calendar = calendarOf(user, storedCalendar);
  // set while rendering, before any screen formats a date; a new calendar redraws the screen
  setDisplayCalendar(calendar);
  // signed out (the sign-in page, a public apply page), dates are the site's again, not the last user's
  useEffect(() => {
    setDisplayCalendar(calendar);
    return () => setDisplayCalendar(DEFAULT_CALENDAR);
  }, [calendar]);
  return (
    <SessionContext.Provider value={session}>
      <MenuRouteProvider>
        <AppLayout>
          <Outlet key={calendar} />
        </AppLayout>
      </MenuRouteProvider>
    </SessionContext.Provider>
  );
}

/**
 * The signed-in part of the app: needs the token, then the user (`/api/profile`) and their menu
 * (`/api/meta`); a failed profile load ends the session with the server's message.
 */
export function SessionGate() {
  const token = getToken();
  const { t } = useTranslation();
  const { open } = useNotification();
  const navigate = useNavigate();
  const { appearance } = useAppearance();
  const identity = useGetIdentity<CurrentUser | null>({ queryOptions: { enabled: Boolean(token) } });
  const meta = useQuery({ queryKey: META_QUERY_KEY, queryFn: fetchMeta, enabled: Boolean(token) });
  const error = identity.error ?? meta.error;

  useEffect(() => {
    if (!error) return;
    // a 401 has already ended the session in the HTTP layer
    if (isApiError(error) && error.statusCode === 401) return;
    open?.({ key: "profile-error", type: "error", message: error.message || t("errors.generic") });
    clearToken();
    navigate(LOGIN_PATH, { replace: true });
  }, [error, open, navigate, t]);

  if (!token) return <ExpiredRedirect />;
  if (!identity.data || !meta.data) return <TranslatedPageLoader tone={isDark(appearance) ? "dark" : "light"} />;
  return <SignedInShell user={identity.data} meta={meta.data} />;
}

/** `/` and `/admin`: the user's own dashboard. */
export function HomeRedirect() {
  const { role } = useSession();
  return <Navigate to={dashboardPath(role)} replace />;
}
