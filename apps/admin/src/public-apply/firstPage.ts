import { firstPublicPostingsUrl, publicApplyPageOf } from "@csc/shared";
import type { Posting } from "../learner/postings";

/** A page of the published, open postings a site shows, and how many there are in all. */
export type PublicPostingsPage = { rows: Posting[]; total: number };

let early: { url: string; answer: Promise<PublicPostingsPage | null> } | null = null;

/** A page of rows and its `X-Total-Count`; a missing or empty header is no count (Number("") is 0). */
export function pageOf(rows: Posting[], totalHeader: unknown): PublicPostingsPage {
  const total = typeof totalHeader === "string" && totalHeader !== "" ? Number(totalHeader) : Number.NaN;
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/**
 * Asks for a public apply page's first page of postings as the app starts (main.tsx), beside its
 * code and the site's look-up: the list depends on the site alone (the host), not on who is signed
 * in or the language, so it need not wait for the page to render. On a site's own host the page's
 * `Link` header has already had the browser ask for it (the API's `pagePreloads`), and this takes
 * that answer. Any failure answers null and the page asks again itself, where the error shows.
 * Under `/no-domain/<sub>` the host does not name the site: the page asks itself.
 */
export function startFirstPublicPage(pathname: string) {
  const page = publicApplyPageOf(pathname);
  if (!page || page.viaPath) return;
  const url = firstPublicPostingsUrl(page.resource);
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
