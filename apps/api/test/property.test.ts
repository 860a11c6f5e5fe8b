import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, hostOf, JWT_SECRET, login, type TestApp, tokenFor } from "./helpers.js";
import {
  type BodyCase,
  bodyFor,
  changedTables,
  DatabaseFingerprint,
  documentedOperations,
  documentedValues,
  handMadeJwt,
  injectWithin,
  NoAnswer,
  type Operation,
  operationsOf,
  pathFor,
  queryFor,
} from "./property-support.js";

/**
 * Every route the API documents in GET /api/docs gets generated paths, query strings, bodies and
 * credentials. Whatever it is sent, the API answers in time, never with a 5xx, and a request it
 * refuses (status >= 400) leaves every row as it was.
 *
 * Seeded (each route's seed is derived from PROPERTY_SEED and its name): a failure prints the
 * line that replays it, `PROPERTY_SEED=… PROPERTY_PATH=… npx vitest run … -t "<route>"`; alone,
 * the route runs without the writes of the routes before it, which rarely matters.
 * PROPERTY_RUNS=<factor> runs more cases per route; PROPERTY_STATS=1 prints the answers by status.
 */

const SEED = Number(process.env.PROPERTY_SEED ?? 20261123);
const PATH = process.env.PROPERTY_PATH;
const RUNS_FACTOR = Number(process.env.PROPERTY_RUNS ?? 1);
/** How deep the cases get: each route's answers by status. */
const STATS = process.env.PROPERTY_STATS === "1";
const statuses = new Map<number, number>();
const ANSWER_WITHIN_MS = 5_000;
const PROJECT = process.env.TEST_DB === "postgres" ? "api-postgres" : "api-sqlite";

/** The accounts requests are sent as; tokens are re-issued whenever a case signs one out or breaks it. */
const POOL = [
  { as: "superadmin", email: "superadmin@example.com", site: "provider" },
  { as: "skilllab.viewer", email: "skilllab.viewer@example.com", site: "provider" },
  { as: "college.admin", email: "college.admin@example.com", site: "kmc" },
  { as: "student", email: "student@example.com", site: "kmc" },
  { as: "company.admin", email: "company.admin@example.com", site: "himal" },
  { as: "recruiter.admin", email: "recruiter.admin@example.com", site: "recruiter" },
  { as: "recruiter.viewer", email: "recruiter.viewer@example.com", site: "recruiter" },
  { as: "learner", email: "learner@example.com", site: "provider" },
] as const;

const HOSTS = [
  "localhost",
  "kmc.localhost",
  "himal.localhost",
  "recruiter.localhost",
  "admin.localhost",
  "unknown.localhost",
  "KMC.LocalHost:3000",
  "127.0.0.1:3000",
  "[::1]:3000",
  "evil.example",
  "kmc.localhost.evil.example",
  "kmc..localhost",
  `${"a".repeat(70)}.localhost`,
];

/** Tables not fingerprinted at all, and why. */
const NOT_FINGERPRINTED: Record<string, string> = {
  kysely_migration: "the migrator's own, written only at start-up",
  kysely_migration_lock: "the migrator's own, written only at start-up",
  auth_throttle: "failed sign-ins and every mail-sending request are counted, refused or not, so they can be throttled",
};

const unverifiedSignIn = (op: Operation, res: LightMyRequestResponse) =>
  op.method === "POST" &&
  op.path === "/api/auth/login" &&
  res.statusCode === 403 &&
  res.body.includes('"email_verified":false');

/** Tables a refused request may change by design, on the answers where it does, and why. */
const CHANGED_ON_REFUSAL: {
  table: string;
  reason: string;
  applies: (op: Operation, res: LightMyRequestResponse) => boolean;
}[] = [
  {
    table: "user_tokens",
    reason: "signing in to an unverified account is refused (403) and issues a new verification link",
    applies: unverifiedSignIn,
  },
  {
    table: "mail_queue",
    reason: "signing in to an unverified account is refused (403) and queues the mail of that new link",
    applies: unverifiedSignIn,
  },
  {
    table: "download_logs",
    reason: "an export is logged when it is asked for",
    applies: (op) => op.method === "GET" && op.path.endsWith("/export"),
  },
];

