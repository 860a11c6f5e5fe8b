import { type Static, Type } from "typebox";
import { OneOf } from "./contracts/common.js";

/**
 * Live updates (DESIGN §5b `GET /live`): server-sent events, each `{ resource, type, ids }` about
 * rows the reader may read (`notifications`: their own), with an `id:` the stream resumes from
 * (`Last-Event-ID`). An `event: reset` says the stream could not resume: whatever is shown may be
 * stale and is read again. Both sides name the stream, the event and its resources from here.
 */
export const LIVE_PATH = "/live";
export const LIVE_EVENT_TYPES = ["created", "updated", "deleted"] as const;
/** The event that says a stream could not resume from where it was. */
export const LIVE_RESET_EVENT = "reset";
/** The channel a person's own notifications are told on. */
export const NOTIFICATIONS_CHANNEL = "notifications";

export const LiveEvent = Type.Object({
  resource: Type.String(),
  type: OneOf(LIVE_EVENT_TYPES),
  ids: Type.Array(Type.Integer()),
});
export type LiveEvent = Static<typeof LiveEvent>;
