/**
 * The router, reachable from outside React (the HTTP interceptor ends sessions). A component
 * inside the router registers itself here; until then navigation falls back to a full page load.
 */
interface RouterBridge {
  navigate: (to: string) => void;
  pathname: () => string;
}

let bridge: RouterBridge | null = null;

export function registerRouterBridge(value: RouterBridge | null) {
  bridge = value;
}

export function navigateTo(to: string) {
  if (bridge) bridge.navigate(to);
  else window.location.assign(to);
}

/** The path inside the app (without a `/no-domain/<sub>` base). */
export const currentPathname = (): string => bridge?.pathname() ?? window.location.pathname;
