import { type PublicPostingResource, publicPostingsUrl } from "@csc/shared";
import type { Posting } from "../learner/postings";
import { getJson, getJsonAnswer } from "../shell/providers/fetch-json";
import { type PublicPostingsPage, pageOf, takeFirstPublicPage } from "./firstPage";

/*
 * Read with plain `fetch` (the same headers and errors as the console's axios): the public apply
 * page is a visitor's first page, and loads no HTTP library. Applying (guestApply.ts) is in the
 * apply dialog, which loads later.
 */

/**
 * `GET /api/public/{postings}?_start=&_end=` → `{ data }` and `X-Total-Count`: a page of the
 * published, open postings this site may show.
 */
export async function fetchPublicPostings(
  resource: PublicPostingResource,
  page: number,
  pageSize: number,
): Promise<PublicPostingsPage> {
  const start = (page - 1) * pageSize;
  const url = publicPostingsUrl(resource, start, start + pageSize);
  // the first page, asked for as the app started (firstPage.ts); null: ask again here
  const early = await takeFirstPublicPage(url);
  if (early) return early;
  const { data, headers } = await getJsonAnswer<{ data: Posting[] }>(url);
  return pageOf(data.data, headers.get("x-total-count"));
}

/** `GET /api/public/{postings}/{id}` → `{ data }`; 404 when the site does not show it (any more). */
export async function fetchPublicPosting(resource: PublicPostingResource, id: number): Promise<Posting> {
  const { data } = await getJson<{ data: Posting }>(`/api/public/${resource}/${id}`);
  return data;
}
