import type { FastifyRequest } from "fastify";
import { certificatePath, mailDate } from "../../domain/site-mail.js";
import type { Transaction } from "../../engine/command-types.js";
import type { Mail } from "../../platform/mailer.js";
import { nowIso } from "../../platform/time.js";
import { type Addressee, addresseesOf, applicantRows } from "./applicant-mail.js";
import { type Change, TRACKED_FIELDS, type TrackedField } from "./history.js";

/** The enum each tracked field's values are labelled by (as on the learner's timeline). */
const VALUE_ENUMS: Partial<Record<TrackedField, string>> = {
  stage: "applicationStage",
  attendance: "attendance",
  completion_status: "completionStatus",
  grade: "letterGrade",
};

/** A change of a field the applicant is told of (not their own withdrawal, not a note: the note comes apart). */
const isTracked = (field: string): field is TrackedField => (TRACKED_FIELDS as readonly string[]).includes(field);

/** The order an applicant reads their changes in, whatever order the command made them. */
const FIELD_ORDER: readonly TrackedField[] = ["stage", "attendance", "grade", "percentage", "completion_status"];

/** One change in the applicant's words: "• Stage: Shortlisted", "• Percentage: ८५%". */
function changeLine(to: Addressee, field: TrackedField, value: unknown): string {
  const { t } = to;
  const enumName = VALUE_ENUMS[field];
  const shown =
    value === null || value === undefined || value === ""
      ? t("applicantMail.none")
      : enumName
        ? t(`enums:${enumName}.${String(value)}`, {}, String(value))
        : field === "percentage"
          ? t("applicantMail.percentage", { value: Number(value) })
          : String(value);
  return t("applicantMail.line", { label: t(`applicantMail.fields.${field}`), value: shown });
}

/** What one applicant is told of a change: the mail, and what it says in short (for their bell). */
export interface ChangeNews {
  to: Addressee;
  mail: Mail;
  /** Their application's new stage, when the change moved it. */
  stage: string | null;
  /** The completion issued a certificate. */
  certified: boolean;
}

/** The mail telling one applicant what changed on their application, with the staff's note. */
function changeMail(to: Addressee, changes: readonly Change[], note: string | null, at: string): ChangeNews {
  const { t, row, site } = to;
  const latest = new Map<TrackedField, unknown>();
  for (const change of changes) {
    if (isTracked(change.field)) latest.set(change.field, change.to);
  }
  const lines = FIELD_ORDER.filter((field) => latest.has(field)).map((field) =>
    changeLine(to, field, latest.get(field)),
  );
  // completion becoming complete issues a certificate (applications.ts), written before this mail
  const certified = latest.get("completion_status") === "complete" && row.certificate_code;
  const certificate = certified
    ? t("applicantMail.certificate", {
        code: row.certificate_code ?? "",
        link: `${to.origin}${certificatePath(row.certificate_code ?? "")}`,
      })
    : "";
  const vars = { name: row.full_name, site: site.name, posting: row.posting };
  const stage = latest.get("stage");
  const mail = {
    to: row.email,
    subject: t(certified ? "applicantMail.certificateSubject" : "applicantMail.changeSubject", vars),
    text: t("applicantMail.changeBody", {
      ...vars,
      date: mailDate(at, to.language, to.calendar),
      lines: lines.length > 0 ? `\n\n${lines.join("\n")}` : "",
      certificate,
      note: note ? t("applicantMail.note", { note }) : "",
      link: to.link,
      private: row.user_id === null ? t("applicantMail.privateLink") : "",
    }),
  };
  return { to, mail, stage: typeof stage === "string" ? stage : null, certified: Boolean(certified) };
}

/**
 * The mails of one change to applications: one to each applicant with an
 * e-mail, learner or guest, saying in the language they applied in everything that changed on
 * their application (stage, attendance, grade or percentage, completion, and the certificate a
 * completion issued), the note to them, the site that speaks, and a link to the exact page. The
 * caller queues them to leave after the undo window. `noteFor` names applications that get the
 * note without any change (a note alone). An applicant's own withdrawal mails nobody.
 */
export async function changeMails(
  trx: Transaction,
  request: FastifyRequest,
  changes: readonly Change[],
  note: string | null,
  noteFor: readonly number[] = [],
): Promise<ChangeNews[]> {
  const byApplication = new Map<number, Change[]>();
  for (const change of changes) {
    if (!isTracked(change.field)) continue;
    byApplication.set(change.applicationId, [...(byApplication.get(change.applicationId) ?? []), change]);
  }
  if (note) {
    for (const id of noteFor) if (!byApplication.has(id)) byApplication.set(id, []);
  }
  if (byApplication.size === 0) return [];
  const rows = (await applicantRows(trx, [...byApplication.keys()])).filter((row) => row.email.trim() !== "");
  const at = nowIso();
  return (await addresseesOf(trx, request, rows)).map((to) =>
    changeMail(to, byApplication.get(to.row.id) ?? [], note, at),
  );
}
