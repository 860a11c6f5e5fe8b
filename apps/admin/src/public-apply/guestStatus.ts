import type { HistoryEntry } from "../learner/applications";
import { http } from "../providers/http";

/** What a guest sees of their application (DESIGN §5b): no ids, nobody's name but theirs, no staff note. */
export interface GuestApplicationStatus {
  posting: { title: string; type: "learning-event" | "job-opportunity" | "scholarship" };
  full_name: string;
  applied_at: string;
  stage: string;
  withdrawn_at: string | null;
  history: Omit<HistoryEntry, "by">[];
}

/** `GET /api/public/applications/{token}` → `{ data }`; 404 for a link that is not one, 429 when throttled. */
export async function fetchGuestStatus(token: string): Promise<GuestApplicationStatus> {
  const { data } = await http.get<{ data: GuestApplicationStatus }>(
    `/api/public/applications/${encodeURIComponent(token)}`,
  );
  return data.data;
}
