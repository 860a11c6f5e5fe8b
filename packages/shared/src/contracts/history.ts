import { type Static, Type } from "typebox";
import { POSTING_TYPES } from "../enums.js";
import { HistoryValue, Nullable, OneOf } from "./common.js";

/**
 * An application's history: one entry per change of a tracked field, oldest first. Staff read
 * every entry with who made it; an applicant reads what was decided for them (no staff note, no
 * change that was undone); a guest reads theirs on their private page, without who made it.
 */

/** `GET /applications/{id}/history`: one change, with who made it. */
export const HistoryEntry = Type.Object({
  field: Type.String(),
  from: HistoryValue,
  to: HistoryValue,
  note: Nullable(Type.String()),
  by: Nullable(Type.Object({ id: Type.Integer(), full_name: Type.String() })),
  at: Type.String(),
  /** A staff-only note (field `note`): only staff ever get one. */
  internal: Type.Boolean(),
  /** Written by an undo, putting back what a change had changed. */
  undone: Type.Boolean(),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const HistoryAnswer = Type.Array(HistoryEntry);
export type HistoryAnswer = Static<typeof HistoryAnswer>;

/** A change as a guest reads it on their own page: no one who made it, no staff note. */
export const GuestHistoryEntry = Type.Object({
  field: Type.String(),
  from: HistoryValue,
  to: HistoryValue,
  note: Nullable(Type.String()),
  at: Type.String(),
});
export type GuestHistoryEntry = Static<typeof GuestHistoryEntry>;

/** `GET /public/applications/{token}`: what a guest sees of their own application. No ids. */
export const GuestStatus = Type.Object({
  posting: Type.Object({ title: Type.String(), type: OneOf(POSTING_TYPES) }),
  full_name: Type.String(),
  applied_at: Type.String(),
  stage: Type.String(),
  withdrawn_at: Nullable(Type.String()),
  history: Type.Array(GuestHistoryEntry),
});
export type GuestStatus = Static<typeof GuestStatus>;
