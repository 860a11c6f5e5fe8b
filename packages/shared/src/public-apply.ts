/**
 * The public apply pages (public links): a site's published, open postings as cards, each with
 * Apply. The admin routes and preloads them, and the API names their first page in the page's
 * `Link` header, from these.
 */

/** The postings with a public apply page, by the page's path. */
export const PUBLIC_APPLY_PAGES = {
  "/job-role-trainings-apply": "learning-events",
  "/job-opportunities-apply": "job-opportunities",
} as const;

export type PublicPostingResource = (typeof PUBLIC_APPLY_PAGES)[keyof typeof PUBLIC_APPLY_PAGES];

/** Cards per page of a public apply page. */
export const PUBLIC_APPLY_PAGE_SIZE = 12;

/** `GET /api/public/{postings}?_start=&_end=`: the address of one page of a public apply page's postings. */
export function publicPostingsUrl(resource: PublicPostingResource, start: number, end: number): string {
  return `/api/public/${resource}?_start=${start}&_end=${end}`;
}

/** The address of a public apply page's first page of postings. */
export const firstPublicPostingsUrl = (resource: PublicPostingResource): string =>
  publicPostingsUrl(resource, 0, PUBLIC_APPLY_PAGE_SIZE);

const PUBLIC_APPLY_PATH = /^(\/no-domain\/[^/]+)?(\/job-(?:role-trainings|opportunities)-apply)\/?$/;

/**
 * The public apply page a path shows, or null: on a site's own host (`/job-opportunities-apply`)
 * or on a site named by its path (`/no-domain/<sub>/job-opportunities-apply`, `viaPath`), where
 * the host does not say whose postings an API call asks for.
 */
export function publicApplyPageOf(pathname: string): { resource: PublicPostingResource; viaPath: boolean } | null {
  const found = PUBLIC_APPLY_PATH.exec(pathname);
  if (!found) return null;
  const page = found[2] as keyof typeof PUBLIC_APPLY_PAGES;
  return { resource: PUBLIC_APPLY_PAGES[page], viaPath: found[1] !== undefined };
}
