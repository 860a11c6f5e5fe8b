import i18n from "i18next";
import { getToken } from "./token";

/** Set when the institution came from a `/no-domain/<sub>` path instead of the host. */
let siteSubdomainHeader: string | null = null;
export const setPathSubdomain = (subdomain: string | null) => {
  siteSubdomainHeader = subdomain;
};

/**
 * What every API call carries, whichever client sends it (axios in the console,
 * `fetch` on the sign-in screen): the bearer token, the UI language and a path-given site.
 */
export function apiRequestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (i18n.resolvedLanguage) headers["Accept-Language"] = i18n.resolvedLanguage;
  if (siteSubdomainHeader) headers["X-Site-Subdomain"] = siteSubdomainHeader;
  return headers;
}
