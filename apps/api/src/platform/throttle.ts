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

/** Counts one failure; answers the window's count with it (as written, so two at once never read the same). */
export async function recordFailure(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<number> {
  const now = nowIso();
  const expiredBefore = new Date(Date.now() - rule.windowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("auth_throttle").selectAll().where("key", "=", key).executeTakeFirst();
    if (!row) {
      const written = await trx
        .insertInto("auth_throttle")
        .values({ key, window_start: now, failures: 1 })
        .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ failures: eb("auth_throttle.failures", "+", 1) })))
        .returning("failures")
        .executeTakeFirstOrThrow();
      return written.failures;
    }
    if (row.window_start < expiredBefore) {
      await trx.updateTable("auth_throttle").set({ window_start: now, failures: 1 }).where("key", "=", key).execute();
      return 1;
    }
    const written = await trx
      .updateTable("auth_throttle")
      .set((eb) => ({ failures: eb("failures", "+", 1) }))
      .where("key", "=", key)
      .returning("failures")
      .executeTakeFirstOrThrow();
    return written.failures;
  });
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
  await db.deleteFrom("auth_throttle").where("key", "=", key).execute();
}
