import type { FastifyBaseLogger } from "fastify";
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

export const REDACTED = "[redacted]";

/**
 * A mail's text with every secret taken out: the single-use token of a reset, invitation or
 * verification link is a key to somebody's account, and the outbox is read by people it is not
 * meant for.
 */
export function redactSecrets(text: string): string {
  return text.replace(/([?&#](?:token|code|key)=)[^\s&#"'<>]+/gi, `$1${REDACTED}`);
}

/**
 * Every mail is recorded in the outbox — who, what subject, when, whether it was sent — with its
 * secrets redacted. With SMTP_URL it goes out through nodemailer; without it (the embedded
 * default has no mail server) it is not sent, and the server's log carries the whole text so
 * that the developer running it can open the links.
 */
export function createMailer(
  db: Kysely<Database>,
  smtpUrl: string | null,
  from: string,
  log: FastifyBaseLogger,
): SendMail {
  const record = (mail: Mail, status: "logged" | "sent" | "failed") =>
    db
      .insertInto("mail_outbox")
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: redactSecrets(mail.text),
        status,
        created_at: nowIso(),
      })
      .execute();

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async (mail) => {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        await record(mail, "failed");
        throw error;
      }
      await record(mail, "sent");
    };
  }
  return async (mail) => {
    log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "mail not sent (no SMTP_URL)");
    await record(mail, "logged");
  };
}
