import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "./db/schema.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Words of the text that open an account without looking like a link's token (a sign-in code). */
  secrets?: readonly string[];
  /** Headers beyond the usual: a notification's one-click unsubscribe (`List-Unsubscribe`, RFC 8058). */
  headers?: Readonly<Record<string, string>>;
}

/** A mail as the queue hands it over: with the Message-ID every try of it carries. */
export interface OutgoingMail extends Mail {
  messageId: string;
}

/** What became of a mail handed over: `sent` (the SMTP server took it) or `logged` (no SMTP_URL). */
export type Delivery = "sent" | "logged";

/** Hands one mail to the mail server; throws when the server did not take it. */
export type DeliverMail = ((mail: OutgoingMail) => Promise<Delivery>) & {
  /** Lets go of the mail server's connections (a process stopping). */
  close?: () => void;
};

/**
 * How long one SMTP conversation may stall. The mail queue takes a claim over from a process that
 * has held it longer than all of these together (platform/mail-queue.ts), so a slow server never
 * makes two processes send the same mail.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 40_000 };

const REDACTED = "[redacted]";

/**
 * A mail's text with every secret taken out: the single-use token of a reset, invitation or
 * verification link is a key to somebody's account, and the outbox and the queue's page are read
 * by people it is not meant for.
 */
export function redactSecrets(text: string): string {
  return (
    text
      .replace(/([?&#](?:token|code|key)=)[^\s&#"'<>]+/gi, `$1${REDACTED}`)
      // a guest's private status page carries its token in the path
      .replace(/(\/applications\/status\/)[^\s/?#"'<>]+/g, `$1${REDACTED}`)
  );
}

/** The text of a mail as anyone but its recipient may read it: the patterns above, and the secrets it names. */
export function redactedText(mail: Mail): string {
  let text = redactSecrets(mail.text);
  for (const secret of mail.secrets ?? []) if (secret) text = text.split(secret).join(REDACTED);
  return text;
}

/**
 * The mail server's door. With SMTP_URL a mail goes out through nodemailer; without it (the
 * embedded default has no mail server) it is not sent, and the server's log carries the whole text
 * so that the developer running it can open the links.
 */
export function createDelivery(smtpUrl: string | null, from: string, log: FastifyBaseLogger): DeliverMail {
  if (smtpUrl) {
    // pooled: a connection is kept and reused mail after mail. A new connection for each mail (its
    // greeting, EHLO and TLS) held the queue to about 6 mails a second on the placement-day load.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 2,
      maxMessages: 500,
      ...SMTP_TIMEOUTS,
    });
    const deliver: DeliverMail = async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.headers ? { headers: { ...mail.headers } } : {}),
      });
      return "sent";
    };
    deliver.close = () => transport.close();
    return deliver;
  }
  return async (mail) => {
    log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "mail not sent (no SMTP_URL)");
    return "logged";
  };
}

/** Records what became of a mail in the outbox — who, what subject, when, how — with its text already redacted. */
export async function recordInOutbox(
  db: Kysely<Database>,
  mail: { to: string; subject: string; redactedText: string },
  status: Delivery | "failed",
  at: string,
): Promise<void> {
  await db
    .insertInto("mail_outbox")
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.redactedText, status, created_at: at })
    .execute();
}