interface Case {
  /** A pool account, "anonymous", or the name of a forged or stale credential. */
  as: string;
  /** "" for the account's own site. */
  host: string;
  url: string;
  body: BodyCase | null;
  language: string | null;
  ip: string;
}

const operations: Operation[] = await documentedOperations();
let t: TestApp;
let fingerprint: DatabaseFingerprint;
const tokens = new Map<string, string>();
/** Authorization headers that must not let anyone in. */
const forged = new Map<string, string>();
/** Rows the pool's sign-ins depend on, as seeded: put back when a case changes them. */
let protectedRows: { table: "users" | "institutions" | "recruiters"; row: Record<string, unknown> }[];
let words: string[];

const poolHost = (as: string) => {
  const account = POOL.find((a) => a.as === as);
  return account ? hostOf(account.site) : "localhost";
};

async function signIn(account: (typeof POOL)[number]) {
  // a case may have used up the account's sign-in attempts; the pool signs in from 127.0.0.1, cases never do
  await t.app.db
    .deleteFrom("auth_throttle")
    .where("key", "in", [`login:account:${account.email}`, "login:ip:127.0.0.1"])
    .execute();
  tokens.set(account.as, await tokenFor(t.app, account.email, account.site));
}

/** After a case that succeeded in changing something: the pool's rows as seeded, and every token working. */
async function keepPoolUsable() {
  const db = t.app.db;
  for (const { table, row } of protectedRows) {
    const current = await db
      .selectFrom(table)
      .selectAll()
      .where("id", "=", row.id as number)
      .executeTakeFirst();
    if (JSON.stringify(current) === JSON.stringify(row)) continue;
    const { id, ...values } = row;
    if (current) {
      await db
        .updateTable(table)
        .set(values)
        .where("id", "=", id as number)
        .execute();
    } else {
      await db
        .insertInto(table)
        .values(row as never)
        .execute();
    }
  }
  for (const account of POOL) {
    const res = await t.app.inject({
      url: "/api/profile",
      headers: { host: hostOf(account.site), authorization: `Bearer ${tokens.get(account.as)}` },
    });
    if (res.statusCode !== 200) await signIn(account);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  // mail stays in the queue: a request's rows are its own, never the sending of an earlier one's mail
  await t.app.mailQueue.stop();
  const db = t.app.db;
  for (const account of POOL) await signIn(account);

  const users = await db
    .selectFrom("users")
    .selectAll()
    .where(
      "email",
      "in",
      POOL.map((a) => a.email),
    )
    .execute();
  const institutionIds = users.flatMap((u) => (u.institution_id === null ? [] : [u.institution_id]));
  const recruiterIds = users.flatMap((u) => (u.recruiter_id === null ? [] : [u.recruiter_id]));
  protectedRows = [
    ...users.map((row) => ({ table: "users" as const, row })),
    ...(await db.selectFrom("institutions").selectAll().where("id", "in", institutionIds).execute()).map((row) => ({
      table: "institutions" as const,
      row,
    })),
    ...(recruiterIds.length === 0
      ? []
      : await db.selectFrom("recruiters").selectAll().where("id", "in", recruiterIds).execute()
    ).map((row) => ({ table: "recruiters" as const, row })),
  ];

  const superadmin = users.find((u) => u.email === "superadmin@example.com");
  if (!superadmin) throw new Error("the demo data has no superadmin");
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: String(superadmin.id),
    role: superadmin.role,
    ver: superadmin.token_version,
    jti: randomUUID(),
    iat: now,
    exp: now + 3600,
  };
  const revoked = (await login(t.app, "learner@example.com", "provider")).json<{ data: { token: string } }>().data
    .token;
  await t.app.inject({ url: "/api/logout", headers: { authorization: `Bearer ${revoked}` } });
  for (const [name, header] of Object.entries({
    "garbage token": "Bearer not-a-token",
    "empty bearer": "Bearer ",
    "basic credentials": `Basic ${Buffer.from("superadmin@example.com:CareerDemo#2026").toString("base64")}`,
    "oversized token": `Bearer ${"A".repeat(8000)}`,
    "wrong secret": `Bearer ${handMadeJwt(claims, "not-the-server-secret-but-just-as-long-0123456789")}`,
    "alg none": `Bearer ${handMadeJwt(claims, "", "none")}`,
    "alg HS512": `Bearer ${handMadeJwt(claims, JWT_SECRET, "HS512")}`,
    "unknown user": `Bearer ${handMadeJwt({ ...claims, sub: "999999" }, JWT_SECRET)}`,
    "stale role": `Bearer ${handMadeJwt({ ...claims, role: "LEARNER" }, JWT_SECRET)}`,
    "stale version": `Bearer ${handMadeJwt({ ...claims, ver: claims.ver + 1 }, JWT_SECRET)}`,
    expired: `Bearer ${handMadeJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, JWT_SECRET)}`,
    "signed out": `Bearer ${revoked}`,
  })) {
    forged.set(name, header);
  }

  words = [
    ...new Set(
      operations.flatMap((op) =>
        Object.values(op.body?.properties ?? {}).flatMap((s) =>
          documentedValues(s).filter((v) => typeof v === "string"),
        ),
      ),
    ),
  ] as string[];
  fingerprint = await DatabaseFingerprint.of(db, t.app.dialect, Object.keys(NOT_FINGERPRINTED));
});

