import type { Kysely } from "kysely";
import type { Database } from "./db/schema.js";
import { nowIso } from "./time.js";

/**
 * Failure counting in fixed windows that open at the first failure, kept in the database so
 * that several API processes share it.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export async function retryAfterSeconds(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<number> {
  const row = await db.selectFrom("auth_throttle").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row || row.failures < rule.limit) return 0;
  const endsAt = Date.parse(row.window_start) + rule.windowMs;
  return endsAt > Date.now() ? Math.ceil((endsAt - Date.now()) / 1000) : 0;
}

/** One use counted by `reserve`: its key, the window it was counted in, and the window's count with it. */
export interface Reservation {
  key: string;
  windowStart: string;
  count: number;
}

/**
 * Counts one use in the rule's current window and answers the count with it, in one statement (an
 * upsert), so that uses at the same moment, in this process or another, never read the same count.
 * A window that has ended restarts at 1 in that same statement: read first and written after, two
 * uses at once each found it ended and each restarted it at 1, and both passed as the first.
 */
export async function reserve(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<Reservation> {
  const now = nowIso();
  const endedBefore = new Date(Date.now() - rule.windowMs).toISOString();
  const row = await db
    .insertInto("auth_throttle")
    .values({ key, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        // both read the row as it was (SQL evaluates every SET against the old row)
        const ended = eb("auth_throttle.window_start", "<", endedBefore);
        return {
          window_start: eb.case().when(ended).then(now).else(eb.ref("auth_throttle.window_start")).end(),
          failures: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb("auth_throttle.failures", "+", 1))
            .end(),
        };
      }),
    )
    .returning(["failures", "window_start"])
    .executeTakeFirstOrThrow();
  return { key, windowStart: row.window_start, count: row.failures };
}

type Counted = Pick<Reservation, "key" | "windowStart">;

/** Where the failed among a key's counted uses are counted, by the window they were counted in. */
const failedKey = (key: string) => `failed:${key}`;

/** The first of each key's in `list`, and the others: one statement may change a row once only. */
function firstOfEachKey<T extends Counted>(list: readonly T[]): [T[], T[]] {
  const keys = new Set<string>();
  const first = list.filter(({ key }) => !keys.has(key) && keys.add(key));
  return [first, list.filter((item) => !first.includes(item))];
}

/**
 * Takes back uses `reserve` counted (one, or one each of several keys), in one statement: each
 * only in the window it was counted in (a window begun since, or a count cleared since, owes it
 * nothing) and never below zero.
 */
export async function giveBack(db: Kysely<Database>, reservations: Counted | readonly Counted[]): Promise<void> {
  const list = Array.isArray(reservations) ? reservations : [reservations as Counted];
  if (list.length === 0) return;
  const [first, again] = firstOfEachKey(list);
  await db
    .updateTable("auth_throttle")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where((eb) =>
      eb.or(first.map(({ key, windowStart }) => eb.and([eb("key", "=", key), eb("window_start", "=", windowStart)]))),
    )
    .where("failures", ">", 0)
    .execute();
  if (again.length > 0) await giveBack(db, again);
}

