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