afterAll(async () => {
  await t.close();
});

/** The properties of the body that writes the route's resource: they say what each filter holds. */
function fieldSchemasOf(op: Operation) {
  const list = op.path.replace(/\/(export|\{id\}|options\/\{field\})$/, "");
  const write = operations.find(
    (o) => (o.method === "POST" && o.path === list) || (o.method === "PATCH" && o.path === `${list}/{id}`),
  );
  return write?.body?.properties ?? {};
}

function caseFor(op: Operation): fc.Arbitrary<Case> {
  // the superadmin reaches the most code, so it is picked as often as the rest of the pool together
  const who = fc.oneof(
    { arbitrary: fc.constant("superadmin"), weight: 5 },
    { arbitrary: fc.constantFrom(...POOL.map((a) => a.as)), weight: 5 },
    { arbitrary: fc.constant("anonymous"), weight: 1 },
    { arbitrary: fc.constantFrom(...forged.keys()), weight: 2 },
  );
  return fc.record({
    as: who,
    host: fc.oneof({ arbitrary: fc.constant(""), weight: 5 }, { arbitrary: fc.constantFrom(...HOSTS), weight: 1 }),
    url: fc.tuple(pathFor(op), queryFor(op, words, fieldSchemasOf(op))).map(([path, query]) => `${path}${query}`),
    body: bodyFor(op),
    language: fc.option(fc.constantFrom("np-NP", "en-US", "ne", "xx", "*", "np-NP;q=abc", "😀".repeat(50)), {
      freq: 4,
    }),
    // never 127.0.0.1, where the pool signs in from
    ip: fc.oneof(
      fc.ipV4().filter((ip) => !ip.startsWith("127.")),
      fc.ipV6(),
    ),
  });
}

function send(op: Operation, c: Case): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: c.host || poolHost(c.as) };
  const credential = tokens.has(c.as) ? `Bearer ${tokens.get(c.as)}` : forged.get(c.as);
  if (credential) headers.authorization = credential;
  if (c.language) headers["accept-language"] = c.language;
  if (c.body?.contentType) headers["content-type"] = c.body.contentType;
  return injectWithin(
    t.app,
    {
      method: op.method,
      url: c.url,
      headers,
      remoteAddress: c.ip,
      ...(c.body ? { payload: c.body.payload } : {}),
    },
    ANSWER_WITHIN_MS,
  );
}

