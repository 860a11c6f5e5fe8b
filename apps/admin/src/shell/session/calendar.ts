import { type Calendar, DEFAULT_CALENDAR, isCalendar } from "@csc/shared";
import { useSyncExternalStore } from "react";
import type { CurrentUser } from "./types";

/** The calendar chosen on this device, kept while the account's own option is not known. */
const CALENDAR_STORAGE_KEY = "csc.calendar";

const listeners = new Set<() => void>();

export function storedCalendar(): Calendar | null {
  try {
    const value = globalThis.localStorage?.getItem(CALENDAR_STORAGE_KEY);
    return isCalendar(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the choice on this device and tells the signed-in screens at once. */
export function rememberCalendar(calendar: Calendar): void {
  try {
    globalThis.localStorage?.setItem(CALENDAR_STORAGE_KEY, calendar);
  } catch {
    // private mode: the account's option still applies
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CALENDAR_STORAGE_KEY) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/** The user's calendar: the account's option when the server has one, else this device's choice. */
export function calendarOf(user: Pick<CurrentUser, "calendar">, stored: Calendar | null): Calendar {
  if (isCalendar(user.calendar)) return user.calendar;
  return stored ?? DEFAULT_CALENDAR;
}

/** The calendar chosen on this device, re-rendering when it changes. */
export function useStoredCalendar(): Calendar | null {
  return useSyncExternalStore(subscribe, storedCalendar, () => null);
}
