import { JoinRequestsDecided } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import { learnerSite, mailInEveryLanguage, originFor } from "../../domain/site-mail.js";
import { type CommandHandler, REQUIRED_REASON, type Transaction } from "../../engine/command-types.js";
import type { Mail } from "../../platform/mailer.js";
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
  const key = outcome === "approved" ? "joinApproved" : "joinRejected";
  return Promise.all(
    people.map((person) =>
      mailInEveryLanguage(request.server.config.localesDir, person.email, async (t) => {
        const site = await learnerSite(trx, person.institution_id, t);
        const link = `${originFor(request, site.site)}/login`;
        const vars = { name: person.full_name, site: site.name, link, reason: reason ?? "" };
        return { subject: t(`mail.${key}Subject`, vars), text: t(`mail.${key}Body`, vars) };
      }),
    ),
  );
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
    ...REQUIRED_REASON,
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
