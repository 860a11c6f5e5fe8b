import type { FastifyRequest } from "fastify";
import { certificateCode } from "../../domain/certificates.js";
import { gainEventSkills } from "../../domain/learner-skills.js";
import type { Transaction } from "../../engine/command-types.js";
import { conflict, notFound } from "../../platform/errors.js";
import { publish } from "../../platform/live.js";
import { nowIso } from "../../platform/time.js";
import { type Change, historyText, historyValue, recordChanges, TRACKED_FIELDS, type TrackedField } from "./history.js";

/**
 * A change set of the pipeline: the stage, attendance, grade or completion of some
 * applicants, changed at once by one member of staff, undoable as one until `undo_until`. The
 * applicants' mail for it waits in the mail queue until then.
 */

interface OpenedChange {
  id: number;
  undoUntil: string;
}

/** Starts a change set in the caller's transaction. */
export async function openChange(
  trx: Transaction,
  { byUserId, at, seconds }: { byUserId: number; at: string; seconds: number },
): Promise<OpenedChange> {
  const undoUntil = new Date(Date.parse(at) + seconds * 1000).toISOString();
  const { id } = await trx
    .insertInto("application_changes")
    .values({ by_user_id: byUserId, created_at: at, undo_until: undoUntil })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, undoUntil };
}

const isTracked = (field: string): field is TrackedField => (TRACKED_FIELDS as readonly string[]).includes(field);

/** The applications a change set touched, each with what it changed (internal notes and plain notes aside). */
export async function changeRows(trx: Transaction, changeId: number) {
  return trx
    .selectFrom("application_history")
    .select(["application_id", "field", "from_value", "to_value"])
    .where("change_id", "=", changeId)
    .where("undone", "=", 0)
    .orderBy("id")
    .execute();
}

/**
 * Undoes a change set, in the caller's transaction (the router has found every application it
 * touched within the caller's reach): puts back each value it changed, takes back a certificate
 * or skills a completion gave, writes the history rows that say it was undone, and drops the
 * mail that was waiting. Refused once the window has passed, when already undone, or when a
 * later change has since moved one of its applicants (undoing would overwrite that change).
 */
export async function undoChange(trx: Transaction, request: FastifyRequest, changeId: number): Promise<number> {
  const { t } = request;
  const change = await trx.selectFrom("application_changes").selectAll().where("id", "=", changeId).executeTakeFirst();
  if (!change) throw notFound(t("notFound"));
  if (change.undone_at !== null) throw conflict(t("undo.already"));
  const at = nowIso();
  if (at >= change.undo_until) throw conflict(t("undo.tooLate"));

  const tracked = (await changeRows(trx, changeId)).filter((row) => isTracked(row.field));
  const ids = [...new Set(tracked.map((row) => row.application_id))];
  const current = ids.length ? await trx.selectFrom("applications").selectAll().where("id", "in", ids).execute() : [];
  const byId = new Map(current.map((row) => [row.id, row as unknown as Record<string, unknown>]));
  const moved = tracked.find((row) => historyText(byId.get(row.application_id)?.[row.field]) !== row.to_value);
  if (moved) throw conflict(t("undo.changedSince", { id: moved.application_id }));

  const reverse: Change[] = tracked.map((row) => ({
    applicationId: row.application_id,
    field: row.field as TrackedField,
    from: historyValue(row.field, row.to_value),
    to: historyValue(row.field, row.from_value),
  }));
  for (const id of ids) {
    const values = Object.fromEntries(
      reverse.filter((entry) => entry.applicationId === id).map((entry) => [entry.field, entry.to]),
    );
    await trx
      .updateTable("applications")
      .set({ ...values, updated_at: at })
      .where("id", "=", id)
      .execute();
  }
  await restoreCompletions(trx, reverse, change.created_at, at);
  await publish(trx, [{ resource: "applications", type: "updated", ids }]);
  await recordChanges(trx, reverse, { byUserId: request.auth.id, at, note: null, changeId, undone: true });
  await trx.deleteFrom("mail_queue").where("change_id", "=", changeId).execute();
  // and whoever would have been told of it is not
  await trx.deleteFrom("notifications").where("change_id", "=", changeId).execute();
  await trx
    .updateTable("application_changes")
    .set({ undone_at: at, undone_by: request.auth.id })
    .where("id", "=", changeId)
    .execute();
  return ids.length;
}

/**
 * A completion undone takes back what it gave: the certificate, and the skills gained at that
 * very moment from that event; an incompletion undone gives the certificate back (a new code:
 * the old one was revoked and stays so).
 */
async function restoreCompletions(trx: Transaction, reverse: readonly Change[], changedAt: string, at: string) {
  const completion = reverse.filter((entry) => entry.field === "completion_status");
  const uncompleted = completion.filter((entry) => entry.from === "complete").map((entry) => entry.applicationId);
  if (uncompleted.length > 0) {
    await trx.updateTable("applications").set({ certificate_code: null }).where("id", "in", uncompleted).execute();
    const learners = await trx
      .selectFrom("applications")
      .select(["user_id", "learning_event_id"])
      .where("id", "in", uncompleted)
      .where("user_id", "is not", null)
      .execute();
    for (const { user_id: userId, learning_event_id: eventId } of learners) {
      await trx
        .deleteFrom("learner_skills")
        .where("user_id", "=", userId as number)
        .where("source_type", "=", "learning-event")
        .where("source_id", "=", eventId)
        .where("gained_at", "=", changedAt)
        .execute();
    }
  }
  const recompleted = completion.filter((entry) => entry.to === "complete").map((entry) => entry.applicationId);
  for (const id of recompleted) {
    await trx
      .updateTable("applications")
      .set({ certificate_code: certificateCode() })
      .where("id", "=", id)
      .where("certificate_code", "is", null)
      .execute();
  }
  await gainEventSkills(trx, recompleted, at);
}
