/**
 * A fair bound on concurrent password hashing. A hash at OWASP's cost takes a good part of a
 * second of a core and much memory, so at most `concurrency` run and `queue` wait; beyond that
 * the caller is told at once that the server is busy (503 with Retry-After).
 *
 * One queue for everybody let one client's flood of wrong passwords fill it, and then everyone's
 * sign-in was refused. So each piece of work names who it is for (its client address, the account
 * it tries), and no key may
 * - hold more than `share` of the places, running or waiting (a quarter: a lab of students behind
 *   one address still signs in several at once; the rest is refused at once),
 * - run on more than half of the hashing places (the other half stays for everybody else);
 * when the queue is full, a newcomer whose keys hold less than the heaviest waiter's takes that
 * waiter's place (which is refused); and a freed place goes to the waiter whose keys hold the
 * fewest places, the earliest first among equals. A person signing in from their own address
 * then waits for at most the hashes running, however many addresses flood.
 */
export class HashGateBusy extends Error {
  constructor() {
    super("password hashing is at capacity");
  }
}

interface HashGate {
  /** Runs `work` when a place is free; `keys` are who it is for (an address, an account). */
  run: <T>(work: () => Promise<T>, keys?: readonly string[]) => Promise<T>;
  /** Hashes running and waiting now (for tests and logs). */
  load: () => { running: number; waiting: number };
}

interface Waiter {
  keys: readonly string[];
  start: () => void;
  refuse: () => void;
}

/** The places one key may hold, running or waiting: a quarter of the whole, at least one. */
function placesPerKey(concurrency: number, queue: number): number {
  return Math.max(1, Math.ceil((concurrency + queue) / 4));
}

class Counts extends Map<string, number> {
  of = (key: string) => this.get(key) ?? 0;
  add(keys: readonly string[], by: number) {
    for (const key of keys) {
      const count = this.of(key) + by;
      if (count > 0) this.set(key, count);
      else this.delete(key);
    }
  }
}

export function createHashGate(concurrency: number, queue: number, share = placesPerKey(concurrency, queue)): HashGate {
  const runningPerKey = Math.max(1, Math.floor(concurrency / 2));
  let running = 0;
  const waiting: Waiter[] = [];
  const held = new Counts();
  const runningOf = new Counts();

  const mayStart = (keys: readonly string[]) =>
    running < concurrency && keys.every((key) => runningOf.of(key) < runningPerKey);
  const start = (waiter: Waiter) => {
    running++;
    runningOf.add(waiter.keys, 1);
    waiter.start();
  };
  // places others hold besides this waiter's own
  const weight = (keys: readonly string[]) => keys.reduce((sum, key) => sum + held.of(key) - 1, 0);

  const dispatch = () => {
    while (running < concurrency) {
      let next = -1;
      let least = Number.POSITIVE_INFINITY;
      waiting.forEach((waiter, index) => {
        const w = weight(waiter.keys);
        if (w < least && mayStart(waiter.keys)) {
          least = w;
          next = index;
        }
      });
      if (next < 0) return;
      const [chosen] = waiting.splice(next, 1);
      if (chosen) start(chosen);
    }
  };

  /** The waiter whose keys hold most (the latest among equals), when that is more than `than`. */
  const heaviestAbove = (than: number) => {
    let index = -1;
    let most = -1;
    waiting.forEach((waiter, i) => {
      const w = weight(waiter.keys);
      if (w >= most) {
        most = w;
        index = i;
      }
    });
    return most > than ? index : -1;
  };

  return {
    run: async (work, keys = []) => {
      if (keys.some((key) => held.of(key) >= share)) throw new HashGateBusy();
      if (!mayStart(keys) && waiting.length >= queue) {
        // a full queue makes room for the lighter newcomer at the heaviest waiter's cost
        const index = heaviestAbove(keys.reduce((sum, key) => sum + held.of(key), 0));
        if (index < 0) throw new HashGateBusy();
        const [evicted] = waiting.splice(index, 1);
        if (evicted) {
          held.add(evicted.keys, -1);
          evicted.refuse();
        }
      }
      held.add(keys, 1);
      await new Promise<void>((resolve, reject) => {
        const waiter = { keys, start: resolve, refuse: () => reject(new HashGateBusy()) };
        if (mayStart(keys)) start(waiter);
        else waiting.push(waiter);
      });
      try {
        return await work();
      } finally {
        running--;
        runningOf.add(keys, -1);
        held.add(keys, -1);
        dispatch();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
