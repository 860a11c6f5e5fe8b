import { useSyncExternalStore } from "react";

/** The operating system's or browser's "reduce motion" setting (WCAG 2.3.3). */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

const media = () => (typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION_QUERY) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/** Whether the person asked for less motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false);
}
