import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/schema.js";
import { nowIso } from "./time.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the mail lands in the outbox table,
 * where provider staff can read it (the embedded default has no mail server).
 */
export function createMailer(db: Kysely<Database>, smtpUrl: string | null, from: string): SendMail {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    };
  }
  return async (mail) => {
    await db
      .insertInto("mail_outbox")
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: nowIso() })
      .execute();
  };
}
