import { type InstitutionSite, institutionLookupUrl, RECRUITER_SUBDOMAIN, siteFromHost } from "@csc/shared";
import type { PublicConfig } from "../session/types";

/** The site this page is for, with its institution once looked up. */
export type ResolvedSite =
  | { kind: "provider"; basename: string }
  | { kind: "recruiter"; basename: string }
  | { kind: "institution"; basename: string; institution: InstitutionSite; viaPath: boolean };

export type SiteAddress =
  | { kind: "provider"; basename: string }
  | { kind: "recruiter"; basename: string }
  | { kind: "institution"; basename: string; subdomain: string; viaPath: boolean };

const NO_DOMAIN = "no-domain";

/**
 * Where a location points: the host decides (bare root or admin subdomain → provider, `recruiter.`
 * → recruiter, any other first label → an institution); a leading `/no-domain/<sub>` path names the
 * site instead, for hosts without wildcard DNS, and becomes the router's base.
 */
export function siteAddressOf(
  host: string,
  pathname: string,
  config: Pick<PublicConfig, "rootDomain" | "adminSubdomain">,
): SiteAddress {
  const [first, sub] = pathname.split("/").filter(Boolean);
  if (first === NO_DOMAIN && sub) {
    const label = decodeURIComponent(sub).toLowerCase();
    const basename = `/${NO_DOMAIN}/${sub}`;
    if (label === config.adminSubdomain) return { kind: "provider", basename };
    if (label === RECRUITER_SUBDOMAIN) return { kind: "recruiter", basename };
    return { kind: "institution", basename, subdomain: label, viaPath: true };
  }
  const site = siteFromHost(host, config.rootDomain, config.adminSubdomain);
  if (site.kind === "institution")
    return { kind: "institution", basename: "", subdomain: site.subdomain, viaPath: false };
  return { kind: site.kind, basename: "" };
}

/** Before the config is known: a best guess for the loader's colour (dark on the admin site). */
export function guessSiteKind(host: string, pathname: string): SiteAddress["kind"] {
  const name = host.split(":")[0] ?? "";
  if (pathname.startsWith(`/${NO_DOMAIN}/`)) return "institution";
  const labels = name.split(".");
  if (labels.length < 2 || /^[\d.]+$/.test(name) || labels[0] === "admin" || labels[0] === "www") return "provider";
  return labels[0] === RECRUITER_SUBDOMAIN ? "recruiter" : "institution";
}

export class SiteNotFoundError extends Error {
  constructor(subdomain: string) {
    super(`No active institution at "${subdomain}".`);
    this.name = "SiteNotFoundError";
  }
}

/** A failed public look-up: the HTTP status (0 when no answer came). */
class PublicRequestError extends Error {
  constructor(readonly status: number) {
    super(`Request failed with status code ${status}`);
    this.name = "PublicRequestError";
  }
}

/** `GET` of a public endpoint with plain `fetch`: the first page loads no HTTP library. */
async function getPublic<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new PublicRequestError(response.status);
  return (await response.json()) as T;
}

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const { data } = await getPublic<{ data: PublicConfig }>("/api/public/config");
  return data;
}

/** The institution is looked up before anything renders; unknown or inactive → 404. */
export async function resolveSite(address: SiteAddress): Promise<ResolvedSite> {
  if (address.kind !== "institution") return address;
  try {
    const { data } = await getPublic<{ data: InstitutionSite }>(institutionLookupUrl(address.subdomain));
    if (data.status !== "active") throw new SiteNotFoundError(address.subdomain);
    return { kind: "institution", basename: address.basename, institution: data, viaPath: address.viaPath };
  } catch (error) {
    if (error instanceof SiteNotFoundError) throw error;
    if (error instanceof PublicRequestError && error.status < 500) {
      throw new SiteNotFoundError(address.subdomain);
    }
    throw error;
  }
}
