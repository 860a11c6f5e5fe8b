import { MessageAnswer } from "@csc/shared";
import type { CommandHandler } from "../../engine/command-types.js";
import { nowIso } from "../../platform/time.js";

/** Activity Logs → Deleted Users: bring a deleted account back, as it was. */
export const deletedUserCommands: Record<"restore", CommandHandler> = {
  restore: {
    answer: { message: MessageAnswer },
    run: async (trx, ids, request) => {
      await trx
        .updateTable("users")
        .set({ deleted_at: null, deleted_by: null, delete_reason: null, updated_at: nowIso() })
        .where("id", "in", ids)
        .execute();
      return { message: request.t("userRestored") };
    },
  },
};
