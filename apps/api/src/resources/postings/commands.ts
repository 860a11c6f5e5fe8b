import { ATTENDANCE, firstStageOf, type PostingType, SavedPostingAnswer, SavePostingBody } from "@csc/shared";
import { homeSiteOf, type SessionUser } from "../../domain/accounts.js";
import { originFor } from "../../domain/site-mail.js";
import type { CommandHandler, Transaction } from "../../engine/command-types.js";
import { conflict } from "../../platform/errors.js";
import { nowIso } from "../../platform/time.js";
import { NOTE, noteOf, recordChanges, storedApplication } from "../applications/history.js";
import { receiptMail } from "../applications/receipt-mail.js";
import { tellStaffOfApplicant } from "../applications/staff-notices.js";
import { OPEN, POSTING_COLUMN } from "./open.js";

/**
 * Where an applicant with an account comes from (the "Applicant Type" column): a college's
 * student, or an independent learner of the provider's platform (skill lab). A company's employee
 * is neither, and shows as N/A.
 */
function applicantTypeOf(user: SessionUser): "college" | "skill_lab" | null {
  if (user.institution === null) return "skill_lab";
  return user.institution.type === "college" ? "college" : null;
}

/** The name of the learner's program or department, copied onto the application as it is when they apply. */
async function departmentOf(trx: Transaction, userId: number): Promise<string | null> {
  const row = await trx
    .selectFrom("users as u")
    .leftJoin("program_departments as pd", "pd.id", "u.program_department_id")
    .select("pd.name")
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

async function hasApplied(trx: Transaction, type: PostingType, postingId: number, userId: number) {
  const row = await trx
    .selectFrom("applications")
    .select("id")
    .where(POSTING_COLUMN[type], "=", postingId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The applicant's details as the application keeps them: a copy, as they are when they apply. */
export interface Applicant {
  user_id: number | null;
  full_name: string;
  email: string;
  contact_number: string | null;
  profession: string | null;
  institution_id: number | null;
  institution: string | null;
  department: string | null;
  applicant_type: "skill_lab" | "college" | "recruiter" | null;
}

/**
 * Writes a new application, in the first stage of its posting's variant with no attendance yet,
 * and that stage as its first history row (by the learner, or nobody for a guest), in `trx`.
 */
export async function insertApplication(
  trx: Transaction,
  type: PostingType,
  postingId: number,
  applicant: Applicant,
  context: { language: string; byUserId: number | null; note: string | null },
): Promise<number> {
  const now = nowIso();
  const stage = firstStageOf(type);
  const { id } = await trx
    .insertInto("applications")
    .values({
      posting_type: type,
      learning_event_id: null,
      job_opportunity_id: null,
      scholarship_id: null,
      [POSTING_COLUMN[type]]: postingId,
      ...applicant,
      applied_at: now,
      stage,
      attendance: ATTENDANCE.noStatus,
      grade: null,
      percentage: null,
      completion_status: null,
      certificate_code: null,
      withdrawn_at: null,
      language: context.language,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordChanges(trx, [{ applicationId: id, field: "stage", from: null, to: stage }], {
    byUserId: context.byUserId,
    at: now,
    note: context.note,
  });
  return id;
}

/**
 * A learner applies to a posting they may read (the router has found it in the reach of their
 * `apply` right) while it is open: once, with their own details as they are now, in
 * the first stage of the posting's variant and with no attendance yet. The stage it starts in is
 * its first history row, with the learner's note.
 */
function apply(type: PostingType): CommandHandler {
  return {
    answer: { row: "applications" },
    body: { note: NOTE },
    applies: OPEN[type],
    // the posting stays as it was: what changed is the application it makes
    leavesRows: true,
    run: async (trx, [postingId], request, body) => {
      const user = request.auth;
      // only learners hold `apply` (a byApplicant command, registry/types.ts), on postings they may read
      if (postingId === undefined) throw new Error("apply names one posting");
      // the unique indexes catch a race; this answers the usual second click with its own message
      if (await hasApplied(trx, type, postingId, user.id)) throw conflict(request.t("alreadyApplied"));
      const id = await insertApplication(
        trx,
        type,
        postingId,
        {
          user_id: user.id,
          full_name: user.fullName,
          email: user.email,
          contact_number: user.phone,
          profession: null,
          institution_id: user.institution?.id ?? null,
          institution: user.institutionRecord?.name ?? null,
          department: await departmentOf(trx, user.id),
          applicant_type: applicantTypeOf(user),
        },
        { language: request.language, byUserId: user.id, note: noteOf(body) },
      );
      await tellStaffOfApplicant(trx, request, id);
      // the learner's receipt, in the language they applied in, leaves once the application is kept
      return {
        row: await storedApplication(trx, id),
        of: "applications",
        created: true,
        mails: [await receiptMail(trx, request, id)],
      };
    },
  };
}

/**
 * A learner keeps a posting they may read in their "Saved" list (`{ saved: true }`), open or
 * closed, or takes it out (`{ saved: false }`); saving twice keeps one row. The day before a
 * saved posting stops taking applications, they are reminded (domain/saved-posting-reminders.ts).
 */
function save(type: PostingType): CommandHandler {
  const column = POSTING_COLUMN[type];
  return {
    answer: { message: SavedPostingAnswer },
    body: SavePostingBody,
    leavesRows: true,
    run: async (trx, [postingId], request, body) => {
      // only learners hold `save` (a byApplicant command, registry/types.ts), on postings they may read
      if (postingId === undefined) throw new Error("save names one posting");
      const saved = body.saved === true;
      if (saved) {
        await trx
          .insertInto("saved_postings")
          .values({
            user_id: request.auth.id,
            posting_type: type,
            learning_event_id: null,
            job_opportunity_id: null,
            scholarship_id: null,
            [column]: postingId,
            origin: originFor(request, homeSiteOf(request.auth)),
            reminded_for: null,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.columns([column, "user_id"]).doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom("saved_postings")
          .where(column, "=", postingId)
          .where("user_id", "=", request.auth.id)
          .execute();
      }
      return { message: request.t(saved ? "postingSaved" : "postingUnsaved"), data: { saved } };
    },
  };
}

/** The commands of a posting (learning event, job opportunity, scholarship). */
export const postingCommands = (type: PostingType): Record<"apply" | "save", CommandHandler> => ({
  apply: apply(type),
  save: save(type),
});
