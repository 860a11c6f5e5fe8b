import type { GuestStatus } from "@csc/shared";
import { http } from "../shell/providers/http";

/** `GET /api/public/applications/{token}` → `{ data }`; 404 for a link that is not one, 429 when throttled. */
export async function fetchGuestStatus(token: string): Promise<GuestStatus> {
  const { data } = await http.get<{ data: GuestStatus }>(`/api/public/applications/${encodeURIComponent(token)}`);
  return data.data;
}
