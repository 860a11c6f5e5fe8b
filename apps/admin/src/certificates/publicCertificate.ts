import type { VerifiedCertificate } from "@csc/shared";
import { http } from "../shell/providers/http";

/** The certificate of this code; an unknown code rejects with the API's 404. */
export async function fetchCertificate(code: string): Promise<VerifiedCertificate> {
  const { data } = await http.get<{ data: VerifiedCertificate }>(
    `/api/public/certificates/${encodeURIComponent(code)}`,
  );
  return data.data;
}
