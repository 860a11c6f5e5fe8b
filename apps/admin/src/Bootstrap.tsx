import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { PageLoader } from "./components/PageLoader";
import { reportMissingKeys } from "./shell/providers/i18n";
import { setPathSubdomain } from "./shell/providers/request-headers";
import type { PublicConfig } from "./shell/session/types";
import {
  fetchPublicConfig,
  guessSiteKind,
  type ResolvedSite,
  resolveSite,
  SiteNotFoundError,
  siteAddressOf,
} from "./shell/tenant/site";
import { AppearanceProvider } from "./shell/theme/AppearanceProvider";
import { appearanceForSite } from "./shell/theme/appearance";

const App = lazy(() => import("./App"));
const Maintenance = lazy(() => import("./pages/Maintenance"));
const SiteNotFound = lazy(() => import("./pages/SiteNotFound"));
const ServerUnavailable = lazy(() => import("./pages/ServerUnavailable"));

type Phase =
  | { name: "loading" }
  | { name: "maintenance" }
  | { name: "not-found"; config: PublicConfig }
  | { name: "unavailable" }
  | { name: "ready"; config: PublicConfig; site: ResolvedSite };

function mainSiteUrl(config: PublicConfig) {
  const { protocol, port } = window.location;
  return `${protocol}//${config.rootDomain}${port ? `:${port}` : ""}/`;
}

/** The config, then the institution behind the address; what the page may show. */
async function loadSite(): Promise<Phase> {
  let config: PublicConfig;
  try {
    config = await fetchPublicConfig();
  } catch {
    return { name: "unavailable" };
  }
  reportMissingKeys(config.localesSaveMissing);
  if (config.maintenance) return { name: "maintenance" };
  const address = siteAddressOf(window.location.host, window.location.pathname, config);
  try {
    const site = await resolveSite(address);
    setPathSubdomain(address.kind === "institution" && address.viaPath ? address.subdomain : null);
    return { name: "ready", config, site };
  } catch (error) {
    if (error instanceof SiteNotFoundError) {
      if (window.location.pathname !== "/404") window.history.replaceState(null, "", "/404");
      return { name: "not-found", config };
    }
    return { name: "unavailable" };
  }
}

let firstLoad: Promise<Phase> | null = null;

/**
 * Starts looking the site up before React first renders (main.tsx), ahead of the translations'
 * requests: it is the first thing every page waits for. Bootstrap takes this answer once.
 */
export function startLoadingSite() {
  firstLoad ??= loadSite();
}

/**
 * Nothing renders until the site is known — config first (maintenance, root domain),
 * then the institution behind the host or the `/no-domain/<sub>` path. A page loader meanwhile.
 */
export function Bootstrap() {
  const [phase, setPhase] = useState<Phase>({ name: "loading" });
  const guessed = guessSiteKind(window.location.host, window.location.pathname);

  const start = useCallback(async () => {
    setPhase({ name: "loading" });
    // the lookup main.tsx started, the first time; a retry looks again
    const loading = firstLoad ?? loadSite();
    firstLoad = null;
    setPhase(await loading);
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  const tone = guessed === "provider" ? "dark" : "light";
  const loader = <PageLoader tone={tone} />;

  if (phase.name === "loading") return loader;
  const appearance =
    phase.name === "ready"
      ? appearanceForSite(phase.site)
      : appearanceForSite(guessed === "provider" ? "institution" : guessed);
  return (
    <Suspense fallback={loader}>
      <AppearanceProvider initial={appearance}>
        {phase.name === "maintenance" && <Maintenance />}
        {phase.name === "not-found" && <SiteNotFound mainSiteUrl={mainSiteUrl(phase.config)} />}
        {phase.name === "unavailable" && <ServerUnavailable onRetry={() => void start()} />}
        {phase.name === "ready" && <App config={phase.config} site={phase.site} />}
      </AppearanceProvider>
    </Suspense>
  );
}
