import { MessageAnswer } from "@csc/shared";
import type { CommandHandler } from "../../engine/command-types.js";
import { nowIso } from "../../platform/time.js";

/**
 * Activity Logs → Mail Queue → Send again: a mail given up after its last try goes back in the
 * queue, due at once, with the full round of tries before it (the engine wakes the sender once
 * this commits). Only a failed mail: one still waiting is tried anyway.
 */
export const mailQueueCommands: Record<"resend", CommandHandler> = {
  resend: {
    answer: { message: MessageAnswer },
    applies: (eb) => eb("r.state", "=", "failed"),
    run: async (trx, ids, request) => {
      await trx
        .updateTable("mail_queue")
        .set({ state: "waiting", attempts: 0, send_after: nowIso(), claimed_by: null, claimed_at: null })
        .where("id", "in", ids)
        .where("state", "=", "failed")
        .execute();
      return { message: request.t("mailQueue.resent") };
    },
  },
};
