import type { FastifyRequest } from "fastify";
import { completedEnrolments } from "../../domain/completed-items.js";
import {
  calendarOf,
  certificatePath,
  languageOf,
  mailDate,
  originFor,
  ownerSite,
  translatorFor,
} from "../../domain/site-mail.js";
import type { Transaction } from "../../engine/command-types.js";
import type { Mail } from "../../platform/mailer.js";

/** A learner's certificate made ready: whom, of what, its page, and the mail telling them. */
export interface CertificateNews {
  userId: number;
  enrolmentId: number;
  item: string;
  /** The certificate's public page. */
  path: string;
  mail: Mail;
}

/**
 * The mail that a learner's certificate is ready: for each completed enrolment of a
 * course, an enrichment program or a career roadmap, in the language the learner enrolled in and
 * the calendar they read, naming who issued it and linking to its public page on the issuer's
 * site, where anyone can verify it and the learner prints it. (A learning event's certificate goes
 * out with the other news of its application: stage-mail.ts.)
 */
export async function certificateMails(
  trx: Transaction,
  request: FastifyRequest,
  enrolmentIds: readonly number[],
): Promise<CertificateNews[]> {
  if (enrolmentIds.length === 0) return [];
  const rows = await completedEnrolments(trx)
    .select([
      "e.id",
      "e.user_id",
      "e.certificate_code",
      "e.completed_at",
      "e.language",
      "u.email",
      "u.full_name",
      "u.calendar",
    ])
    .where("e.id", "in", enrolmentIds)
    .where("e.certificate_code", "is not", null)
    .where("u.deleted_at", "is", null)
    .orderBy("e.id")
    .execute();
  const mails: CertificateNews[] = [];
  for (const row of rows) {
    const language = languageOf(row.language);
    const t = translatorFor(request.server.config.localesDir, language);
    const issuer = await ownerSite(trx, { institution_id: row.institution_id, recruiter_id: row.recruiter_id }, t);
    const code = String(row.certificate_code);
    const vars = { name: row.full_name, item: row.title ?? "", site: issuer.name };
    mails.push({
      userId: row.user_id,
      enrolmentId: row.id,
      item: row.title ?? "",
      path: certificatePath(code),
      mail: {
        to: row.email,
        subject: t("enrolmentMail.certificateSubject", vars),
        text: t("enrolmentMail.certificateBody", {
          ...vars,
          code,
          date: mailDate(row.completed_at, language, calendarOf(row.calendar)),
          link: `${originFor(request, issuer.site)}${certificatePath(code)}`,
        }),
      },
    });
  }
  return mails;
}
