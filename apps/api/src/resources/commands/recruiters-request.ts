import { Type } from "typebox";
import { badRequest } from "../../lib/errors.js";
import { nowIso } from "../../lib/time.js";
import type { CommandHandler } from "./types.js";

const pending = {
  // biome-ignore lint/suspicious/noExplicitAny: the alias `r` is the recruiters table
  applies: (eb: any) => eb("r.status", "=", "pending"),
};

/** Recruiters → Request: approve or reject company requests, one or many at once. */
export const recruiterRequestCommands: Record<"approve" | "reject", CommandHandler> = {
  approve: {
    ...pending,
    run: async (trx, ids, request) => {
      await trx
        .updateTable("recruiters")
        .set({ status: "approved", reject_reason: null, updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return { message: request.t("recruitersApproved", { count: ids.length }), data: { ids } };
    },
  },
  reject: {
    ...pending,
    // the company is told why
    body: { reason: Type.Optional(Type.String({ maxLength: 500 })) },
    check: (request, body) => {
      if (typeof body.reason !== "string" || !body.reason.trim()) {
        throw badRequest(request.t("invalidInput"), { reason: request.t("validation:required") });
      }
    },
    run: async (trx, ids, request, body) => {
      await trx
        .updateTable("recruiters")
        .set({ status: "rejected", reject_reason: String(body.reason).trim(), updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return { message: request.t("recruitersRejected", { count: ids.length }), data: { ids } };
    },
  },
};