/** Counts one failure; answers the window's count with it (as written, so two at once never read the same). */
export async function recordFailure(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<number> {
  return (await reserve(db, key, rule)).count;
}

/**
 * Spends one of the rule's uses in the current window: 0 while the window has uses left (this one
 * counted), else the seconds until it ends. Counted before it is checked, so that uses at the same
 * moment never pass the limit together.
 */
export async function spendAllowance(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<number> {
  if ((await recordFailure(db, key, rule)) <= rule.limit) return 0;
  return Math.max(1, await retryAfterSeconds(db, key, rule));
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .deleteFrom("auth_throttle")
    .where("key", "in", [key, failedKey(key)])
    .execute();
}

/**
 * Counts the uses `reserve` counted (one each of several keys, in one statement) as failed, in the
 * window each was counted in: beside the count, which holds uses still in progress too, this tells
 * a limit reached by failures from one reached only by uses in progress. A use counted in a window
 * older than the one its failures are counted in now changes nothing.
 */
export async function countFailed(db: Kysely<Database>, reservations: readonly Counted[]): Promise<void> {
  if (reservations.length === 0) return;
  const [first, again] = firstOfEachKey(reservations);
  await db
    .insertInto("auth_throttle")
    .values(first.map(({ key, windowStart }) => ({ key: failedKey(key), window_start: windowStart, failures: 1 })))
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const same = eb("auth_throttle.window_start", "=", eb.ref("excluded.window_start"));
        const newer = eb("auth_throttle.window_start", "<", eb.ref("excluded.window_start"));
        return {
          failures: eb
            .case()
            .when(same)
            .then(eb("auth_throttle.failures", "+", 1))
            .when(newer)
            .then(1)
            .else(eb.ref("auth_throttle.failures"))
            .end(),
          window_start: eb
            .case()
            .when(newer)
            .then(eb.ref("excluded.window_start"))
            .else(eb.ref("auth_throttle.window_start"))
            .end(),
        };
      }),
    )
    .execute();
  if (again.length > 0) await countFailed(db, again);
}

/** The uses counted as failed (`countFailed`) in the window `reservation` was counted in. */
export async function failedIn(db: Kysely<Database>, reservation: Counted): Promise<number> {
  const row = await db
    .selectFrom("auth_throttle")
    .select("failures")
    .where("key", "=", failedKey(reservation.key))
    .where("window_start", "=", reservation.windowStart)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Why a try was refused: the window's tries failed (429 after `seconds`), or it is full only with tries in progress. */
export type TryRefusal = { spent: true; seconds: number } | { spent: false };

/**
 * The tries one request counts before the work they stand for (a password hashed), so that
 * requests at the same moment, in any process, never pass a limit together: counted first and
 * checked after, as `spendAllowance` does. When the work is done the request settles them: `keep`
 * when it failed (a wrong password), `giveBack` when it was not done (the hashing gate was full) or
 * did not fail. One not settled (the request failed on the way) stays counted.
 *
 * A try in progress counts like a failure. A count over the limit whose failures (`countFailed`)
 * are under it is full only of tries in progress, a crowd behind one address signing in at once:
 * `reserveWithin` tells it apart, to be answered busy (retry in a moment) rather than throttled.
 */
export class Tries {
  readonly #db: Kysely<Database>;
  #held: Reservation[] = [];

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async #reserve(key: string, rule: ThrottleRule): Promise<Reservation> {
    const reservation = await reserve(this.#db, key, rule);
    this.#held.push(reservation);
    return reservation;
  }

  /**
   * Counts one try of `key` in the rule's window, never refused; answers the window's failures so
   * far (`countFailed`: not the tries in progress), to decide how the try is made (from a trusted
   * device, on a locked account) as it was decided before tries were counted first.
   */
  async reserve(key: string, rule: ThrottleRule): Promise<number> {
    return failedIn(this.#db, await this.#reserve(key, rule));
  }

  /**
   * Counts one try of `key`: null when it is within the rule's limit; else every try this request
   * holds is given back and the answer says why it is refused.
   */
  async reserveWithin(key: string, rule: ThrottleRule): Promise<TryRefusal | null> {
    const reservation = await this.#reserve(key, rule);
    if (reservation.count <= rule.limit) return null;
    await this.giveBack();
    if ((await failedIn(this.#db, reservation)) < rule.limit) return { spent: false };
    return { spent: true, seconds: Math.max(1, await retryAfterSeconds(this.#db, key, rule)) };
  }

  /** Gives back the tries held, of `key` or all: they were not made, or did not fail. */
  async giveBack(key?: string) {
    const returned = this.#held.filter((reservation) => key === undefined || reservation.key === key);
    this.#held = this.#held.filter((reservation) => !returned.includes(reservation));
    await giveBack(this.#db, returned);
  }

  /** The tries held were made and failed: they stay counted, as failures. */
  async keep() {
    const kept = this.#held;
    this.#held = [];
    await countFailed(this.#db, kept);
  }
}
