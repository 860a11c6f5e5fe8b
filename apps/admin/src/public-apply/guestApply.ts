import type { GuestApplicationBody, PublicPostingResource } from "@csc/shared";
import { http } from "../shell/providers/http";

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
