import i18n from "i18next";
import { notify } from "./notification";
import { currentPathname, navigateTo } from "./router-bridge";
import { clearToken } from "./token";

export const LOGIN_PATH = "/login";
const SESSION_EXPIRED_KEY = "session-expired";

const isOnLoginPage = () => currentPathname().replace(/\/+$/, "") === LOGIN_PATH;

/** Set when the user signed out on purpose: a missing token then is no expired session. */
let signedOutOnPurpose = false;
export const setSignedOutOnPurpose = (value: boolean) => {
  signedOutOnPurpose = value;
};

/**
 * What holds a user's data (the query cache) registers here to be emptied when a session starts
 * or ends. A registry rather than an import: the sign-in screen loads no query client.
 */
const forgetters = new Set<() => void>();
export function onForgetSessionData(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}
export function forgetSessionData() {
  for (const forget of forgetters) forget();
}

/** "Session expired." (never on /login itself), then /login. */
export function announceSessionExpired() {
  if (isOnLoginPage() || signedOutOnPurpose) return;
  notify.open({ key: SESSION_EXPIRED_KEY, type: "error", message: i18n.t("session.expired") });
}

/** Ends the session after a 401: clears the token, tells the user once, and goes to /login. */
export function endSession() {
  clearToken();
  announceSessionExpired();
  if (!isOnLoginPage()) navigateTo(LOGIN_PATH);
  // after the navigation has unmounted the signed-in screens, forget what they had loaded
  setTimeout(forgetSessionData, 0);
}
