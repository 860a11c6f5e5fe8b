import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { giveBack, recordFailure, reserve } from "../src/platform/throttle.js";
import { ACCOUNT_ADDRESS_RULE, IP_RULE, loginThrottleKeys } from "../src/routes/auth.js";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "./helpers.js";

/**
 * Sign-in tries are counted before their passwords are hashed (routes/auth.ts, platform/throttle.ts).
 *
 * A whole college behind one address (one NAT) signs in at once on placement day. More of them
 * than the hashing gate admits from one address are told the server is busy (503, retry), and so
 * are those beyond the address's limit while the others' tries are in progress; that is no failed
 * sign-in, so it never throttles the address (429), and all get in when they retry.
 *
 * And a flood of wrong passwords for one account from one address, hundreds at once and through
 * two processes, gets no more of them hashed than the account-and-address allowance: read before
 * the hash and counted after it, they all passed the check together.
 */

const ADDRESS = "127.0.7.1";
const PEOPLE = 120;
const people = Array.from({ length: PEOPLE }, (_, n) => `nat.student.${n}@example.com`);

const signIn = (app: FastifyInstance, email: string, password: string, address = ADDRESS) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: address,
    headers: { host: "kmc.localhost" },
    payload: { email, password },
  });

const failuresOf = async (app: FastifyInstance, key: string) =>
  (await app.db.selectFrom("auth_throttle").select("failures").where("key", "=", key).executeTakeFirst())?.failures ??
  0;

