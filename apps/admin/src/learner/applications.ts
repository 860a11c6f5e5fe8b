import type { ApplicationStage, HistoryEntry, PostingType } from "@csc/shared";
import { http } from "../shell/providers/http";
import type { Posting, PostingResource } from "./postings";

// The learner's calls about their applications, without refine: the public apply page, outside
// refine, applies through them too. The list of them a page shows is useApplicationsTo.

/** An application as the learner reads it (`GET /api/applications`: their own only). */
export interface Application {
  id: number;
  posting_type: PostingType;
  learning_event_id: number | null;
  job_opportunity_id: number | null;
  scholarship_id: number | null;
  stage: ApplicationStage;
  attendance: number | null;
  grade: string | null;
  percentage: number | null;
  completion_status: string | null;
  /** Set once a learning event is marked complete: anyone verifies it at `/certificates/{code}`. */
  certificate_code: string | null;
  applied_at: string;
  withdrawn_at: string | null;
}

/** `POST /api/{posting}/{id}/apply`: 201 the application; again → 409 with the server's message. */
export async function applyTo(resource: PostingResource, id: number, note?: string): Promise<Application> {
  const body = note?.trim() ? { note: note.trim() } : {};
  const { data } = await http.post<Application>(`/api/${resource}/${id}/apply`, body);
  return data;
}

/** `POST /api/applications/{id}/withdraw`, before any decision. */
export async function withdrawApplication(id: number): Promise<Application> {
  const { data } = await http.post<Application>(`/api/applications/${id}/withdraw`);
  return data;
}

export async function fetchHistory(id: number): Promise<HistoryEntry[]> {
  const { data } = await http.get<HistoryEntry[] | { data: HistoryEntry[] }>(`/api/applications/${id}/history`);
  return Array.isArray(data) ? data : data.data;
}

/** The posting an application is for, by its column. */
export const postingIdOf = (application: Application, column: keyof Application): number | null =>
  (application[column] as number | null) ?? null;

export type { HistoryEntry, Posting };
