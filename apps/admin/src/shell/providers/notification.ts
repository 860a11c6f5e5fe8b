import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { useSyncExternalStore } from "react";

/** Toasts close after 5000 ms, top-right, one per id. */
export const NOTIFICATION_CONFIG = { placement: "topRight", duration: 5, maxCount: 5 } as const;

export type NotificationCommand = { kind: "open"; params: OpenNotificationParams } | { kind: "close"; key: string };

/**
 * antd's notifications load with the first toast, not with the page (the sign-in screen
 * usually shows none). Until NotificationOutlet is there, what is asked for waits here.
 */
let outlet: ((command: NotificationCommand) => void) | null = null;
let pending: NotificationCommand[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function send(command: NotificationCommand) {
  if (outlet) {
    outlet(command);
    return;
  }
  if (command.kind === "close") {
    pending = pending.filter((queued) => queued.kind !== "open" || queued.params.key !== command.key);
    return;
  }
  pending.push(command);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** The refine notification provider, built once; the same object serves screens outside refine. */
export const notify: NotificationProvider = {
  open: (params) => send({ kind: "open", params }),
  close: (key) => send({ kind: "close", key }),
};

/** Whether any toast has been asked for yet: NotificationHost loads antd's notifications then. */
export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Called by the mounted outlet: delivers what waited, then everything else directly. */
export function attachNotificationOutlet(deliver: (command: NotificationCommand) => void): () => void {
  outlet = deliver;
  const waiting = pending;
  pending = [];
  for (const command of waiting) deliver(command);
  return () => {
    if (outlet === deliver) outlet = null;
  };
}