describe("a college behind one address signing in at once", () => {
  let t: TestApp;
  beforeAll(async () => {
    // a small gate: concurrency 2 and a queue of 38 give one address ceil(40 / 4) = 10 places, one
    // of them hashing at a time, so of a round of sign-ins only some are let in and the rest are
    // told the server is busy; hashes of an eighth of OWASP's memory (2.4 MiB) last long enough for
    // most of a round to find the places taken
    t = await createTestApp({ PASSWORD_HASH_COST: "14", PASSWORD_HASH_CONCURRENCY: "2", PASSWORD_HASH_QUEUE: "38" });
    // the college's students: copies of the demo student (the same password, hashed at this cost)
    const { id: _id, ...student } = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "student@example.com")
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto("users")
      .values(people.map((email) => ({ ...student, email })))
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("is answered busy (503, retryable) beyond the gate's share, never 429, and all sign in when they retry", async () => {
    let waiting = people;
    let busy = 0;
    const statuses = new Set<number>();
    for (let round = 0; waiting.length > 0 && round < PEOPLE; round++) {
      // all at once, more of them than the address's limit of failures in a minute
      const answers: [string, LightMyRequestResponse][] = await Promise.all(
        waiting.map(
          async (email) => [email, await signIn(t.app, email, DEMO_PASSWORD)] as [string, LightMyRequestResponse],
        ),
      );
      if (round === 0) expect(answers.filter(([, res]) => res.statusCode === 503).length).toBeGreaterThan(0);
      for (const [, res] of answers) {
        statuses.add(res.statusCode);
        if (res.statusCode === 503) {
          busy++;
          expect(res.headers["retry-after"]).toBe("1");
        } else {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data.token).toBeTruthy();
        }
      }
      waiting = answers.filter(([, res]) => res.statusCode === 503).map(([email]) => email);
    }
    console.log(`${PEOPLE} students behind one address: all signed in after ${busy} busy answers and no 429`);
    expect(waiting).toEqual([]);
    expect([...statuses].sort()).toEqual([200, 503]);
    // more busy refusals than the address may fail in a minute: counted as failures, they had
    // locked the whole college out
    expect(busy).toBeGreaterThan(IP_RULE.limit);
    // and nothing stays counted against the address: every try was given back
    expect(await failuresOf(t.app, loginThrottleKeys("", ADDRESS).address)).toBe(0);
  }, 120_000);

  it("wrong passwords from that address still reach the 429 as before", async () => {
    // one at a time, each hashed: the address's limit of wrong passwords in a minute, all of them
    // answered 401 (had the busy refusals above counted, the address would be refused already)
    for (let n = 0; n < IP_RULE.limit; n++) {
      const res = await signIn(t.app, `nobody.${n}@example.com`, "Wrong#Pass1");
      expect(res.statusCode, res.body).toBe(401);
    }
    // and then the address is refused, right password or not
    const refused = await signIn(t.app, people[0] ?? "", DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  }, 60_000);
});

describe("a flood of wrong passwords for one account from one address, and the counts under it", () => {
  const target = "student@example.com";
  const keys = loginThrottleKeys(target, ADDRESS);
  let t: TestApp;
  let other: FastifyInstance;
  let hashed = 0;

  /** Counts the passwords of the target really hashed: a verify the gate turns away (HashGateBusy) hashes nothing. */
  const countHashes = (app: FastifyInstance) => {
    const verify = app.passwords.verify;
    app.passwords.verify = async (password, stored, gateKeys) => {
      const verified = await verify(password, stored, gateKeys);
      if (gateKeys?.includes(keys.account)) hashed++;
      return verified;
    };
  };

  beforeAll(async () => {
    // a gate that would let in nearly all of a flood: concurrency 4 and a queue of 400 give one
    // key ceil(404 / 4) = 101 places, in each of two processes on one database
    t = await createTestApp({ PASSWORD_HASH_CONCURRENCY: "4", PASSWORD_HASH_QUEUE: "400" });
    other = await buildApp(t.app.config, { prepareDatabase: false, logger: false });
    await other.ready();
    countHashes(t.app);
    countHashes(other);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** `count` wrong passwords at once, every other one through the other process. */
  const flood = async (count: number, from: number) => {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, n) => signIn(n % 2 === 0 ? t.app : other, target, `Wrong#${from + n}`)),
    );
    return answers.map((res) => res.statusCode);
  };

  it("gets at most the allowance hashed, however many come at once, and the rest are refused", async () => {
    const statuses = await flood(150, 0);
    expect(statuses.filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
    expect(hashed).toBeLessThanOrEqual(ACCOUNT_ADDRESS_RULE.limit);
    expect(statuses.filter((status) => status === 401)).toHaveLength(hashed);
    // more floods until the window's allowance is spent: exactly the allowance is ever hashed,
    // and then every try is refused with 429
    let last = statuses;
    for (let round = 1; round < 20 && !last.every((status) => status === 429); round++) {
      last = await flood(150, round * 150);
      expect(hashed).toBeLessThanOrEqual(ACCOUNT_ADDRESS_RULE.limit);
    }
    expect(last.every((status) => status === 429)).toBe(true);
    expect(hashed).toBe(ACCOUNT_ADDRESS_RULE.limit);
    // what is counted is what was tried: the refused gave their tries back
    expect(await failuresOf(t.app, keys.accountAddress)).toBe(ACCOUNT_ADDRESS_RULE.limit);
  }, 120_000);

  it("gets no more than the allowance hashed in the next window either, when hundreds restart it at once", async () => {
    // the window ends: hundreds at once find it ended, and only one may restart it
    const ended = new Date(Date.now() - ACCOUNT_ADDRESS_RULE.windowMs - 1_000).toISOString();
    for (const key of [keys.accountAddress, keys.address]) {
      await t.app.db.updateTable("auth_throttle").set({ window_start: ended }).where("key", "=", key).execute();
    }
    hashed = 0;
    const statuses = await flood(150, 10_000);
    expect(statuses.filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
    expect(hashed).toBeLessThanOrEqual(ACCOUNT_ADDRESS_RULE.limit);
    expect(await failuresOf(t.app, keys.accountAddress)).toBe(hashed);
  }, 120_000);

  describe("the throttle's counts", () => {
    const rule = { limit: 20, windowMs: 60_000 };

    it("answers each of many uses at once a count of its own", async () => {
      const counts = await Promise.all(Array.from({ length: 200 }, () => reserve(t.app.db, "test:at-once", rule)));
      expect(counts.map((reservation) => reservation.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 200 }, (_, n) => n + 1),
      );
    });

    it("restarts an ended window at 1 once, however many find it ended at the same moment", async () => {
      const key = "test:restart";
      await recordFailure(t.app.db, key, rule);
      const ended = new Date(Date.now() - rule.windowMs - 1_000).toISOString();
      await t.app.db
        .updateTable("auth_throttle")
        .set({ window_start: ended, failures: 50 })
        .where("key", "=", key)
        .execute();
      const counts = await Promise.all(Array.from({ length: 50 }, () => recordFailure(t.app.db, key, rule)));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
    });

    it("gives back only in the window the use was counted in, and never below zero", async () => {
      const key = "test:give-back";
      const first = await reserve(t.app.db, key, rule);
      await Promise.all(Array.from({ length: 5 }, () => giveBack(t.app.db, first)));
      expect(await failuresOf(t.app, key)).toBe(0);
      // a window begun since owes the old one nothing
      await reserve(t.app.db, key, rule);
      const ended = new Date(Date.now() - rule.windowMs - 1_000).toISOString();
      await t.app.db.updateTable("auth_throttle").set({ window_start: ended }).where("key", "=", key).execute();
      const old = { key, windowStart: ended };
      const fresh = await reserve(t.app.db, key, rule);
      expect(fresh.count).toBe(1);
      await giveBack(t.app.db, old);
      expect(await failuresOf(t.app, key)).toBe(1);
      await giveBack(t.app.db, fresh);
      expect(await failuresOf(t.app, key)).toBe(0);
    });
  });
});
