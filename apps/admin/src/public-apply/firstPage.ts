import type { Posting } from "../learner/postings";

/** The postings with a public apply page (public links). */
export type PublicPostingResource = "learning-events" | "job-opportunities";

/** Cards per page of a public apply page. */
export const PUBLIC_PAGE_SIZE = 12;

/** A page of the published, open postings a site shows, and how many there are in all. */
export type PublicPostingsPage = { rows: Posting[]; total: number };

/** The public apply pages' paths on a site's own host (not under `/no-domain/<sub>`). */
const PUBLIC_APPLY_PATH = /^\/job-(role-trainings|opportunities)-apply\/?$/;

let early: { url: string; answer: Promise<PublicPostingsPage | null> } | null = null;

/** A page of rows and its `X-Total-Count`; a missing or empty header is no count (Number("") is 0). */
export function pageOf(rows: Posting[], totalHeader: unknown): PublicPostingsPage {
  const total = typeof totalHeader === "string" && totalHeader !== "" ? Number(totalHeader) : Number.NaN;
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/** `GET /api/public/{postings}?_start=&_end=`: the address of one page. */
export function publicPostingsUrl(resource: PublicPostingResource, start: number, end: number) {
  return `/api/public/${resource}?_start=${start}&_end=${end}`;
}

/**
 * Asks for a public apply page's first page of postings as the app starts (main.tsx), beside its
 * code and the site's look-up: the list depends on the site alone (the host), not on who is signed
 * in or the language, so it need not wait for the page to render. Any failure answers null and the
 * page asks again itself, where the error shows.
 */
export function startFirstPublicPage(pathname: string) {
  const found = PUBLIC_APPLY_PATH.exec(pathname);
  if (!found) return;
  const resource: PublicPostingResource = found[1] === "opportunities" ? "job-opportunities" : "learning-events";
  const url = publicPostingsUrl(resource, 0, PUBLIC_PAGE_SIZE);
  const answer = fetch(url, { headers: { Accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { data: Posting[] };
      return pageOf(body.data, response.headers.get("x-total-count"));
    })
    .catch(() => null);
  early = { url, answer };
}

/** The answer asked for early to `url`, once: a later call (a refetch, another page) goes out again. */
export function takeFirstPublicPage(url: string): Promise<PublicPostingsPage | null> | null {
  if (early?.url !== url) return null;
  const { answer } = early;
  early = null;
  return answer;
}
