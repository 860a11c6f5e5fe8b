import {
  APPLICATION_STAGES,
  ATTENDANCE_VALUES,
  BulkChanged,
  COMPLETION_STATUSES,
  canWithdraw,
  type GradingType,
  LETTER_GRADES,
  type PostingType,
  stageFits,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { certificateCode } from "../../domain/certificates.js";
import { gainEventSkills } from "../../domain/learner-skills.js";
import { type Notice, type NoticeParams, notify } from "../../domain/notifications.js";
import type { CommandHandler, Transaction } from "../../engine/command-types.js";
import { badRequest, conflict } from "../../platform/errors.js";
import { CLOCK_GRACE_MS, queueMails } from "../../platform/mail-queue.js";
import { nowIso } from "../../platform/time.js";
import { openChange } from "./changes.js";
import {
  type Change,
  internalNoteOf,
  NOTE,
  noteOf,
  recordChanges,
  recordNotes,
  storedApplication,
  TRACKED_FIELDS,
  type TrackedField,
} from "./history.js";
import { changeMails } from "./stage-mail.js";

/**
 * Withdraws the application if the applicant still may: before any decision (@csc/shared `canWithdraw`).
 * The update lands only while the row still holds the values the rule was checked on, so a staff
 * change committed between the read and the update (PostgreSQL re-checks the condition once the
 * row's lock is free) leaves it untouched. Whether it withdrew.
 */
async function withdrawIfUndecided(trx: Transaction, id: number, now: string) {
  const read = await trx.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  if (!canWithdraw(read)) return false;
  const result = await trx
    .updateTable("applications")
    .set({ withdrawn_at: now, updated_at: now })
    .where("id", "=", id)
    .where("withdrawn_at", "is", null)
    .where("stage", "=", read.stage)
    .where("attendance", read.attendance === null ? "is" : "=", read.attendance)
    .where("grade", "is", null)
    .where("percentage", "is", null)
    .where("completion_status", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a bulk change may set: each field optional, each value one the field can hold. */
const BULK_BODY = {
  stage: Type.Optional(Type.Enum(APPLICATION_STAGES)),
  attendance: Type.Optional(Type.Enum(ATTENDANCE_VALUES)),
  grade: Type.Optional(Type.Enum(LETTER_GRADES)),
  percentage: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  completion_status: Type.Optional(Type.Enum(COMPLETION_STATUSES)),
  note: NOTE,
  internal_note: NOTE,
};

/** The tracked fields a bulk body sets, with their values. */
const settingsOf = (body: Record<string, unknown>) =>
  TRACKED_FIELDS.flatMap((field) => (body[field] === undefined ? [] : [[field, body[field]] as const]));

/** An application as a bulk change reads it: its tracked values, and how its event (if any) is graded. */
type BulkRow = Record<TrackedField, unknown> & {
  id: number;
  posting_type: PostingType;
  withdrawn_at: string | null;
  grading_type: GradingType | null;
  /** Who to tell of a new stage: applicants with an account, in the language they applied in. */
  user_id: number | null;
  email: string;
  full_name: string;
  language: string | null;
  posting: string | null;
  /** When its event starts: no attendance, grade or completion before then. */
  start_at: string | null;
};

async function bulkRows(trx: Transaction, ids: number[]): Promise<BulkRow[]> {
  return trx
    .selectFrom("applications as a")
    .leftJoin("learning_events as e", "e.id", "a.learning_event_id")
    .leftJoin("job_opportunities as j", "j.id", "a.job_opportunity_id")
    .leftJoin("scholarships as s", "s.id", "a.scholarship_id")
    .select((eb) => eb.fn.coalesce("e.title", "j.title", "s.title").as("posting"))
    .select([
      "a.id",
      "a.posting_type",
      "a.withdrawn_at",
      "a.user_id",
      "a.email",
      "a.full_name",
      "a.language",
      "a.stage",
      "a.attendance",
      "a.grade",
      "a.percentage",
      "a.completion_status",
      "e.grading_type",
      "e.start_at",
    ])
    .where("a.id", "in", ids)
    .orderBy("a.id")
    .execute();
}

/**
 * Why a value does not fit one application, or null when it does: a stage of the other variant
 *, a letter grade where the event grades by percentage (or not at all), or the reverse.
 */
function misfit(request: FastifyRequest, row: BulkRow, field: TrackedField, value: unknown): string | null {
  const id = row.id;
  if (field === "stage" && !stageFits(row.posting_type, value)) return request.t("bulk.stageMisfit", { id });
  if (field === "grade" && row.grading_type !== "grade") return request.t("bulk.gradeMisfit", { id });
  if (field === "percentage" && row.grading_type !== "percentage") return request.t("bulk.percentageMisfit", { id });
  // completing is what an event's learners do; an opportunity's candidates are hired or not
  if (field === "completion_status" && row.posting_type !== "learning-event") {
    return request.t("bulk.completionMisfit", { id });
  }
  // nobody attends, is graded or completes an event that has not begun
  if (field !== "stage" && row.start_at !== null && row.start_at > nowIso()) {
    return request.t("bulk.notStarted", { id });
  }
  return null;
}

/** Every misfit of the change, under its field (the first application each field fails on). */
function misfits(request: FastifyRequest, rows: BulkRow[], settings: ReturnType<typeof settingsOf>) {
  const errors: Record<string, string> = {};
  for (const row of rows) {
    for (const [field, value] of settings) {
      const why = errors[field] ? null : misfit(request, row, field, value);
      if (why) errors[field] = why;
    }
  }
  return errors;
}

/** The changes a bulk change makes: each field of each row whose value is not already the one set. */
const changesOf = (rows: BulkRow[], settings: ReturnType<typeof settingsOf>): Change[] =>
  rows.flatMap((row) =>
    settings
      .filter(([field, value]) => row[field] !== value)
      .map(([field, value]) => ({ applicationId: row.id, field, from: row[field], to: value })),
  );

/** Where each enum field's words are, for the answer's "1 already at Shortlisted". */
const VALUE_LABELS: Partial<Record<TrackedField, string>> = {
  stage: "enums:applicationStage",
  attendance: "enums:attendance",
  completion_status: "enums:completionStatus",
};

/** What the staff are told: how many changed, and how many already had what they set. */
function outcome(request: FastifyRequest, settings: ReturnType<typeof settingsOf>, updated: number, unchanged: number) {
  const { t } = request;
  if (unchanged === 0) return t("bulk.updated", { count: updated });
  const [only] = settings;
  if (settings.length !== 1 || !only) return t("bulk.updatedSomeUnchanged", { updated, unchanged });
  const [field, value] = only;
  const labels = VALUE_LABELS[field];
  const shown = labels ? t(`${labels}.${String(value)}`, {}, String(value)) : String(value);
  return t("bulk.updatedSomeAlready", { updated, unchanged, value: shown });
}

/**
 * An event's learner marked complete gets a certificate, and one marked incomplete again
 * loses it: the code proves a completion that no longer stands otherwise.
 */
async function issueCertificates(trx: Transaction, changes: Change[]) {
  const completion = changes.filter((change) => change.field === "completion_status");
  const revoked = completion.filter((change) => change.to !== "complete").map((change) => change.applicationId);
  if (revoked.length > 0) {
    await trx.updateTable("applications").set({ certificate_code: null }).where("id", "in", revoked).execute();
  }
  for (const change of completion.filter((entry) => entry.to === "complete")) {
    await trx
      .updateTable("applications")
      .set({ certificate_code: certificateCode() })
      .where("id", "=", change.applicationId)
      .where("certificate_code", "is", null)
      .execute();
  }
}

/**
 * Staff move many applicants at once: all or nothing. The router has already found
 * every id in the reach of the caller's `bulk` right (editors and admins of whoever owns the
 * posting); here a withdrawn application, or a value that does not fit one of the rows, refuses
 * the whole change before anything is written.
 */
const bulk: CommandHandler = {
  answer: { message: BulkChanged },
  body: BULK_BODY,
  check: (request, body) => {
    // no one field is at fault: the message says what to choose
    if (settingsOf(body).length === 0 && noteOf(body) === null && internalNoteOf(body) === null) {
      throw badRequest(request.t("bulk.nothing"));
    }
  },
  run: async (trx, ids, request, body) => {
    const settings = settingsOf(body);
    const rows = await bulkRows(trx, ids);
    const withdrawn = rows.find((row) => row.withdrawn_at !== null);
    if (withdrawn) throw conflict(request.t("bulk.withdrawn", { id: withdrawn.id }));
    const errors = misfits(request, rows, settings);
    if (Object.keys(errors).length > 0) throw badRequest(request.t("invalidInput"), errors);

    const changes = changesOf(rows, settings);
    const changed = [...new Set(changes.map((change) => change.applicationId))];
    const note = noteOf(body);
    const internalNote = internalNoteOf(body);
    const unchanged = settings.length === 0 ? 0 : rows.length - changed.length;
    if (changes.length === 0 && note === null && internalNote === null) {
      return {
        message: outcome(request, settings, 0, unchanged),
        data: { updated: 0, unchanged, change_id: null, undo_until: null },
      };
    }

    const at = nowIso();
    const change = await openChange(trx, {
      byUserId: request.auth.id,
      at,
      seconds: request.server.config.pipelineUndoSeconds,
    });
    // only rows still not withdrawn: an applicant who withdrew since the rows were read (PostgreSQL
    // re-checks the condition once the row's lock is free; under READ COMMITTED the check below sees
    // a withdrawal committed meanwhile, also of a row that only gets a note) refuses the whole change
    const moved =
      changed.length === 0
        ? null
        : await trx
            .updateTable("applications")
            .set({ ...Object.fromEntries(settings), updated_at: at })
            .where("id", "in", changed)
            .where("withdrawn_at", "is", null)
            .executeTakeFirst();
    const updated = Number(moved?.numUpdatedRows ?? 0);
    const late = await trx
      .selectFrom("applications")
      .select("id")
      .where("id", "in", ids)
      .where("withdrawn_at", "is not", null)
      .orderBy("id")
      .executeTakeFirst();
    if (late || updated !== changed.length) {
      throw conflict(request.t("bulk.withdrawn", { id: late?.id ?? changed.join(", ") }));
    }
    await issueCertificates(trx, changes);
    // a learner who completes an event gains its skills, as for a course
    const completed = changes.filter((entry) => entry.field === "completion_status" && entry.to === "complete");
    await gainEventSkills(
      trx,
      completed.map((entry) => entry.applicationId),
      at,
    );
    const author = { byUserId: request.auth.id, at, note, changeId: change.id };
    await recordChanges(trx, changes, author);
    // a message to applicants whose rows did not change still reaches them, as a note of its own
    const changedIds = new Set(changed);
    if (note !== null) {
      await recordNotes(
        trx,
        rows.filter((row) => !changedIds.has(row.id)).map((row) => row.id),
        author,
      );
    }
    if (internalNote !== null) {
      await recordNotes(
        trx,
        rows.map((row) => row.id),
        { ...author, note: internalNote, internal: true },
      );
    }
    // the applicants hear of it once the change can no longer be undone: one piece of news per
    // applicant, everything that changed on their application and the message to them
    const news = await changeMails(
      trx,
      request,
      changes,
      note,
      rows.map((row) => row.id),
    );
    const showAfter = new Date(Date.parse(change.undoUntil) + CLOCK_GRACE_MS).toISOString();
    // a guest has no account to be told in: the mail alone, with its private link
    await queueMails(
      trx,
      news.filter((entry) => entry.to.row.user_id === null).map((entry) => entry.mail),
      { changeId: change.id, sendAfter: showAfter, at },
    );
    // a learner is told as they chose: in their bell, by this mail at once, or in their digest
    await notify(
      trx,
      request,
      news.flatMap(({ to, mail, stage, certified }) =>
        to.row.user_id === null
          ? []
          : [
              {
                userId: to.row.user_id,
                kind: certified ? "certificate-issued" : "application-moved",
                params: (certified
                  ? { item: to.row.posting }
                  : stage
                    ? { posting: to.row.posting, stage }
                    : { posting: to.row.posting, variant: "news" }) as NoticeParams,
                link: to.link.slice(to.origin.length),
                about: { resource: "applications", id: to.row.id },
                mail,
              } satisfies Notice,
            ],
      ),
      { changeId: change.id, showAfter, at },
    );
    return {
      message: outcome(request, settings, changed.length, unchanged),
      data: { updated: changed.length, unchanged, change_id: change.id, undo_until: change.undoUntil },
    };
  },
};

/** The pipeline's commands on applications: the applicant's withdrawal, the staff's bulk change. */
export const applicationCommands: Record<"withdraw" | "bulk", CommandHandler> = {
  withdraw: {
    answer: { row: "applications" },
    run: async (trx, [id], request) => {
      const now = nowIso();
      if (id === undefined || !(await withdrawIfUndecided(trx, id, now))) {
        throw conflict(request.t("applicationDecided"));
      }
      // the staff see in the history that and when the applicant withdrew
      await recordChanges(trx, [{ applicationId: id, field: "withdrawn_at", from: null, to: now }], {
        byUserId: request.auth.id,
        at: now,
        note: null,
      });
      return { row: await storedApplication(trx, id) };
    },
  },
  bulk,
};
