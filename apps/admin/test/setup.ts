/**
 * What jsdom lacks and antd reaches for, kept to that: media queries (responsive grids and
 * descriptions), ResizeObserver (tables, overflow), getComputedStyle with a pseudo-element (the
 * scrollbar measure), the scrolling functions; and the locale files, which the browser fetches
 * from the API, read from the repository's `locales/` folder as the API reads them.
 */
import "@ant-design/v5-patch-for-react-19";
import { join } from "node:path";
import { readLocales } from "@csc/shared/locale-files";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

const LOCALES: Record<string, Record<string, unknown>> = readLocales(join(import.meta.dirname, "../../../locales"));

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom refuses the pseudo-element argument ("Not implemented"); the element's own style will do
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

/**
 * `GET /api/locales/{lng}/{ns}.json` and the bundles `GET /api/locales/bundle/{lng}+…/{ns}+….json`
 * (language as asked → namespace → translations) from disk; a missing key reported back is dropped.
 */
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
  const bundle = /^\/api\/locales\/bundle\/([\w+-]+)\/([\w+]+)\.json$/.exec(url.pathname);
  if (bundle) {
    const [languages, namespaces] = [bundle[1] ?? "", bundle[2] ?? ""].map((list) => list.split("+"));
    const catalogue = (lng: string) => LOCALES[lng === "en" ? "en-US" : lng] ?? {};
    return json(
      Object.fromEntries(
        (languages ?? []).map((lng) => [
          lng,
          Object.fromEntries((namespaces ?? []).map((ns) => [ns, catalogue(lng)[ns] ?? {}])),
        ]),
      ),
    );
  }
  const file = /^\/api\/locales\/([\w-]+)\/(\w+)\.json$/.exec(url.pathname);
  if (file) {
    const text = JSON.stringify(LOCALES[file[1] ?? ""]?.[file[2] ?? ""] ?? {});
    return new Response(text, { status: 200, headers: { "content-type": "application/json" } });
  }
  if (url.pathname.startsWith("/api/locales/add/")) return new Response(null, { status: 204 });
  // no live stream here (the browser tests read it): refused, so the pages do not try again
  if (url.pathname === "/api/live") return new Response(null, { status: 401 });
  return networkFetch(input, init);
};

// a page's code loads on first use (React.lazy), which takes seconds here, not the browser's milliseconds
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
