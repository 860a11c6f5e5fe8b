import { APPLICATION_NOTE_MAX, type HistoryValue } from "@csc/shared";
import type { ExpressionBuilder } from "kysely";
import { Type } from "typebox";
import type { Transaction } from "../../engine/command-types.js";
import type { Database } from "../../platform/db/schema.js";

/** The fields of an application whose every change is kept. */
export const TRACKED_FIELDS = ["stage", "attendance", "grade", "percentage", "completion_status"] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

/** One field of one application going from one value to another (`withdrawn_at`: the applicant withdrew). */
export interface Change {
  applicationId: number;
  field: TrackedField | "withdrawn_at" | "note";
  from: unknown;
  to: unknown;
}

/** Who made a set of changes, when, and why (the note the staff or the applicant wrote). */
export interface Author {
  /** Null for a public applicant without an account (routes/public-postings.ts). */
  byUserId: number | null;
  at: string;
  note: string | null;
  /** The change set it belongs to, which an undo reverses as one. */
  changeId?: number | null;
  /** The note is staff-only: never shown to the applicant, mailed or exported. */
  internal?: boolean;
  /** Written by an undo. */
  undone?: boolean;
}

/** History keeps values as text, whatever the column's type (attendance and percentage are numbers). */
export const historyText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Tracked fields stored as numbers: history keeps text, and gives them back as numbers. */
const NUMERIC_FIELDS = new Set<string>(["attendance", "percentage"]);

/** A history value as the field holds it: attendance and percentage as numbers, the rest as text. */
export const historyValue = (field: string, value: string | null): HistoryValue =>
  value !== null && NUMERIC_FIELDS.has(field) ? Number(value) : value;

/**
 * Writes one history row per change, in the caller's transaction: the change and its record are
 * kept together or not at all.
 */
export async function recordChanges(trx: Transaction, changes: readonly Change[], author: Author): Promise<void> {
  // SQLite takes at most 32,766 parameters a statement: 1,000 applicants × 5 fields × 7 columns is more
  for (let at = 0; at < changes.length; at += HISTORY_ROWS_PER_INSERT) {
    await insertChanges(trx, changes.slice(at, at + HISTORY_ROWS_PER_INSERT), author);
  }
}

const HISTORY_ROWS_PER_INSERT = 1_000;

async function insertChanges(trx: Transaction, changes: readonly Change[], author: Author): Promise<void> {
  await trx
    .insertInto("application_history")
    .values(
      changes.map((change) => ({
        application_id: change.applicationId,
        field: change.field,
        from_value: historyText(change.from),
        to_value: historyText(change.to),
        note: author.note,
        by_user_id: author.byUserId,
        at: author.at,
        change_id: author.changeId ?? null,
        internal: author.internal ? 1 : 0,
        undone: author.undone ? 1 : 0,
      })),
    )
    .execute();
}

/** A note on each of some applications with no change of its own (field `note`): a message, or staff-only. */
export async function recordNotes(trx: Transaction, applicationIds: readonly number[], author: Author): Promise<void> {
  await recordChanges(
    trx,
    applicationIds.map((applicationId) => ({ applicationId, field: "note", from: null, to: null })),
    author,
  );
}

/** The note a command's body may carry (why a stage changed, a word with an application), kept in the history. */
export const NOTE = Type.Optional(Type.String({ maxLength: APPLICATION_NOTE_MAX }));

/** An optional note from a body: trimmed, and none when blank. */
export const noteOf = (body: Record<string, unknown>): string | null =>
  typeof body.note === "string" && body.note.trim() ? body.note.trim() : null;

/** The staff-only note of a body: trimmed, and none when blank. */
export const internalNoteOf = (body: Record<string, unknown>): string | null =>
  typeof body.internal_note === "string" && body.internal_note.trim() ? body.internal_note.trim() : null;

/** An application as stored, to answer with (the router cuts it to the reader's fields). */
export async function storedApplication(trx: Transaction, id: number): Promise<Record<string, unknown>> {
  return (await trx.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Record<
    string,
    unknown
  >;
}

/**
 * The history rows an applicant reads of their own application (`h` being `application_history`):
 * what was decided for them, never a staff-only note nor a change that was undone (nor its undoing).
 */
export function readableByApplicant(eb: ExpressionBuilder<Database & { h: Database["application_history"] }, "h">) {
  return eb.and([
    eb("h.internal", "=", 0),
    eb.or([
      eb("h.change_id", "is", null),
      eb.not(
        eb.exists(
          eb
            .selectFrom("application_changes as c")
            .select("c.id")
            .whereRef("c.id", "=", "h.change_id")
            .where("c.undone_at", "is not", null),
        ),
      ),
    ]),
  ]);
}
