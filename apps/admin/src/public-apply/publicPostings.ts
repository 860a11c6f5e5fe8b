import { type GuestApplicationBody, type PublicPostingResource, publicPostingsUrl } from "@csc/shared";
import type { Posting } from "../learner/postings";
import { http } from "../shell/providers/http";
import { type PublicPostingsPage, pageOf, takeFirstPublicPage } from "./firstPage";

export type { PublicPostingResource } from "@csc/shared";

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
  const response = await http.get<{ data: Posting[] }>(url);
  return pageOf(response.data.data, response.headers["x-total-count"]);
}

/** `GET /api/public/{postings}/{id}` → `{ data }`; 404 when the site does not show it (any more). */
export async function fetchPublicPosting(resource: PublicPostingResource, id: number): Promise<Posting> {
  const { data } = await http.get<{ data: Posting }>(`/api/public/${resource}/${id}`);
  return data.data;
}

/** `POST /api/public/{postings}/{id}/apply` → 201 `{ message }`, the same e-mail again too (its owner is mailed); 400 field errors; 429. */
export async function applyAsGuest(resource: PublicPostingResource, id: number, values: GuestApplicationBody) {
  const body: GuestApplicationBody = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    contact_number: values.contact_number.trim(),
  };
  if (values.profession?.trim()) body.profession = values.profession.trim();
  if (values.captcha) body.captcha = values.captcha;
  const { data } = await http.post<{ message: string }>(`/api/public/${resource}/${id}/apply`, body);
  return data;
}
