import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema.js";
import type { Mail, SendMail } from "./mailer.js";

/**
 * Mail that must wait before it leaves: the applicants' mail for a change of the pipeline goes
 * only once the staff can no longer undo the change. Rows are written in the
 * change's own transaction, so a change and its mail are kept together or not at all; an undo
 * deletes them in its transaction. Any API process sends what is due: each takes rows by
 * writing its own claim on them first, so two processes never send the same mail.
 */

/** Mail one pass takes: a bulk change of 1,000 applicants drains in ten passes, not one long one. */
const BATCH = 100;
/** A claim older than this belongs to a process that died while sending: another takes the rows over. */
const STALE_CLAIM_MS = 5 * 60_000;
/**
 * Mail is sent this long after its time: an undo checked against one process's clock may commit
 * a moment after another process's clock says the window has passed.
 */
const GRACE_MS = 1_000;
/** How often each process looks for mail that has come due. */
const POLL_MS = 1_000;

/** Queues mail to leave after `sendAfter`, in the caller's transaction. */
export async function queueMails(
  db: Kysely<Database>,
  mails: readonly Mail[],
  { changeId, sendAfter, at }: { changeId: number | null; sendAfter: string; at: string },
): Promise<void> {
  for (let start = 0; start < mails.length; start += 500) {
    await db
      .insertInto("mail_queue")
      .values(
        mails.slice(start, start + 500).map((mail) => ({
          change_id: changeId,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          send_after: sendAfter,
          created_at: at,
        })),
      )
      .execute();
  }
}

export interface MailQueue {
  /** Sends the mail due at `now` (the current time by default); resolves with how many went. */
  drain: (now?: Date) => Promise<number>;
  stop: () => Promise<void>;
}

/** Takes one batch of due mail for this process and sends it; the rows leave the queue (the outbox keeps the record). */
async function sendBatch(db: Kysely<Database>, sendMail: SendMail, now: Date): Promise<number> {
  const claim = randomUUID();
  const due = new Date(now.getTime() - GRACE_MS).toISOString();
  const stale = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const candidates = db
    .selectFrom("mail_queue")
    .select("id")
    .where("send_after", "<=", due)
    .where((eb) => eb.or([eb("claimed_by", "is", null), eb("claimed_at", "<", stale)]))
    .orderBy("id")
    .limit(BATCH);
  await db
    .updateTable("mail_queue")
    .set({ claimed_by: claim, claimed_at: now.toISOString() })
    .where("id", "in", candidates)
    .where((eb) => eb.or([eb("claimed_by", "is", null), eb("claimed_at", "<", stale)]))
    .execute();
  const rows = await db.selectFrom("mail_queue").selectAll().where("claimed_by", "=", claim).orderBy("id").execute();
  if (rows.length === 0) return 0;
  try {
    await sendMail(rows.map((row) => ({ to: row.to_address, subject: row.subject, text: row.text_body })));
  } finally {
    // sent or failed, the outbox has recorded each one: a mail is tried once
    await db
      .deleteFrom("mail_queue")
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
  }
  return rows.length;
}

/** Starts this process's sender of queued mail; `stop` waits for a pass under way. */
export function startMailQueue(db: Kysely<Database>, sendMail: SendMail, log: FastifyBaseLogger): MailQueue {
  let running: Promise<number> | null = null;
  const drain = async (now = new Date()) => {
    // one pass at a time in this process; a caller asking meanwhile waits for it and goes again
    while (running) await running.catch(() => 0);
    const pass = (async () => {
      let sent = 0;
      for (let batches = 0; batches < 100; batches++) {
        const count = await sendBatch(db, sendMail, now);
        sent += count;
        if (count < BATCH) break;
      }
      return sent;
    })();
    running = pass;
    try {
      return await pass;
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    drain().catch((error: unknown) => log.warn({ err: error }, "queued mail not sent"));
  }, POLL_MS);
  timer.unref();
  return {
    drain,
    stop: async () => {
      clearInterval(timer);
      while (running) await running.catch(() => 0);
    },
  };
}
