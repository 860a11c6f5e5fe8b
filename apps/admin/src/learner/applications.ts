import type { ApplicationStage, HistoryEntry, PostingType } from "@csc/shared";
import { useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { http } from "../shell/providers/http";
import type { Posting, PostingKind, PostingResource } from "./postings";

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

/** The learner's applications to these postings, keyed by posting id (the latest one first wins). */
function applicationsByPosting(applications: Application[], column: keyof Application) {
  const byPosting = new Map<number, Application>();
  for (const application of applications) {
    const id = postingIdOf(application, column);
    if (id !== null && !byPosting.has(id)) byPosting.set(id, application);
  }
  return byPosting;
}

/**
 * The learner's applications to the postings on screen, in one call, and a card's action for
 * each: nothing until they have arrived (or while the previous page's stand in), so a card never
 * says "Registration closed" or offers Apply for a posting the learner has applied to.
 */
export function useApplicationsTo(kind: PostingKind, ids: number[], pageSize: number) {
  const applications = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize },
    filters: [{ field: kind.applicationColumn, operator: "eq", value: ids }],
    errorNotification: false,
    queryOptions: { enabled: ids.length > 0, placeholderData: keepPreviousData },
  });
  const settled = !applications.query.isLoading && !applications.query.isPlaceholderData;
  return settled ? applicationsByPosting(applications.result.data, kind.applicationColumn) : undefined;
}

export type { HistoryEntry, Posting };
