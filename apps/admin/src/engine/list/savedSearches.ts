import { MAX_SAVED_SEARCHES, type SavedSearchCreate, type SavedSearchRow, type SavedSearchUpdate } from "@csc/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { http } from "../../shell/providers/http";

const URL = "/api/saved-searches";
/** Every list's saved searches: a change to one asks again for all of them. */
const SAVED_SEARCHES_KEY = ["csc", "saved-searches"] as const;

/** The caller's own (at most MAX_SAVED_SEARCHES in all) and as many shared by colleagues, in one answer. */
const LISTED = 2 * MAX_SAVED_SEARCHES;

/** `GET /api/saved-searches?resource=`: the caller's own and, for institution staff, their colleagues' shared ones, by name. */
async function fetchSavedSearches(resource: string): Promise<SavedSearchRow[]> {
  const { data } = await http.get<SavedSearchRow[]>(URL, { params: { resource, _start: 0, _end: LISTED } });
  return data;
}

export async function createSavedSearch(body: SavedSearchCreate): Promise<SavedSearchRow> {
  const { data } = await http.post<SavedSearchRow>(URL, body);
  return data;
}

/** Only the owner changes one; another's answers 404. */
export async function updateSavedSearch(id: number, changes: SavedSearchUpdate): Promise<SavedSearchRow> {
  const { data } = await http.patch<SavedSearchRow>(`${URL}/${id}`, changes);
  return data;
}

export async function deleteSavedSearch(id: number): Promise<SavedSearchRow> {
  const { data } = await http.delete<SavedSearchRow>(`${URL}/${id}`);
  return data;
}

/** A list's saved searches, asked for once the control first opens. */
export function useSavedSearches(resource: string, enabled: boolean) {
  return useQuery({
    queryKey: [...SAVED_SEARCHES_KEY, resource],
    queryFn: () => fetchSavedSearches(resource),
    enabled,
    staleTime: 0,
  });
}

/** Asks again for every list's saved searches (after a save, a change or a deletion). */
export function useRefreshSavedSearches() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }), [queryClient]);
}

/** Whose search it is, as the list shows it: the caller's own, or one a colleague shared with them. */
export const isOwnSearch = (search: SavedSearchRow, userId: number) => search.user_id === userId;
