import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "./db/schema.js";
import { nowIso } from "./time.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail, or many at once (a command's mails after its commit), and records each in the outbox. */
export type SendMail = (mail: Mail | readonly Mail[]) => Promise<void>;

type Outcome = "logged" | "sent" | "failed";
/** Outbox rows written per statement: a bulk change of 1,000 applicants mails 1,000 of them. */
const OUTBOX_ROWS_PER_INSERT = 500;

const REDACTED = "[redacted]";

/**
 * A mail's text with every secret taken out: the single-use token of a reset, invitation or
 * verification link is a key to somebody's account, and the outbox is read by people it is not
 * meant for.
 */
export function redactSecrets(text: string): string {
  return (
    text
      .replace(/([?&#](?:token|code|key)=)[^\s&#"'<>]+/gi, `$1${REDACTED}`)
      // a guest's private status page carries its token in the path
      .replace(/(\/applications\/status\/)[^\s/?#"'<>]+/g, `$1${REDACTED}`)
  );
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
  const record = async (entries: readonly { mail: Mail; status: Outcome }[]) => {
    const createdAt = nowIso();
    for (let at = 0; at < entries.length; at += OUTBOX_ROWS_PER_INSERT) {
      await db
        .insertInto("mail_outbox")
        .values(
          entries.slice(at, at + OUTBOX_ROWS_PER_INSERT).map(({ mail, status }) => ({
            to_address: mail.to,
            subject: mail.subject,
            text_body: redactSecrets(mail.text),
            status,
            created_at: createdAt,
          })),
        )
        .execute();
    }
  };
  const listOf = (mail: Mail | readonly Mail[]): readonly Mail[] => ("to" in mail ? [mail as Mail] : mail);

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async (mails) => {
      const entries: { mail: Mail; status: Outcome }[] = [];
      let failure: unknown = null;
      for (const mail of listOf(mails)) {
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
          entries.push({ mail, status: "sent" });
        } catch (error) {
          entries.push({ mail, status: "failed" });
          failure ??= error;
        }
      }
      await record(entries);
      if (failure !== null) throw failure;
    };
  }
  return async (mails) => {
    const list = listOf(mails);
    for (const mail of list) {
      log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "mail not sent (no SMTP_URL)");
    }
    await record(list.map((mail) => ({ mail, status: "logged" as const })));
  };
}
