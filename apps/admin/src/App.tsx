import { PUBLIC_APPLY_PAGES } from "@csc/shared";
import { lazy, Suspense, useMemo } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { TranslatedPageLoader } from "./components/PageLoader";
import { getToken } from "./shell/providers/token";
import { RouterBridge } from "./shell/routes/RouterBridge";
import {
  loadLoginPage,
  loadMenuRoute,
  loadPublicApplyPage,
  loadPublicShell,
  loadRefineShell,
  loadSessionGate,
} from "./shell/routes/route-chunks";
import type { PublicConfig } from "./shell/session/types";
import { SiteContext } from "./shell/tenant/SiteContext";
import type { ResolvedSite } from "./shell/tenant/site";
import { useAppearance } from "./shell/theme/AppearanceProvider";
import { isDark } from "./shell/theme/appearance";

const LoginPage = lazy(loadLoginPage);
const RegisterPage = lazy(() => import("./pages/auth/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("./pages/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./pages/auth/ResetPasswordPage"));
const InvitationPage = lazy(() => import("./pages/auth/InvitationPage"));
const SsoPage = lazy(() => import("./pages/auth/SsoPage"));
const VerifyEmailPage = lazy(() => import("./pages/auth/VerifyEmailPage"));
const NotFound = lazy(() => import("./pages/NotFound"));
const PublicApplyPage = lazy(loadPublicApplyPage);
const CertificatePage = lazy(() => import("./certificates/CertificatePage"));
const ApplicationStatusPage = lazy(() => import("./public-apply/ApplicationStatusPage"));
const RefineShell = lazy(loadRefineShell);
const PublicShell = lazy(loadPublicShell);
const SessionGate = lazy(() => loadSessionGate().then((module) => ({ default: module.SessionGate })));
const HomeRedirect = lazy(() => loadSessionGate().then((module) => ({ default: module.HomeRedirect })));
const MenuRoute = lazy(() => loadMenuRoute().then((module) => ({ default: module.MenuRoute })));

/** Sign-in screens are for people without a session; the others go home. */
function SignedOutOnly() {
  return getToken() ? <Navigate to="/" replace /> : <Outlet />;
}

/**
 * The application for one resolved site. /login renders on its own, the first page most visitors
 * see; the public pages (PublicShell) need only a query client; every other route runs inside
 * refine (RefineShell), loaded with the first of them.
 */
export default function App({ config, site }: { config: PublicConfig; site: ResolvedSite }) {
  const siteValue = useMemo(() => ({ config, site }), [config, site]);
  const { appearance } = useAppearance();
  const loader = <TranslatedPageLoader tone={isDark(appearance) ? "dark" : "light"} />;

  return (
    <BrowserRouter basename={site.basename || undefined}>
      <RouterBridge />
      <SiteContext.Provider value={siteValue}>
        <Suspense fallback={loader}>
          <Routes>
            <Route element={<SignedOutOnly />}>
              <Route path="/login" element={<LoginPage />} />
            </Route>
            {/* an invitation's link: signs in whoever holds it, as /login does */}
            <Route path="/invitation" element={<InvitationPage />} />
            {/* where single sign-on comes back: a one-time code, a refusal, or a test's result */}
            <Route path="/sso" element={<SsoPage />} />
            <Route element={<PublicShell />}>
              {/* Public links: open to everyone, signed in or not */}
              {Object.entries(PUBLIC_APPLY_PAGES).map(([path, resource]) => (
                <Route key={path} path={path} element={<PublicApplyPage resource={resource} />} />
              ))}
              {/* Anyone holding a certificate's code verifies it here */}
              <Route path="/certificates/:code" element={<CertificatePage />} />
              {/* a guest applicant's private status page, from their mails */}
              <Route path="/applications/status/:token" element={<ApplicationStatusPage />} />
            </Route>
            <Route element={<RefineShell />}>
              <Route element={<SignedOutOnly />}>
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
            </Route>
          </Routes>
        </Suspense>
      </SiteContext.Provider>
    </BrowserRouter>
  );
}
