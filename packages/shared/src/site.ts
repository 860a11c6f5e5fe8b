/** Which site a host serves. Both the API and the admin decide it this way. */
export type Site = { kind: "provider" } | { kind: "recruiter" } | { kind: "institution"; subdomain: string };

export const RECRUITER_SUBDOMAIN = "recruiter";

/** Whether two sites are the same one (an institution's by its subdomain). */
export const sameSite = (a: Site, b: Site): boolean =>
  a.kind === b.kind && (a.kind !== "institution" || (b.kind === "institution" && a.subdomain === b.subdomain));
export const DEFAULT_ADMIN_SUBDOMAIN = "admin";
export const DEFAULT_ROOT_DOMAIN = "localhost";

/** Host without port, lower-cased (IPv6 literals keep their brackets). */
export function hostname(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  return lower.split(":")[0] ?? "";
}

/**
 * The bare root domain and the admin subdomain are the provider's site (no institution lookup);
 * `recruiter.` is the recruiter site; any other first label names an institution. A host outside
 * the root domain (an IP address, say) is treated as the provider site.
 */
export function siteFromHost(host: string, rootDomain: string, adminSubdomain: string): Site {
  const name = hostname(host);
  const root = rootDomain.toLowerCase();
  if (name === root || !name.endsWith(`.${root}`)) return { kind: "provider" };
  const labels = name.slice(0, -(root.length + 1)).split(".");
  const first = labels[0] ?? "";
  if (first === "" || first === adminSubdomain) return { kind: "provider" };
  if (first === RECRUITER_SUBDOMAIN) return { kind: "recruiter" };
  return { kind: "institution", subdomain: first };
}

/** `GET` of an institution's public look-up by its subdomain: the admin resolves its site with it, and the API names it in the page's preload. */
export const institutionLookupUrl = (subdomain: string): string =>
  `/api/public/institutions/by-subdomain/${encodeURIComponent(subdomain)}`;

/** A subdomain an institution may take: DNS label rules, and not one the platform reserves. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const RESERVED_SUBDOMAINS = [DEFAULT_ADMIN_SUBDOMAIN, RECRUITER_SUBDOMAIN, "www", "api", "no-domain"] as const;
