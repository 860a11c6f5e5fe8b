import { RecruitersDecided } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { originFor, providerSite, translatorFor } from "../../domain/site-mail.js";
import type { CommandHandler, Transaction } from "../../engine/command-types.js";
import { badRequest } from "../../platform/errors.js";
import type { Mail } from "../../platform/mailer.js";
import { LANGUAGES } from "../../platform/messages.js";
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
  const { localesDir } = request.server.config;
  const key = outcome === "approved" ? "recruiterApproved" : "recruiterRejected";
  return companies
    .filter((company) => company.email.trim() !== "")
    .map((company) => {
      const parts = LANGUAGES.map((language) => {
        const t = translatorFor(localesDir, language);
        const vars = { company: company.name, site: providerSite(t).name, link, reason: reason ?? "" };
        return { subject: t(`companyMail.${key}Subject`, vars), text: t(`companyMail.${key}Body`, vars) };
      });
      return {
        to: company.email,
        subject: parts.map((part) => part.subject).join(" / "),
        text: parts.map((part) => part.text).join("\n\n———\n\n"),
      };
    });
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
    body: { reason: Type.Optional(Type.String({ maxLength: 500 })) },
    check: (request, body) => {
      if (typeof body.reason !== "string" || !body.reason.trim()) {
        throw badRequest(request.t("invalidInput"), { reason: request.t("validation:required") });
      }
    },
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
