import type { ChangeUndone } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { http, isApiError } from "../../shell/providers/http";
import { undoSeconds } from "./undoWindow";

/** One change the server may still take back (`change_id`, `undo_until`). */
interface UndoOffer {
  changeId: number | string;
  /** When the server stops taking it back (ISO time, the server's clock). */
  undoUntil: string;
  /** The server's words for the change ("2 updated, 1 already at Shortlisted"). */
  message: string;
  /** The server's clock when it answered (the `Date` header), so a wrong local clock does not shorten the window. */
  serverNow?: number;
  /** Called once the change is taken back, after the lists and histories have refreshed. */
  onUndone?: () => void;
}

/** The offer a key press takes back: the newest one still on screen. */
let current: { key: string; undo: () => void } | null = null;

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

// Ctrl+Z (⌘Z) takes back the newest change from wherever the keyboard is, except inside a text
// field (its own undo): a keyboard user who moved the wrong card should not have to Tab across
// the whole board to the notice's button before the window closes.
if (typeof window !== "undefined") {
  window.addEventListener("keydown", (event) => {
    if (!current || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== "z") return;
    if (editable(event.target)) return;
    event.preventDefault();
    current.undo();
  });
}

/**
 * Offers an Undo for a change: a notice with the server's message, a countdown and an Undo button
 * (also Ctrl+Z) for as long as the server takes the change back. Undo calls `POST
 * /applications/changes/{id}/undo`; on success the applicant lists and histories refresh and it
 * says so, on 409 it says the window has passed.
 */
export function useUndoNotice() {
  const { t } = useTranslation("pipeline");
  const { open, close } = useNotification();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();

  const undo = useCallback(
    async (offer: UndoOffer, key: string) => {
      if (current?.key === key) current = null;
      close?.(key);
      try {
        const { data } = await http.post<ChangeUndone>(
          `/api/applications/changes/${encodeURIComponent(String(offer.changeId))}/undo`,
        );
        await Promise.all([
          invalidate({ resource: "applications", invalidates: ["list", "many", "detail"] }),
          queryClient.invalidateQueries({ queryKey: ["application-history"] }),
        ]);
        open?.({ type: "success", message: data?.message || t("undo.done") });
        offer.onUndone?.();
      } catch (error) {
        const late = isApiError(error) && error.statusCode === 409;
        open?.({ type: "error", message: late ? t("undo.late") : (error as Error)?.message || t("undo.failed") });
      }
    },
    [close, invalidate, open, queryClient, t],
  );

  return useCallback(
    (offer: UndoOffer) => {
      const seconds = undoSeconds(offer.undoUntil, offer.serverNow ?? Date.now());
      if (seconds <= 0) {
        open?.({ type: "success", message: offer.message });
        return;
      }
      const key = `application-change-${offer.changeId}`;
      current = { key, undo: () => void undo(offer, key) };
      open?.({
        key,
        type: "progress",
        message: t("undo.offer", { message: offer.message }),
        undoableTimeout: seconds,
        cancelMutation: () => void undo(offer, key),
      });
      setTimeout(() => {
        if (current?.key === key) current = null;
        close?.(key);
      }, seconds * 1000);
    },
    [close, open, t, undo],
  );
}
