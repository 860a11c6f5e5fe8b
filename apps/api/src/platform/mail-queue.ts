import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, PostgresAdapter } from "kysely";
import type { Database } from "./db/schema.js";
import { type DeliverMail, type Delivery, type Mail, recordInOutbox, redactedText } from "./mailer.js";
import { nowIso } from "./time.js";

/**
 * Every mail the product sends is a row of `mail_queue`, written in the transaction of the change
 * that causes it: a change and its mail are kept together or not at all, a crash after the commit
 * loses no mail (the row waits for whichever process comes next), and an undo deletes a change's
 * mail in its own transaction. Each API process runs a sender that takes due rows by writing its
 * claim on them, sends each one on its own and removes it (writing the outbox's record) as soon as
 * the mail server has taken it; a failed try is tried again later, with back-off, until it is given
 * up as `failed` and left for the provider's staff to see.
 *
 * The same table on SQLite and PostgreSQL, rather than a queue such as pg-boss on PostgreSQL: one
 * code path, and the mail is written in the change's own transaction on both databases alike
 * (pg-boss would be PostgreSQL's alone, with its own schema and connection).
 *
 * Exactly once, as far as SMTP allows: a mail is removed in the statement right after the server
 * accepted it, so a crash in between (or losing the database at that moment) sends it again. Every
 * try of a row carries the same Message-ID (`messageIdOf`), by which a receiving server or client
 * may drop the repeat.
 */

/** Mail one pass claims: a bulk change of 1,000 applicants drains in forty claims, each sent mail by mail. */
const BATCH = 25;
/** How often each process looks for mail that has come due (mail queued by a request wakes it at once). */
const POLL_MS = 1_000;
/** Tries of one mail before it is given up as failed: with the back-off below, about an hour and a half. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * A claim older than this belongs to a process that died while sending, and another takes the row
 * over. Longer than one SMTP conversation may last (mailer.ts's SMTP_TIMEOUTS), and renewed as a
 * batch goes on, so a process still at work never loses its rows. MAIL_CLAIM_STALE_SECONDS sets it
 * (shorter where the SMTP server is on the same machine and answers at once).
 */
export const STALE_CLAIM_MS = 2 * 60_000;
/**
 * A delayed mail is due this long after the moment it waits for: an undo checked against one
 * process's clock may commit a moment after another process's clock says the window has passed.
 */
export const CLOCK_GRACE_MS = 1_000;
/** Rows one statement queues. */
const ROWS_PER_INSERT = 500;

/**
 * Queues mail in the caller's transaction: due at once, or after `sendAfter` (a change's mail at
 * the end of its undo window, `changeId` naming the change so that an undo takes it back). A
 * caller wakes the sender (`mailQueue.wake()`) once its transaction has committed.
 */
export async function queueMails(
  db: Kysely<Database>,
  mails: readonly Mail[],
  { changeId = null, sendAfter, at = nowIso() }: { changeId?: number | null; sendAfter?: string; at?: string } = {},
): Promise<void> {
  for (let start = 0; start < mails.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto("mail_queue")
      .values(
        mails.slice(start, start + ROWS_PER_INSERT).map((mail) => ({
          change_id: changeId,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          redacted_body: redactedText(mail),
          headers: mail.headers ? JSON.stringify(mail.headers) : null,
          send_after: sendAfter ?? at,
          created_at: at,
        })),
      )
      .execute();
  }
}

/** How long a mail waits after its `attempts`-th failed try: 30 s doubling to an hour, give or take a fifth. */
export function retryDelayMs(attempts: number, random = Math.random()): number {
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  // spread, so that mail refused together is not all tried again at the same moment
  return Math.round(delay * (0.8 + 0.4 * random));
}

