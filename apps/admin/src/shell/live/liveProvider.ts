import { LIVE_PATH, LIVE_RESET_EVENT, type LiveEvent, NOTIFICATIONS_CHANNEL } from "@csc/shared";
import { EventStreamContentType, fetchEventSource } from "@microsoft/fetch-event-source";
import type { LiveProvider, LiveEvent as RefineLiveEvent } from "@refinedev/core";
import { apiRequestHeaders } from "../providers/request-headers";
import { getToken } from "../providers/token";

/**
 * refine's live provider over the API's server-sent events (`GET /api/live`, DESIGN §5b): one
 * stream per tab, opened with the first subscription and closed with the last, read with fetch
 * (EventSource cannot send the bearer token). A dropped stream is opened again and resumes from
 * the last event it had (`Last-Event-ID`, sent by fetchEventSource, also when a hidden tab is
 * shown again); one the server could not resume tells every subscriber to read its rows again. Events are
 * signals to read again, never data: each page reads the rows through its own calls.
 */

/** The channel of a resource's rows, as refine's list hooks name it; a person's notifications have their own. */
export const channelOf = (resource: string) =>
  resource === NOTIFICATIONS_CHANNEL ? NOTIFICATIONS_CHANNEL : `resources/${resource}`;

/** Wait before a dropped stream is opened again. */
const RETRY_MS = 2_000;
/** Event ids remembered, so that one told twice (a resume's overlap) is acted on once. */
const SEEN_LIMIT = 500;

interface Subscription {
  channel: string;
  types: readonly string[];
  callback: (event: RefineLiveEvent) => void;
}

/** The server refused the stream (signed out): it is not opened again until someone subscribes anew. */
class Refused extends Error {}

const subscriptions = new Set<Subscription>();
const seen = new Set<string>();
let connection: AbortController | null = null;

function tell(channel: string | null, type: string, ids: readonly number[]) {
  const event: RefineLiveEvent = { channel: channel ?? "*", type, payload: { ids: [...ids] }, date: new Date() };
  for (const subscription of subscriptions) {
    if (channel !== null && subscription.channel !== channel) continue;
    if (channel !== null && !subscription.types.includes("*") && !subscription.types.includes(type)) continue;
    subscription.callback({ ...event, channel: subscription.channel });
  }
}

function remember(id: string): boolean {
  if (!id) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
  return true;
}

function open() {
  if (connection || !getToken()) return;
  const controller = new AbortController();
  connection = controller;
  void fetchEventSource(`/api${LIVE_PATH}`, {
    signal: controller.signal,
    headers: apiRequestHeaders(),
    // below the page's own calls, and not a request the page's load waits for (Lighthouse's
    // quiet network counts a long-lived fetch of high priority as still loading)
    priority: "low",
    async onopen(response) {
      if (response.ok && response.headers.get("content-type")?.startsWith(EventStreamContentType)) return;
      throw response.status === 401 || response.status === 403 ? new Refused() : new Error(String(response.status));
    },
    onmessage(message) {
      if (message.event === LIVE_RESET_EVENT) {
        // everything on show may be stale: every subscriber reads again
        tell(null, "*", []);
        return;
      }
      if (!message.data || !remember(message.id)) return;
      const event = JSON.parse(message.data) as LiveEvent;
      tell(channelOf(event.resource), event.type, event.ids);
    },
    onclose() {
      // the server ended it (a restart, a balancer): open it again
      throw new Error("closed");
    },
    onerror(error) {
      if (error instanceof Refused) throw error;
      return RETRY_MS;
    },
  }).catch(() => {
    if (connection === controller) connection = null;
  });
}

function closeWhenIdle() {
  if (subscriptions.size > 0 || !connection) return;
  connection.abort();
  connection = null;
}

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const subscription: Subscription = { channel, types, callback };
    subscriptions.add(subscription);
    open();
    return subscription;
  },
  unsubscribe: (subscription: Subscription) => {
    subscriptions.delete(subscription);
    // a page that subscribes as the last one leaves keeps the same stream
    queueMicrotask(closeWhenIdle);
  },
};
