import { RecruitersDecided } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { mailInEveryLanguage, originFor, providerSite } from "../../domain/site-mail.js";
import { type CommandHandler, REQUIRED_REASON, type Transaction } from "../../engine/command-types.js";
import type { Mail } from "../../platform/mailer.js";
import { nowIso } from "../../platform/time.js";

/**
 * The mail telling each company its request's outcome, with the reason of a refusal and the
 * recruiter site's sign-in page. Nothing records the language a company registered in, so the
 * mail is written in both, English first.
 */
async function decisionMails(
  trx: Transaction,
  request: FastifyRequest,
  ids: number[],
  outcome: "approved" | "rejected",
  reason: string | null,
): Promise<Mail[]> {
  const companies = await trx.selectFrom("recruiters").select(["name", "email"]).where("id", "in", ids).execute();
  const link = `${originFor(request, { kind: "recruiter" })}/login`;
  const key = outcome === "approved" ? "recruiterApproved" : "recruiterRejected";
  return Promise.all(
    companies
      .filter((company) => company.email.trim() !== "")
      .map((company) =>
        mailInEveryLanguage(request.server.config.localesDir, company.email, (t) => {
          const vars = { company: company.name, site: providerSite(t).name, link, reason: reason ?? "" };
          return { subject: t(`companyMail.${key}Subject`, vars), text: t(`companyMail.${key}Body`, vars) };
        }),
      ),
  );
}

const pending = {
  // biome-ignore lint/suspicious/noExplicitAny: the alias `r` is the recruiters table
  applies: (eb: any) => eb("r.status", "=", "pending"),
};

/** Recruiters → Request: approve or reject company requests, one or many at once. */
export const recruiterRequestCommands: Record<"approve" | "reject", CommandHandler> = {
  approve: {
    answer: { message: RecruitersDecided },
    ...pending,
    run: async (trx, ids, request) => {
      await trx
        .updateTable("recruiters")
        .set({ status: "approved", reject_reason: null, updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return {
        message: request.t("recruitersApproved", { count: ids.length }),
        data: { ids },
        mails: await decisionMails(trx, request, ids, "approved", null),
      };
    },
  },
  reject: {
    answer: { message: RecruitersDecided },
    ...pending,
    // the company is told why
    ...REQUIRED_REASON,
    run: async (trx, ids, request, body) => {
      const reason = String(body.reason).trim();
      await trx
        .updateTable("recruiters")
        .set({ status: "rejected", reject_reason: reason, updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return {
        message: request.t("recruitersRejected", { count: ids.length }),
        data: { ids },
        mails: await decisionMails(trx, request, ids, "rejected", reason),
      };
    },
  },
};
