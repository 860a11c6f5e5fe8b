import { InvitationsResent } from "@csc/shared";
import type { CommandHandler } from "../../engine/command-types.js";
import { conflict } from "../../platform/errors.js";
import { freshInvitationMail } from "./link.js";

/** `POST /invitations/{id}/resend`: a new link by mail, valid for another `INVITATION_DAYS`; not once accepted. */
export const invitationCommands: Record<"resend", CommandHandler> = {
  resend: {
    answer: { message: InvitationsResent },
    run: async (trx, ids, request) => {
      const accepted = await trx
        .selectFrom("invitations")
        .select("id")
        .where("id", "in", ids)
        .where("accepted_at", "is not", null)
        .executeTakeFirst();
      if (accepted) throw conflict(request.t("invitations.acceptedAlready"));
      const mails = [];
      for (const id of ids) mails.push(await freshInvitationMail(trx, request, id));
      return { message: request.t("invitations.resent", { count: ids.length }), data: { ids }, mails };
    },
  },
};
