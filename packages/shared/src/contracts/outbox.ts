import { type Static, Type } from "typebox";
import { OneOf } from "./common.js";

/** `GET /mail-outbox`: a mail the product sent (secret links redacted), newest first. */
export const OutboxMail = Type.Object({
  id: Type.Integer(),
  to_address: Type.String(),
  subject: Type.String(),
  text_body: Type.String(),
  status: OneOf(["logged", "sent", "failed"] as const),
  created_at: Type.String(),
});
export type OutboxMail = Static<typeof OutboxMail>;

/**
 * `GET /mail-queue/counts`: the queue at a glance — mail due and never tried, mail being tried
 * again after a failure, mail given up, and mail sent in the last 24 hours (from the outbox).
 */
export const MailQueueCounts = Type.Object({
  data: Type.Object({
    waiting: Type.Integer(),
    retrying: Type.Integer(),
    failed: Type.Integer(),
    sent_last_24h: Type.Integer(),
  }),
});
export type MailQueueCounts = Static<typeof MailQueueCounts>;
