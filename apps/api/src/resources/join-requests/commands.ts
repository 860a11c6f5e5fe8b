import { JoinRequestsDecided } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { learnerSite, originFor, translatorFor } from "../../domain/site-mail.js";
import type { CommandHandler, Transaction } from "../../engine/command-types.js";
import { badRequest } from "../../platform/errors.js";
import type { Mail } from "../../platform/mailer.js";
import { LANGUAGES } from "../../platform/messages.js";
import { nowIso } from "../../platform/time.js";

/**
 * The mail telling each person the staff's answer, with the reason of a refusal and, once
 * approved, the site's sign-in page. Nothing records the language they registered in, so the mail
 * is written in both, English first.
 */
async function answerMails(
  trx: Transaction,
  request: FastifyRequest,
  ids: number[],
  outcome: "approved" | "rejected",
  reason: string | null,
): Promise<Mail[]> {
  const people = await trx
    .selectFrom("users")
    .select(["email", "full_name", "institution_id"])
    .where("id", "in", ids)
    .execute();
  const { localesDir } = request.server.config;
  const key = outcome === "approved" ? "joinApproved" : "joinRejected";
  const mails: Mail[] = [];
  for (const person of people) {
    const parts = [];
    for (const language of LANGUAGES) {
      const t = translatorFor(localesDir, language);
      const site = await learnerSite(trx, person.institution_id, t);
      const vars = {
        name: person.full_name,
        site: site.name,
        link: `${originFor(request, site.site)}/login`,
        reason: reason ?? "",
      };
      parts.push({ subject: t(`mail.${key}Subject`, vars), text: t(`mail.${key}Body`, vars) });
    }
    mails.push({
      to: person.email,
      subject: parts.map((part) => part.subject).join(" / "),
      text: parts.map((part) => part.text).join("\n\n———\n\n"),
    });
  }
  return mails;
}

const pending = {
  // biome-ignore lint/suspicious/noExplicitAny: the alias `r` is the users table
  applies: (eb: any) => eb.and([eb("r.status", "=", "pending"), eb("r.deleted_at", "is", null)]),
};

/** Join requests: let the people in, or turn them away with a reason; one or many at once. */
export const joinRequestCommands: Record<"approve" | "reject", CommandHandler> = {
  approve: {
    answer: { message: JoinRequestsDecided },
    ...pending,
    run: async (trx, ids, request) => {
      await trx.updateTable("users").set({ status: "active", updated_at: nowIso() }).where("id", "in", ids).execute();
      return {
        message: request.t("joinRequestsApproved", { count: ids.length }),
        data: { ids },
        mails: await answerMails(trx, request, ids, "approved", null),
      };
    },
  },
  reject: {
    answer: { message: JoinRequestsDecided },
    ...pending,
    // the person is told why
    body: { reason: Type.Optional(Type.String({ maxLength: 500 })) },
    check: (request, body) => {
      if (typeof body.reason !== "string" || !body.reason.trim()) {
        throw badRequest(request.t("invalidInput"), { reason: request.t("validation:required") });
      }
    },
    run: async (trx, ids, request, body) => {
      const reason = String(body.reason).trim();
      const mails = await answerMails(trx, request, ids, "rejected", reason);
      // the account goes, as any deleted one: provider staff find it under Deleted Users
      const now = nowIso();
      await trx
        .updateTable("users")
        .set({
          status: "disabled",
          deleted_at: now,
          deleted_by: request.auth.id,
          delete_reason: reason,
          updated_at: now,
        })
        .where("id", "in", ids)
        .execute();
      return { message: request.t("joinRequestsRejected", { count: ids.length }), data: { ids }, mails };
    },
  },
};
