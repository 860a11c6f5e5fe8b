import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IP_RULE } from "../src/routes/auth.js";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "./helpers.js";

/**
 * A whole college behind one address (one NAT) signs in at once on placement day. More of them
 * than the hashing gate admits from one address are told the server is busy (503, retry); that
 * is no failed sign-in, so it never throttles the address (429), and all get in when they retry.
 * Wrong passwords from that address are still counted and throttled as before.
 */

const ADDRESS = "127.0.7.1";
const PEOPLE = 40;
const people = Array.from({ length: PEOPLE }, (_, n) => `nat.student.${n}@example.com`);

let t: TestApp;
beforeAll(async () => {
  // a small gate: concurrency 2 and a queue of 2 give one address ceil(4 / 4) = 1 place, so of
  // a round of sign-ins only those reaching the gate while no hash of the address runs are let
  // in; hashes of half OWASP's memory (9.5 MiB) last long enough for most of a round to be busy
  t = await createTestApp({ PASSWORD_HASH_COST: "16", PASSWORD_HASH_CONCURRENCY: "2", PASSWORD_HASH_QUEUE: "2" });
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

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ADDRESS,
    headers: { host: "kmc.localhost" },
    payload: { email, password },
  });

describe("a college behind one address signing in at once", () => {
  it("is answered busy (503, retryable) beyond the gate's share, never 429, and all sign in when they retry", async () => {
    let waiting = people;
    let busy = 0;
    const statuses = new Set<number>();
    for (let round = 0; waiting.length > 0 && round < PEOPLE * 2; round++) {
      const answers: [string, LightMyRequestResponse][] = await Promise.all(
        waiting.map(async (email) => [email, await signIn(email, DEMO_PASSWORD)] as [string, LightMyRequestResponse]),
      );
      if (round === 0) {
        // more at once than the gate admits from one address
        expect(answers.filter(([, res]) => res.statusCode === 503).length).toBeGreaterThan(0);
      }
      for (const [, res] of answers) {
        statuses.add(res.statusCode);
        if (res.statusCode === 503) {
          busy++;
          expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        } else {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data.token).toBeTruthy();
        }
      }
      waiting = answers.filter(([, res]) => res.statusCode === 503).map(([email]) => email);
    }
    expect(waiting).toEqual([]);
    expect([...statuses].sort()).toEqual([200, 503]);
    // more busy refusals than the address may fail in a minute: counted as failures, they had
    // locked the whole college out
    expect(busy).toBeGreaterThan(IP_RULE.limit);
  }, 60_000);

  it("wrong passwords from that address still reach the 429 as before", async () => {
    // one at a time, each hashed: the address's limit of wrong passwords in a minute, all of them
    // answered 401 (had the busy refusals above counted, the address would be refused already)
    for (let n = 0; n < IP_RULE.limit; n++) {
      const res = await signIn(`nobody.${n}@example.com`, "Wrong#Pass1");
      expect(res.statusCode, res.body).toBe(401);
    }
    // and then the address is refused, right password or not
    const refused = await signIn(people[0] ?? "", DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  }, 60_000);
});
