/**
 * Whole seconds an Undo stays offered: the server's window (`undo_until`) measured on the server's
 * clock (`serverNow`, from its answer), so a wrong clock on the user's machine neither hides the
 * Undo early nor keeps it after the server would refuse. At least 1 while any time is left; 0 when
 * the time is unreadable or already gone.
 */
export function undoSeconds(undoUntil: string, serverNow: number): number {
  const left = (Date.parse(undoUntil) - serverNow) / 1000;
  if (!Number.isFinite(left) || left <= 0) return 0;
  return Math.max(1, Math.floor(left));
}
