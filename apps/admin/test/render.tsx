import { StyleProvider } from "@ant-design/cssinjs";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { type RenderResult, render } from "@testing-library/react";
import { type UserEvent, userEvent } from "@testing-library/user-event";
import i18n from "i18next";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { type Location, MemoryRouter, useLocation } from "react-router";
import { ContentLoader } from "../src/components/PageLoader";
import { setDisplayCalendar } from "../src/engine/display/format";
import { pathsFor } from "../src/engine/paths";
import { ResourceViews } from "../src/engine/ResourcePage";
import { accessControlProvider, setAbilityRules } from "../src/shell/providers/access-control";
import { authProvider } from "../src/shell/providers/auth";
import { restDataProvider } from "../src/shell/providers/data";
import { i18nProvider, type LanguageCode, startI18n } from "../src/shell/providers/i18n";
import { notify } from "../src/shell/providers/notification";
import { queryClient } from "../src/shell/providers/query-client";
import { setToken } from "../src/shell/providers/token";
import { MenuRouteProvider, useMenuRoute } from "../src/shell/routes/MenuRouteContext";
import { RouterBridge } from "../src/shell/routes/RouterBridge";
import { calendarOf } from "../src/shell/session/calendar";
import { resourcesFromMenu } from "../src/shell/session/meta";
import { roleOf } from "../src/shell/session/role";
import { SessionContext, type SessionValue, useSession } from "../src/shell/session/SessionContext";
import { SiteContext } from "../src/shell/tenant/SiteContext";
import type { ResolvedSite } from "../src/shell/tenant/site";
import { AppearanceProvider } from "../src/shell/theme/AppearanceProvider";
import { appearanceForUser } from "../src/shell/theme/appearance";
import type { SignedIn } from "./api";

/** As RefineShell sets them. */
const REFINE_OPTIONS = {
  syncWithLocation: true,
  warnWhenUnsavedChanges: true,
  disableTelemetry: true,
  reactQuery: { clientConfig: queryClient },
  title: { text: "Career Service Center" },
} as const;

/**
 * The app's i18next, started as main.tsx starts it: its files arrive over `fetch`, which the
 * setup file answers from `locales/` on disk. Missing keys are not posted anywhere.
 */
export async function setLanguage(language: LanguageCode): Promise<void> {
  // the pages' code too: loaded here, it is not loaded while a test waits for a page to appear
  await Promise.all([
    import("../src/engine/ResourceList"),
    import("../src/engine/ResourceForm"),
    import("../src/engine/ResourceShow"),
  ]);
  await startI18n();
  i18n.options.saveMissing = false;
  await i18n.changeLanguage(language);
}

/** The page a signed-in path shows, as ResourcePage picks it: the list, a record or a form. */
export function ResourceRoute() {
  const { page } = useMenuRoute();
  const { resources } = useSession();
  const { t } = useTranslation();
  if (page.kind !== "entry") return <p>Not a resource page: {page.kind}</p>;
  const { entry } = page;
  const meta = resources.find((resource) => resource.name === entry.name);
  if (!meta || !entry.path) return <p>No resource behind {entry.name}</p>;
  const title = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  return <ResourceViews screen={{ meta, entry, title, paths: pathsFor(entry) }} target={page.target} />;
}

/**
 * Where antd writes its CSS-in-JS: an element outside the document. jsdom lays nothing out, and
 * with thousands of antd rules in the document every getComputedStyle (Testing Library calls it
 * for each element a role query looks at) took seconds; no test here reads a style antd sets.
 */
const styles = document.createElement("div");

function LocationProbe({ into }: { into: { current: Location | null } }) {
  into.current = useLocation();
  return null;
}

function siteOf(signed: SignedIn): ResolvedSite {
  const { institution } = signed.user;
  // the signed-in pages never ask who may register: the site's public answer says it, not the session
  if (institution) {
    return {
      kind: "institution",
      basename: "",
      institution: {
        ...institution,
        join_policy: "closed",
        join_domains: [],
        sso_mode: "password",
        sso_configured: false,
      },
      viaPath: false,
    };
  }
  return { kind: signed.account.site === "recruiter" ? "recruiter" : "provider", basename: "" };
}

export interface RenderedPage extends RenderResult {
  user: UserEvent;
  /** Where the router is now (a saved form goes back to its list). */
  location: () => Location;
}

/**
 * Mounts the resource page at `path` the way the signed-in app does (Bootstrap → App →
 * RefineShell → SessionGate → MenuRoute): the theme and antd locale of the user's look, the
 * router at that path, refine with the admin's own providers, the session from `/api/profile`
 * and `/api/meta`, and the menu entry's page from ResourceViews. The layout (sidebar, header)
 * is left out; `screen` puts something else in the page's place (a page outside the menus, a
 * control of the header).
 */
export function renderPage(path: string, signed: SignedIn, screen: ReactNode = <ResourceRoute />): RenderedPage {
  queryClient.clear();
  setToken(signed.token);
  sessionStorage.clear();
  const { user, meta, config } = signed;
  setAbilityRules(user.rules ?? []);
  setDisplayCalendar(calendarOf(user, null));
  const session: SessionValue = { user, role: roleOf(user), menu: meta.menu, resources: meta.resources };
  const site = siteOf(signed);
  const location = { current: null as Location | null };
  const rendered = render(
    <StyleProvider container={styles}>
      <AppearanceProvider initial={appearanceForUser(user, site)}>
        <MemoryRouter initialEntries={[path]}>
          <RouterBridge />
          <LocationProbe into={location} />
          <SiteContext.Provider value={{ config, site }}>
            <Refine
              dataProvider={restDataProvider}
              authProvider={authProvider}
              routerProvider={routerProvider}
              i18nProvider={i18nProvider}
              accessControlProvider={accessControlProvider}
              notificationProvider={notify}
              resources={resourcesFromMenu(meta.menu)}
              options={REFINE_OPTIONS}
            >
              <SessionContext.Provider value={session}>
                <MenuRouteProvider>
                  <Suspense fallback={<ContentLoader />}>{screen}</Suspense>
                </MenuRouteProvider>
              </SessionContext.Provider>
            </Refine>
          </SiteContext.Provider>
        </MemoryRouter>
      </AppearanceProvider>
    </StyleProvider>,
  );
  return {
    ...rendered,
    user: userEvent.setup(),
    location: () => {
      if (!location.current) throw new Error("the router has not rendered");
      return location.current;
    },
  };
}
