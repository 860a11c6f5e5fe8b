import {
  NOTIFICATIONS_CHANNEL,
  type NotificationChoice,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationRow,
} from "@csc/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveRefresh } from "../shell/live/useLiveRefresh";
import { http } from "../shell/providers/http";
import { NOTIFICATION_PREFERENCES_URL } from "./paths";

/** Everything the notification centre has read: marking read or saving choices refreshes it all. */
const NOTIFICATIONS_KEY = ["csc", "notifications"] as const;
const UNREAD_COUNT_KEY = [...NOTIFICATIONS_KEY, "unread-count"] as const;
const PREFERENCES_KEY = [...NOTIFICATIONS_KEY, "preferences"] as const;

/**
 * How often the bell asks for its count while the tab is on show, besides whenever the live stream
 * tells of a notification: in case the stream is down.
 */
const UNREAD_POLL_MS = 120_000;

export interface NotificationPage {
  rows: NotificationRow[];
  total: number;
}

/** `GET /api/notifications/unread-count`. */
async function fetchUnreadCount(): Promise<number> {
  const { data } = await http.get<{ data: { count: number } }>("/api/notifications/unread-count");
  return data.data.count;
}

/** `GET /api/notifications`: one page, newest first, in the reader's language; `unread` for those not yet read. */
async function fetchNotifications(start: number, end: number, unread: boolean): Promise<NotificationPage> {
  const params = { _start: start, _end: end, ...(unread ? { unread: true } : {}) };
  const response = await http.get<NotificationRow[]>("/api/notifications", { params });
  const total = Number(response.headers["x-total-count"]);
  return { rows: response.data, total: Number.isFinite(total) ? total : response.data.length };
}

/** `POST /api/notifications/read`: these, or every one of the caller's when none are named. */
async function markRead(ids?: readonly number[]): Promise<number> {
  const { data } = await http.post<{ data: { updated: number } }>("/api/notifications/read", ids ? { ids } : {});
  return data.data.updated;
}

async function fetchPreferences(): Promise<NotificationPreferences> {
  const { data } = await http.get<{ data: NotificationPreferences }>(NOTIFICATION_PREFERENCES_URL);
  return data.data;
}

/** `PATCH`: the kinds that changed, each with both of its parts; answers every kind's choices. */
async function savePreferences(
  changes: Partial<Record<NotificationKind, NotificationChoice>>,
): Promise<NotificationPreferences> {
  const { data } = await http.patch<{ data: NotificationPreferences }>(NOTIFICATION_PREFERENCES_URL, changes);
  return data.data;
}

/**
 * The bell's count: asked every 30 seconds while the tab is on show, and again whenever the tab or
 * the window comes back (the console's other queries wait for a reload instead).
 */
export function useUnreadCount() {
  useLiveRefresh([NOTIFICATIONS_CHANNEL], NOTIFICATIONS_KEY);
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: fetchUnreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: "always",
    staleTime: 0,
  });
}

/** A page of notifications, asked again on every showing; the previous page stays on screen until the next arrives. */
export function useNotifications({ start, end, unread = false }: { start: number; end: number; unread?: boolean }) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, "list", { start, end, unread }],
    queryFn: () => fetchNotifications(start, end, unread),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Marks some read (or all, with none named), then asks again for the count and every list on show. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly number[]) => markRead(ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function usePreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: fetchPreferences, staleTime: 0 });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