/** The Message-ID every try of one queued mail carries: its row and the moment it was queued. */
export function messageIdOf(row: { id: number; created_at: string }, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<mail-${row.id}-${Date.parse(row.created_at)}@${domain}>`;
}

export interface MailQueue {
  /** Sends the mail due at `now` (the current time by default); resolves with how many went. */
  drain: (now?: Date) => Promise<number>;
  /** Sends what is due soon, without waiting: called once a transaction that queued mail has committed. */
  wake: () => void;
  /** Stops this process's sender; waits for a pass under way. */
  stop: () => Promise<void>;
}

export interface MailQueueOptions {
  /** The From address, whose domain the Message-IDs take. */
  from: string;
  staleClaimMs?: number;
  pollMs?: number;
}

interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  redacted_body: string | null;
  headers: string | null;
  attempts: number;
  created_at: string;
}

/**
 * Writes this pass's claim on due rows and answers them. One statement takes them, so two
 * processes never take the same row: SQLite writes one statement at a time, and PostgreSQL's
 * `FOR UPDATE SKIP LOCKED` passes over rows another process is claiming.
 */
async function claimDue(db: Kysely<Database>, claim: string, now: Date, staleClaimMs: number): Promise<ClaimedMail[]> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - staleClaimMs).toISOString();
  let due = db
    .selectFrom("mail_queue")
    .select("id")
    .where("state", "=", "waiting")
    .where("send_after", "<=", at)
    .where((eb) => eb.or([eb("claimed_by", "is", null), eb("claimed_at", "<", stale)]))
    .orderBy("send_after")
    .orderBy("id")
    .limit(BATCH);
  if (db.getExecutor().adapter instanceof PostgresAdapter) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable("mail_queue")
    .set({ claimed_by: claim, claimed_at: at })
    .where("id", "in", due)
    .where((eb) => eb.or([eb("claimed_by", "is", null), eb("claimed_at", "<", stale)]))
    .returning(["id", "to_address", "subject", "text_body", "redacted_body", "headers", "attempts", "created_at"])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Why a try failed, short enough to show: the mail server's answer, without the text. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/** Starts this process's sender of queued mail. */
export function startMailQueue(
  db: Kysely<Database>,
  deliver: DeliverMail,
  log: FastifyBaseLogger,
  { from, staleClaimMs = STALE_CLAIM_MS, pollMs = POLL_MS }: MailQueueOptions,
): MailQueue {
  /**
   * Sends one claimed mail and settles its row. `clock` is the pass's time: the current time, or
   * the moment a test drains at.
   */
  async function sendOne(row: ClaimedMail, claim: string, clock: () => Date): Promise<"sent" | "failed"> {
    const record = { to: row.to_address, subject: row.subject, redactedText: row.redacted_body ?? "" };
    let delivery: Delivery;
    try {
      delivery = await deliver({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        messageId: messageIdOf(row, from),
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      log.warn({ err: error, mailId: row.id, attempts }, failed ? "mail given up" : "mail not sent, will try again");
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const settled = await trx
          .updateTable("mail_queue")
          .set({
            state: failed ? "failed" : "waiting",
            attempts,
            last_error: errorText(error),
            send_after: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
            claimed_by: null,
            claimed_at: null,
          })
          .where("id", "=", row.id)
          .where("claimed_by", "=", claim)
          .executeTakeFirst();
        // recorded once, by whoever still held the row
        if (failed && Number(settled.numUpdatedRows) > 0)
          await recordInOutbox(trx, record, "failed", now.toISOString());
      });
      return "failed";
    }
    // the server has the mail: the row leaves at once, its text with it (the window above)
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("mail_queue").where("id", "=", row.id).execute();
      await recordInOutbox(trx, record, delivery, clock().toISOString());
    });
    return "sent";
  }

  /**
   * Renews this pass's claim on the rows it has still to send, so that a long batch (a slow mail
   * server) is not taken over while it is still at work; answers the rows it still holds.
   */
  async function renewClaim(claim: string, rows: readonly ClaimedMail[], at: Date): Promise<ClaimedMail[]> {
    const held = await db
      .updateTable("mail_queue")
      .set({ claimed_at: at.toISOString() })
      .where("claimed_by", "=", claim)
      .returning("id")
      .execute();
    const ids = new Set(held.map((row) => row.id));
    return rows.filter((row) => ids.has(row.id));
  }

  /** One claim's worth of due mail; answers how many rows it claimed and how many went. */
  async function sendBatch(clock: () => Date): Promise<{ claimed: number; sent: number }> {
    const claim = randomUUID();
    let claimedAt = clock();
    const rows = await claimDue(db, claim, claimedAt, staleClaimMs);
    let waiting = [...rows];
    let sent = 0;
    while (waiting.length > 0) {
      if (stopped) {
        // the process is stopping: what is left goes back to the queue, untried, for the next one
        await db
          .updateTable("mail_queue")
          .set({ claimed_by: null, claimed_at: null })
          .where("claimed_by", "=", claim)
          .execute();
        break;
      }
      if (clock().getTime() - claimedAt.getTime() > staleClaimMs / 4) {
        claimedAt = clock();
        waiting = await renewClaim(claim, waiting, claimedAt);
        continue;
      }
      const row = waiting.shift() as ClaimedMail;
      try {
        if ((await sendOne(row, claim, clock)) === "sent") sent++;
      } catch (error) {
        // the database failed us: the claim lapses and the row is tried again after the stale time
        log.error({ err: error, mailId: row.id }, "queued mail not settled");
      }
    }
    return { claimed: rows.length, sent };
  }

  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  const pass = async (now: Date | undefined) => {
    const clock = () => now ?? new Date();
    let sent = 0;
    do {
      again = false;
      for (let batches = 0; batches < 100 && !stopped; batches++) {
        const batch = await sendBatch(clock);
        sent += batch.sent;
        if (batch.claimed < BATCH) break;
      }
    } while (again && !stopped);
    return sent;
  };

  const drain = async (now?: Date) => {
    // one pass at a time in this process; a caller asking meanwhile waits for it and goes again
    while (running) await running.catch(() => 0);
    if (stopped) return 0;
    const current = pass(now);
    running = current;
    try {
      return await current;
    } finally {
      running = null;
    }
  };

  const wake = () => {
    if (stopped) return;
    // a pass under way goes round once more rather than a second pass waiting behind it
    if (running) {
      again = true;
      return;
    }
    drain().catch((error: unknown) => log.warn({ err: error }, "queued mail not sent"));
  };

  const timer = setInterval(wake, pollMs);
  timer.unref();
  return {
    drain,
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running.catch(() => 0);
      deliver.close?.();
    },
  };
}
