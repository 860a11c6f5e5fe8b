import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { sendDigests } from "./notifications.js";
import { remindSavedDeadlines } from "./saved-posting-reminders.js";
import { alertSavedSearches } from "./saved-search-alerts.js";

/**
 * The work each process does in the background for notifications: the saved searches' alerts
 * (what newly matches each), the reminders of saved postings whose last day to apply is tomorrow,
 * then the digests that have come due. Two processes may both run a
 * pass; the statements that take the work make each piece happen once (see each).
 */
async function passes(db: Kysely<Database>, config: { localesDir: string; jwtSecret: string }, now?: Date) {
  const alerted = await alertSavedSearches(db, config);
  const reminded = await remindSavedDeadlines(db, config, now);
  const mailed = await sendDigests(db, config, now);
  return alerted + reminded + mailed;
}

/** How often each process looks for digests that have come due. */
const DIGEST_POLL_MS = 5 * 60_000;

export interface Digests {
  /** Sends the digests due at `now` (the current time by default); resolves with how many mails it queued. */
  run: (now?: Date) => Promise<number>;
  stop: () => Promise<void>;
}

/** Starts this process's sender of digests: every few minutes, and whenever a test makes time pass. */
export function startDigests(
  db: Kysely<Database>,
  config: { localesDir: string; jwtSecret: string },
  log: FastifyBaseLogger,
  queued: () => void,
): Digests {
  let running: Promise<number> | null = null;
  let stopped = false;
  const run = async (now?: Date) => {
    while (running) await running.catch(() => 0);
    if (stopped) return 0;
    const pass = passes(db, config, now);
    running = pass;
    try {
      const sent = await pass;
      if (sent > 0) queued();
      return sent;
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    run().catch((error: unknown) => log.warn({ err: error }, "digests not sent"));
  }, DIGEST_POLL_MS);
  timer.unref();
  return {
    run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running.catch(() => 0);
    },
  };
}
