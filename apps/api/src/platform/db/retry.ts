/**
 * PostgreSQL's answers after which it has rolled the whole transaction back and the same work run
 * again may well succeed: a deadlock it broke by choosing this transaction (40P01), a
 * serialization failure (40001). Any other error is the work's own and would only fail again.
 * SQLite never answers these: it has one writer at a time.
 */
const CONFLICTS = new Set(["40P01", "40001"]);

/** Whether the error is one of those, as the driver (pg) reports it. */
export const isConflict = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "code" in error && CONFLICTS.has(String(error.code));

export interface RetryOptions {
  /** How many times the work runs at most, the first included. */
  tries?: number;
  /** The pause before the second run, in ms; each further one is longer, all of them jittered. */
  pauseMs?: number;
  /** Told of each conflict that is tried again (to log it). */
  onRetry?: (error: unknown, attempt: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` (a whole transaction: each run begins and ends its own) and runs it again after a
 * conflict, up to `tries` runs in all. The pause is jittered (half to one and a half times it) so
 * that two transactions that met once do not meet again at the same instant. The work must be
 * safe to run twice: everything it wrote in the failed run was rolled back, so it must not act
 * outside the database (send mail, write files) before its transaction commits.
 */
export async function retryOnConflict<T>(
  work: () => Promise<T>,
  { tries = 3, pauseMs = 20, onRetry }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isConflict(error)) throw error;
      onRetry?.(error, attempt);
      await sleep(pauseMs * attempt * (0.5 + Math.random()));
    }
  }
}
