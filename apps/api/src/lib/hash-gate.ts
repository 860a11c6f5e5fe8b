/**
 * A fair bound on concurrent password hashing. A hash at OWASP's cost takes a good part of a
 * second of a core and much memory, so at most `concurrency` run and `queue` wait; beyond that
 * the caller is told at once that the server is busy (503 with Retry-After).
 *
 * One queue for everybody let one client's flood of wrong passwords fill it, and then everyone's
 * sign-in was refused. So each piece of work names who it is for (its client address, the account
 * it tries): no key may hold more than `share` of the places, running or waiting, and a freed
 * place goes to the waiter whose keys hold the fewest places, the earliest first among equals. A
 * person signing in from their own address then waits for at most the hashes already running.
 */
export class HashGateBusy extends Error {
  constructor() {
    super("password hashing is at capacity");
  }
}

export interface HashGate {
  /** Runs `work` when a place is free; `keys` are who it is for (an address, an account). */
  run: <T>(work: () => Promise<T>, keys?: readonly string[]) => Promise<T>;
  /** Hashes running and waiting now (for tests and logs). */
  load: () => { running: number; waiting: number };
}

interface Waiter {
  keys: readonly string[];
  start: () => void;
}

/** The places one key may hold: a small share of the whole, at least one. */
export function placesPerKey(concurrency: number, queue: number): number {
  return Math.max(1, Math.ceil((concurrency + queue) / 8));
}

export function createHashGate(concurrency: number, queue: number, share = placesPerKey(concurrency, queue)): HashGate {
  let running = 0;
  const waiting: Waiter[] = [];
  const held = new Map<string, number>();

  const hold = (keys: readonly string[], by: number) => {
    for (const key of keys) {
      const count = (held.get(key) ?? 0) + by;
      if (count > 0) held.set(key, count);
      else held.delete(key);
    }
  };
  const weight = (keys: readonly string[]) => keys.reduce((sum, key) => sum + (held.get(key) ?? 0), 0);

  const release = (keys: readonly string[]) => {
    hold(keys, -1);
    if (waiting.length === 0) {
      running--;
      return;
    }
    // the waiter whose keys hold least goes next: a flooding address waits behind everyone else
    let next = 0;
    let least = Number.POSITIVE_INFINITY;
    waiting.forEach((waiter, index) => {
      const w = weight(waiter.keys) - waiter.keys.length; // its own waiting place does not count against it
      if (w < least) {
        least = w;
        next = index;
      }
    });
    const [chosen] = waiting.splice(next, 1);
    chosen?.start();
  };

  return {
    run: async (work, keys = []) => {
      if (keys.some((key) => (held.get(key) ?? 0) >= share)) throw new HashGateBusy();
      if (running >= concurrency) {
        if (waiting.length >= queue) throw new HashGateBusy();
        hold(keys, 1);
        // the place is handed over by release(), so `running` stays counted for the waiter
        await new Promise<void>((start) => waiting.push({ keys, start }));
      } else {
        hold(keys, 1);
        running++;
      }
      try {
        return await work();
      } finally {
        release(keys);
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