/** Sends one case and checks the three promises; throws a message that names the exact request. */
async function exercise(op: Operation, c: Case) {
  const before = await fingerprint.take();
  const request = `${op.method} ${c.url} as ${c.as}${c.body ? ` with ${c.body.contentType ?? "no content type"} body ${c.body.payload.slice(0, 300)}` : ""}`;
  let res: LightMyRequestResponse;
  try {
    res = await send(op, c);
  } catch (error) {
    if (error instanceof NoAnswer) throw new Error(`hang: ${request}: ${error.message}`);
    throw error;
  }
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (res.statusCode >= 400) {
    const changed = changedTables(before, await fingerprint.take()).filter(
      (table) => !CHANGED_ON_REFUSAL.some((allowed) => allowed.table === table && allowed.applies(op, res)),
    );
    if (changed.length > 0) {
      problems.push(`refused with ${res.statusCode} but changed rows of ${changed.join(", ")}`);
      await keepPoolUsable();
    }
  } else if (op.method !== "GET" || op.path === "/api/logout") {
    await keepPoolUsable();
  }
  if (problems.length > 0) throw new Error(`${request}\n  ${problems.join("\n  ")}`);
}

/** Each route its own seed, so that routes do not all see the same sequence of choices. */
const seedFor = (name: string) =>
  [...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), SEED) | 0;

/** More cases where the input space is larger: bodies (documented or not), query strings, path parameters. */
const runsFor = (op: Operation) =>
  Math.round(
    RUNS_FACTOR *
      (16 +
        (op.body || op.method === "POST" ? 30 : 0) +
        (op.parameters.some((p) => p.in === "query") ? 24 : 0) +
        (op.parameters.some((p) => p.in === "path") ? 8 : 0)),
  );

describe("every documented route, sent generated input", () => {
  it("finds the routes to exercise in the OpenAPI document", async () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        "POST /api/auth/login",
        "GET /api/courses",
        "PATCH /api/users/{id}",
        "POST /api/uploads",
      ]),
    );
    // the routes were read from an app of their own: the one under test documents the same
    const documented = operationsOf((await t.app.inject({ url: "/api/docs" })).json());
    expect(documented.map((op) => `${op.method} ${op.path}`)).toEqual(
      operations.map((op) => `${op.method} ${op.path}`),
    );
    const total = operations.reduce((sum, op) => sum + runsFor(op), 0);
    expect(total).toBeGreaterThan(2000);
  });

  it("sees a row changed behind the API's back in the fingerprint", async () => {
    const before = await fingerprint.take();
    await sql`update courses set title = title || '!' where id = (select min(id) from courses)`.execute(t.app.db);
    const after = await fingerprint.take();
    await sql`update courses set title = substr(title, 1, length(title) - 1) where id = (select min(id) from courses)`.execute(
      t.app.db,
    );
    expect(changedTables(before, after)).toEqual(["courses"]);
    expect(changedTables(before, await fingerprint.take())).toEqual([]);
  });
});

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", (name, op) => {
  it("answers in time, never with a 5xx, and changes nothing when it refuses", async () => {
    statuses.clear();
    const started = performance.now();
    const details = await fc.check(
      fc.asyncProperty(caseFor(op), (c) => exercise(op, c)),
      {
        seed: seedFor(name),
        ...(PATH ? { path: PATH } : {}),
        numRuns: runsFor(op),
        includeErrorInReport: true,
        // bounds the shrinking of a failure (a hang costs 5 s a try); a passing route takes well under a second
        plugins: [fc.interruptAfterTimeLimit(15_000)],
      },
    );
    if (STATS) {
      const ms = Math.round(performance.now() - started);
      console.log(`${name}: ${details.numRuns} cases in ${ms} ms ${JSON.stringify(Object.fromEntries(statuses))}`);
    }
    if (details.failed) {
      throw new Error(
        `${fc.defaultReportMessage(details)}\nReplay: PROPERTY_SEED=${SEED} PROPERTY_PATH="${details.counterexamplePath}" npx vitest run --project ${PROJECT} apps/api/test/property.test.ts -t "^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} answers"`,
      );
    }
  }, 30_000);
});
