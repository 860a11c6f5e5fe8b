import type { FastifyRequest } from "fastify";
import { mailDate } from "../../domain/site-mail.js";
import type { Transaction } from "../../engine/command-types.js";
import type { Mail } from "../../platform/mailer.js";
import { nowIso } from "../../platform/time.js";
import { addresseesOf, applicantRows } from "./applicant-mail.js";

/**
 * The receipt of a new application, in the language it was made in: the site and the
 * posting, when, the stage it starts in, and the link to follow it — a learner's application on
 * their own site, a guest's private status page (its token written in `trx`, so taken back with it).
 */
export async function receiptMail(trx: Transaction, request: FastifyRequest, applicationId: number): Promise<Mail> {
  const [row] = await applicantRows(trx, [applicationId]);
  if (!row) throw new Error(`application ${applicationId} not found for its receipt`);
  const [to] = await addresseesOf(trx, request, [row]);
  if (!to) throw new Error(`application ${applicationId} has no addressee`);
  const stored = await trx
    .selectFrom("applications")
    .select(["applied_at", "stage"])
    .where("id", "=", applicationId)
    .executeTakeFirstOrThrow();
  const { t, site } = to;
  const vars = { name: row.full_name, site: site.name, posting: row.posting };
  return {
    to: row.email,
    subject: t("applicantMail.receiptSubject", vars),
    text: t("applicantMail.receiptBody", {
      ...vars,
      date: mailDate(stored.applied_at ?? nowIso(), to.language, to.calendar),
      stage: t(`enums:applicationStage.${stored.stage}`, {}, stored.stage),
      link: to.link,
      private: row.user_id === null ? t("applicantMail.privateLink") : "",
    }),
  };
}
