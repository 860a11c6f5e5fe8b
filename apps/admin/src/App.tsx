import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider, { UnsavedChangesNotifier } from "@refinedev/react-router";
import { lazy, Suspense, useMemo, useState } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { TranslatedPageLoader } from "./components/PageLoader";
import { accessControlProvider } from "./providers/access-control";
import { authProvider } from "./providers/auth";
import { restDataProvider } from "./providers/data";
import { i18nProvider } from "./providers/i18n";
import { notify } from "./providers/notification";
import { queryClient } from "./providers/query-client";
import { getToken } from "./providers/token";
import { MenuRoute } from "./routes/MenuRoute";
import { ResourcesContext } from "./routes/ResourcesContext";
import { RouterBridge } from "./routes/RouterBridge";
import { HomeRedirect, SessionGate } from "./routes/SessionGate";
import type { PublicConfig } from "./session/types";
import { SiteContext } from "./tenant/SiteContext";
import type { ResolvedSite } from "./tenant/site";
import { useAppearance } from "./theme/AppearanceProvider";
import { isDark } from "./theme/appearance";

const LoginPage = lazy(() => import("./pages/auth/LoginPage"));
const RegisterPage = lazy(() => import("./pages/auth/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("./pages/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./pages/auth/ResetPasswordPage"));
const VerifyEmailPage = lazy(() => import("./pages/auth/VerifyEmailPage"));
const NotFound = lazy(() => import("./pages/NotFound"));

/** Sign-in screens are for people without a session; the others go home. */
function SignedOutOnly() {
  return getToken() ? <Navigate to="/" replace /> : <Outlet />;
}

const REFINE_OPTIONS = {
  syncWithLocation: true,
  warnWhenUnsavedChanges: true,
  disableTelemetry: true,
  reactQuery: { clientConfig: queryClient },
  title: { text: "Career Service Center" },
} as const;

/** The refine application for one resolved site. Providers are module-level: built once. */
export default function App({ config, site }: { config: PublicConfig; site: ResolvedSite }) {
  const [resources, setResources] = useState<ResourceProps[]>([]);
  const siteValue = useMemo(() => ({ config, site }), [config, site]);
  const { appearance } = useAppearance();
  const loader = <TranslatedPageLoader tone={isDark(appearance) ? "dark" : "light"} />;

  return (
    <BrowserRouter basename={site.basename || undefined}>
      <RouterBridge />
      <SiteContext.Provider value={siteValue}>
        <Refine
          dataProvider={restDataProvider}
          authProvider={authProvider}
          routerProvider={routerProvider}
          i18nProvider={i18nProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={notify}
          resources={resources}
          options={REFINE_OPTIONS}
        >
          <ResourcesContext.Provider value={setResources}>
            <Suspense fallback={loader}>
              <Routes>
                <Route element={<SignedOutOnly />}>
                  <Route path="/login" element={<LoginPage />} />
                  <Route path="/register" element={<RegisterPage />} />
                  <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                </Route>
                <Route path="/reset-password" element={<ResetPasswordPage />} />
                <Route path="/verify-email" element={<VerifyEmailPage />} />
                <Route path="/404" element={<NotFound />} />
                <Route element={<SessionGate />}>
                  <Route index element={<HomeRedirect />} />
                  <Route path="/admin" element={<HomeRedirect />} />
                  <Route path="*" element={<MenuRoute />} />
                </Route>
              </Routes>
            </Suspense>
          </ResourcesContext.Provider>
          <UnsavedChangesNotifier />
        </Refine>
      </SiteContext.Provider>
    </BrowserRouter>
  );
}
