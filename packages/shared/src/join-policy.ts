import type { JoinPolicy } from "./enums.js";

/** An e-mail domain as an institution lists it: `college.edu.np`, lower-case, no `@`. */
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const isEmailDomain = (value: unknown): value is string => typeof value === "string" && DOMAIN.test(value);

/** The domain of an address, lower-case: `Asha@KMC.edu.np` → `kmc.edu.np`. */
export const emailDomainOf = (email: string): string =>
  email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();

/**
 * Whether someone may register on an institution's site, and how they join: refused (`closed`,
 * or an address outside the domains), at once (`domain`), or waiting for staff (`approval`). An
 * address of a listed domain or of one below it (`cs.kmc.edu.np` under `kmc.edu.np`) fits; with no
 * domain listed, the site is as closed.
 */
export function joinOutcome(
  policy: JoinPolicy,
  domains: readonly string[],
  email: string,
): "refused-closed" | "refused-domain" | "active" | "pending" {
  if (policy === "closed" || (policy === "domain" && domains.length === 0)) return "refused-closed";
  if (policy === "approval") return "pending";
  const domain = emailDomainOf(email);
  const fits = domains.some((listed) => domain === listed || domain.endsWith(`.${listed}`));
  return fits ? "active" : "refused-domain";
}

/** Whether anyone may register on the site at all (its sign-up page and link are offered). */
export const takesSignUps = (policy: JoinPolicy, domains: readonly string[]): boolean =>
  policy === "approval" || (policy === "domain" && domains.length > 0);

/** An institution's `join_domains` as stored (a JSON list of domains); anything else is none. */
export function joinDomainsOf(stored: unknown): string[] {
  if (typeof stored !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
