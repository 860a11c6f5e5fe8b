import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP's answer to lockouts an attacker can cause): a browser that has signed in
 * to an account keeps a cookie the server signed for that account. Guesses spread over many
 * addresses lock the account against every other browser, but not against this one, whose own
 * failures are counted under its own key instead. The cookie says nothing by itself: its name and
 * value are HMACs of the account's e-mail under the server's secret.
 */
const LIFETIME_SECONDS = 180 * 24 * 3600;
const PREFIX = "csc-device-";

const mac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url");

/** One cookie per account a browser signs in to, so a shared computer keeps each trusted. */
const deviceCookieName = (secret: string, email: string) => `${PREFIX}${mac(secret, `name:${email}`).slice(0, 16)}`;

/** The device id of a valid cookie for this account in the request's Cookie header, or null. */
export function trustedDevice(secret: string, email: string, cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const name = deviceCookieName(secret, email);
  for (const part of cookieHeader.split(";")) {
    const [key, value] = part.trim().split("=", 2);
    if (key !== name || !value) continue;
    const [device, signature] = value.split(".", 2);
    if (!device || !signature) return null;
    const expected = Buffer.from(mac(secret, `device:${email}:${device}`));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? device : null;
  }
  return null;
}

/** A Set-Cookie value that trusts this browser for the account (the same device id when it had one). */
export function deviceCookie(secret: string, email: string, secure: boolean, device?: string | null): string {
  const id = device ?? randomBytes(16).toString("base64url");
  const value = `${id}.${mac(secret, `device:${email}:${id}`)}`;
  const attributes = [`Max-Age=${LIFETIME_SECONDS}`, "Path=/api/auth", "HttpOnly", "SameSite=Strict"];
  if (secure) attributes.push("Secure");
  return [`${deviceCookieName(secret, email)}=${value}`, ...attributes].join("; ");
}
