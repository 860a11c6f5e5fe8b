import type { SsoMode } from "./enums.js";

/**
 * Single sign-on with an institution's own identity provider (OpenID Connect): which ways of
 * signing in its site offers, and the reasons a sign-in through the provider is refused, which the
 * API sends as `/sso?error=<reason>` and the sign-in page explains.
 */
export const SSO_ERRORS = [
  /** The answer came back for no sign-in we started, or one already finished or expired. */
  "state",
  /** The provider refused, or its answer did not check out (token, signature, nonce). */
  "provider",
  /** The site has no single sign-on (or it was turned off meanwhile). */
  "not_configured",
  /** The provider named no e-mail address, or said that it is not verified. */
  "no_email",
  /** The address is an account of another institution, or of nobody's site but the provider's. */
  "other_institution",
  /** Nobody with that address here, and the site takes no new people. */
  "unknown_person",
  /** Nobody with that address here, and the address is outside the site's e-mail domains. */
  "outside_domains",
  /** The account waits for the institution's staff to approve it. */
  "pending_approval",
  /** The account is disabled. */
  "account_disabled",
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const isSsoError = (value: unknown): value is SsoError =>
  typeof value === "string" && (SSO_ERRORS as readonly string[]).includes(value);

/** Whether the site's sign-in page offers the password form (and its sign-up link). */
export const takesPasswords = (mode: SsoMode): boolean => mode !== "sso";

/** Whether the site's sign-in page offers "Sign in with <institution>": its provider is set up and turned on. */
export const offersSso = (mode: SsoMode, configured: boolean): boolean => configured && mode !== "password";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** Whether an issuer is on this machine (a provider in development and the tests). */
export function isLoopbackIssuer(value: string): boolean {
  try {
    return LOOPBACK_HOSTS.includes(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * An issuer identifier as OpenID Connect Discovery takes it: an https address without query or
 * fragment; plain http only on loopback, which the API follows only when configured to
 * (OIDC_ALLOW_HTTP_LOOPBACK).
 */
export function isOidcIssuer(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 300) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") return false;
  if (url.protocol === "https:") return url.hostname.includes(".") || isLoopbackIssuer(value);
  return url.protocol === "http:" && isLoopbackIssuer(value);
}
