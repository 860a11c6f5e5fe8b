/**
 * A bound on concurrent password hashing. scrypt at OWASP's cost takes ~0.2 s of a core and
 * 128 MiB each; without a bound a few clients sending sign-ins could queue work for everybody
 * without limit. At most `concurrency` hashes run and `queue` wait; beyond that the caller is
 * told at once that the server is busy, and answers 503 with Retry-After.
 */
export class HashGateBusy extends Error {
  constructor() {
    super("password hashing is at capacity");
  }
}

export interface HashGate {
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Hashes running and waiting now (for tests and logs). */
  load: () => { running: number; waiting: number };
}

export function createHashGate(concurrency: number, queue: number): HashGate {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    run: async (work) => {
      if (running >= concurrency) {
        if (waiting.length >= queue) throw new HashGateBusy();
        // the slot is handed over by release(), so `running` stays counted for the waiter
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
