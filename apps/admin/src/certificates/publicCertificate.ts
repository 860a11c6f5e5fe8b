import { http } from "../providers/http";

/** What verifying a certificate answers (`GET /api/public/certificates/{code}`, DESIGN §5b). */
export interface VerifiedCertificate {
  code: string;
  holder: string;
  title: string | null;
  item_type: string;
  completed_at: string | null;
  issued_by: string;
  verify_url: string;
}

/** The certificate of this code; an unknown code rejects with the API's 404. */
export async function fetchCertificate(code: string): Promise<VerifiedCertificate> {
  const { data } = await http.get<{ data: VerifiedCertificate }>(
    `/api/public/certificates/${encodeURIComponent(code)}`,
  );
  return data.data;
}
