import { isClosingStage } from "@csc/shared";

/**
 * The board's keyboard move as a state machine (no move by accident). A focused card is
 * picked up with Space or Enter, the arrows choose the column it would land in, Space or Enter
 * drops it there and Escape puts it back. Nothing is sent before the drop, and a drop where it
 * came from is no move at all.
 */
export type BoardMove = { phase: "idle" } | { phase: "carrying"; id: number; from: string; target: string };

export const IDLE: BoardMove = { phase: "idle" };

/** What a key did: the board announces each step and acts on `drop`. */
type BoardStep =
  | { kind: "ignored" }
  | { kind: "pickedUp"; move: BoardMove & { phase: "carrying" } }
  | { kind: "target"; move: BoardMove & { phase: "carrying" } }
  | { kind: "dropped"; id: number; from: string; to: string }
  | { kind: "cancelled"; id: number; from: string };

const PICK = new Set([" ", "Enter"]);
const FORWARD = new Set(["ArrowRight", "ArrowDown"]);
const BACKWARD = new Set(["ArrowLeft", "ArrowUp"]);

/**
 * The step one key makes. `stages` are the columns in the board's order; `card` is the focused
 * card (its id and stage). While a card is carried, keys on another card still steer the carried
 * one: the focus does not leave it, but a click elsewhere must not start a second move.
 */
export function boardKey(
  move: BoardMove,
  key: string,
  card: { id: number; stage: string },
  stages: readonly string[],
): BoardStep {
  if (move.phase === "idle") {
    if (!PICK.has(key) || !stages.includes(card.stage)) return { kind: "ignored" };
    return { kind: "pickedUp", move: { phase: "carrying", id: card.id, from: card.stage, target: card.stage } };
  }
  if (key === "Escape") return { kind: "cancelled", id: move.id, from: move.from };
  if (PICK.has(key)) {
    return move.target === move.from
      ? { kind: "cancelled", id: move.id, from: move.from }
      : { kind: "dropped", id: move.id, from: move.from, to: move.target };
  }
  const index = stages.indexOf(move.target);
  let next = index;
  if (FORWARD.has(key)) next = Math.min(index + 1, stages.length - 1);
  else if (BACKWARD.has(key)) next = Math.max(index - 1, 0);
  else if (key === "Home") next = 0;
  else if (key === "End") next = stages.length - 1;
  else return { kind: "ignored" };
  return { kind: "target", move: { ...move, target: stages[next] ?? move.target } };
}

/**
 * The board's columns in order: the stages still in play as the variant lists them, then the
 * closing ones (rejected, CV not matched, did not attend, spam) together at the end, where a
 * card does not land by one arrow too many from a stage in play.
 */
export function boardOrder(stages: readonly string[]): { open: string[]; closing: string[]; all: string[] } {
  const open = stages.filter((stage) => !isClosingStage(stage));
  const closing = stages.filter((stage) => isClosingStage(stage));
  return { open, closing, all: [...open, ...closing] };
}

/**
 * Where the focus goes from a card when nothing is carried: up and down within its column, left
 * and right to the nearest card of the next column that has any (at the same height, or its last).
 * `columns` are the card ids of each column, in the board's order.
 */
export function neighbourCard(columns: readonly (readonly number[])[], id: number, key: string): number | null {
  const column = columns.findIndex((ids) => ids.includes(id));
  if (column < 0) return null;
  const cards = columns[column] ?? [];
  const row = cards.indexOf(id);
  if (key === "ArrowDown") return cards[row + 1] ?? null;
  if (key === "ArrowUp") return row > 0 ? (cards[row - 1] ?? null) : null;
  const direction = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
  if (direction === 0) return null;
  for (let next = column + direction; next >= 0 && next < columns.length; next += direction) {
    const others = columns[next] ?? [];
    if (others.length) return others[Math.min(row, others.length - 1)] ?? null;
  }
  return null;
}
