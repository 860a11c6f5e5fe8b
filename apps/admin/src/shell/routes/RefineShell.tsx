import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider, { UnsavedChangesNotifier } from "@refinedev/react-router";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { TranslatedPageLoader } from "../../components/PageLoader";
import { liveProvider } from "../live/liveProvider";
import { accessControlProvider } from "../providers/access-control";
import { authProvider } from "../providers/auth";
import { restDataProvider } from "../providers/data";
import { i18nProvider } from "../providers/i18n";
import { notify } from "../providers/notification";
import { queryClient } from "../providers/query-client";
import { useAppearance } from "../theme/AppearanceProvider";
import { isDark } from "../theme/appearance";
import { ResourcesContext } from "./ResourcesContext";

const REFINE_OPTIONS = {
  syncWithLocation: true,
  warnWhenUnsavedChanges: true,
  disableTelemetry: true,
  reactQuery: { clientConfig: queryClient },
  title: { text: "Career Service Center" },
} as const;

/**
 * refine around every route but /login, loaded with the first of them: the sign-in screen does
 * without it, so a visitor's first page is not held up by the console's machinery.
 * Providers are module-level: built once.
 */
export default function RefineShell() {
  const [resources, setResources] = useState<ResourceProps[]>([]);
  const { appearance } = useAppearance();
  return (
    <Refine
      dataProvider={restDataProvider}
      authProvider={authProvider}
      liveProvider={liveProvider}
      routerProvider={routerProvider}
      i18nProvider={i18nProvider}
      accessControlProvider={accessControlProvider}
      notificationProvider={notify}
      resources={resources}
      options={REFINE_OPTIONS}
    >
      <ResourcesContext.Provider value={setResources}>
        <Suspense fallback={<TranslatedPageLoader tone={isDark(appearance) ? "dark" : "light"} />}>
          <Outlet />
        </Suspense>
      </ResourcesContext.Provider>
      <UnsavedChangesNotifier />
    </Refine>
  );
}
