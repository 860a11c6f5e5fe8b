import {
  APPLICATION_STAGES,
  ATTENDANCE_VALUES,
  COMPLETION_STATUSES,
  canWithdraw,
  type GradingType,
  LETTER_GRADES,
  type PostingType,
  stageFits,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { certificateCode } from "../../lib/certificates.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { gainEventSkills } from "../../lib/learner-skills.js";
import type { Mail } from "../../lib/mailer.js";
import { nowIso } from "../../lib/time.js";
import {
  type Change,
  NOTE,
  noteOf,
  recordChanges,
  storedApplication,
  TRACKED_FIELDS,
  type TrackedField,
} from "./history.js";
import { stageMail } from "./stage-mail.js";
import type { CommandHandler, Transaction } from "./types.js";

/** Whether the applicant may still withdraw the application: before any decision (@csc/shared `canWithdraw`). */
async function withdrawable(trx: Transaction, id: number) {
  return canWithdraw(await trx.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
}

/** What a bulk change may set: each field optional, each value one the field can hold. */
const BULK_BODY = {
  stage: Type.Optional(Type.Enum(APPLICATION_STAGES)),
  attendance: Type.Optional(Type.Enum(ATTENDANCE_VALUES)),
  grade: Type.Optional(Type.Enum(LETTER_GRADES)),
  percentage: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  completion_status: Type.Optional(Type.Enum(COMPLETION_STATUSES)),
  note: NOTE,
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
    ])
    .where("a.id", "in", ids)
    .orderBy("a.id")
    .execute();
}

/**
 * Why a value does not fit one application, or null when it does: a stage of the other variant
 * (spec §4), a letter grade where the event grades by percentage (or not at all), or the reverse.
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

/** A mail to each learner (an applicant with an account) whose stage the change moved. */
function stageMails(request: FastifyRequest, rows: BulkRow[], changes: Change[], note: string | null): Mail[] {
  const learners = new Map(rows.filter((row) => row.user_id !== null).map((row) => [row.id, row]));
  return changes.flatMap((change) => {
    const row = learners.get(change.applicationId);
    if (change.field !== "stage" || !row) return [];
    const { email, full_name: name, language, posting } = row;
    const stage = String(change.to);
    return [
      stageMail(request.server.config.localesDir, { email, name, language, posting: posting ?? "", stage, note }),
    ];
  });
}

/**
 * An event's learner marked complete gets a certificate (issue 9), and one marked incomplete again
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
 * Staff move many applicants at once (DESIGN §5a): all or nothing. The router has already found
 * every id in the reach of the caller's `bulk` right (editors and admins of whoever owns the
 * posting); here a withdrawn application, or a value that does not fit one of the rows, refuses
 * the whole change before anything is written.
 */
const bulk: CommandHandler = {
  body: BULK_BODY,
  check: (request, body) => {
    // no one field is at fault: the message says what to choose
    if (settingsOf(body).length === 0) throw badRequest(request.t("bulk.nothing"));
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
    const at = nowIso();
    if (changed.length > 0) {
      await trx
        .updateTable("applications")
        .set({ ...Object.fromEntries(settings), updated_at: at })
        .where("id", "in", changed)
        .execute();
    }
    await issueCertificates(trx, changes);
    // a learner who completes an event gains its skills, as for a course (DESIGN §5a)
    const completed = changes.filter((change) => change.field === "completion_status" && change.to === "complete");
    await gainEventSkills(
      trx,
      completed.map((change) => change.applicationId),
      at,
    );
    const note = noteOf(body);
    await recordChanges(trx, changes, { byUserId: request.auth.id, at, note });
    return {
      message: request.t("bulk.updated", { count: changed.length }),
      data: { updated: changed.length },
      mails: stageMails(request, rows, changes, note),
    };
  },
};

/** The pipeline's commands on applications (DESIGN §5a): the applicant's withdrawal, the staff's bulk change. */
export const applicationCommands: Record<"withdraw" | "bulk", CommandHandler> = {
  withdraw: {
    run: async (trx, [id], request) => {
      if (id === undefined || !(await withdrawable(trx, id))) throw conflict(request.t("applicationDecided"));
      const now = nowIso();
      await trx.updateTable("applications").set({ withdrawn_at: now, updated_at: now }).where("id", "=", id).execute();
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
