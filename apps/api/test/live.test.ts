import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { LiveEvent } from "@csc/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEventStream } from "../../../bench/event-stream.mjs";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, body, createTestApp, hostOf, JWT_SECRET, type TestApp, tokenFor } from "./helpers.js";

/**
 * Live updates (DESIGN §5b `GET /live`): a server-sent event reaches, within moments, exactly the
 * readers who may read the changed rows (checked over every demo account while the provider's
 * staff change rows of every tenant), a person's own notification reaches them when it shows (after
 * the undo window), a dropped stream resumes from its `Last-Event-ID` without losing what happened
 * meanwhile, and on PostgreSQL a change made through one process reaches a stream on another.
 */

let t: TestApp;
let origin = "";
const tokens = new Map<string, string>();
const siteOf = (email: string) => DEMO_ACCOUNTS.find((account) => account.email === email)?.site ?? "provider";

interface Received {
  id: string;
  event: string;
  data: LiveEvent | null;
}

interface Stream {
  status: number;
  events: Received[];
  ended: Promise<void>;
  close: () => void;
}

/** Opens `GET /api/live` as a browser's fetch does, and keeps every event it is told. */
function openStream(base: string, email: string, lastEventId?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const url = new URL("/api/live", base);
    const req = httpRequest(url, {
      headers: {
        ...bearer(tokens.get(email) ?? ""),
        host: hostOf(siteOf(email)),
        accept: "text/event-stream",
        ...(lastEventId ? { "last-event-id": lastEventId } : {}),
      },
    });
    req.on("error", reject);
    req.on("response", (res: IncomingMessage) => {
      const events: Received[] = [];
      readEventStream(res, ({ id, event, data }) =>
        events.push({
          id: id ?? "",
          event: event ?? "message",
          data: event ? null : (JSON.parse(data) as LiveEvent),
        }),
      );
      const ended = new Promise<void>((done) => res.on("close", () => done()));
      resolve({ status: res.statusCode ?? 0, events, ended, close: () => req.destroy() });
    });
    req.end();
  });
}

const call = (email: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens.get(email) ?? ""), host: hostOf(siteOf(email)) },
    ...(payload ? { payload } : {}),
  });

/** The ids of `resource` a stream was told of. */
const toldOf = (stream: Stream, resource: string) =>
  new Set(stream.events.filter((e) => e.data?.resource === resource).flatMap((e) => e.data?.ids ?? []));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An application to one of the demo college's learning events, which its admin may move. */
async function kmcApplication(): Promise<number> {
  const row = await t.app.db
    .selectFrom("applications as a")
    .innerJoin("learning_events as e", "e.id", "a.learning_event_id")
    .innerJoin("institutions as i", "i.id", "e.institution_id")
    .select("a.id")
    .where("i.subdomain", "=", "kmc")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp({ PIPELINE_UNDO_SECONDS: "1" });
  origin = await listening(t.app);
  for (const account of DEMO_ACCOUNTS) tokens.set(account.email, await tokenFor(t.app, account.email, account.site));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("GET /live", () => {
  it("refuses a caller who is not signed in", async () => {
    tokens.set("nobody", "");
    const stream = await openStream(origin, "nobody");
    expect(stream.status).toBe(401);
  });

  it("tells every demo account of exactly the changed rows it may read, while the provider's staff change rows of every tenant", async () => {
    const streams = new Map<string, Stream>();
    for (const account of DEMO_ACCOUNTS) {
      const stream = await openStream(origin, account.email);
      expect(stream.status, account.email).toBe(200);
      streams.set(account.email, stream);
    }
    // a few applications to the postings of each institution, each recruiter and the provider
    const applications = await t.app.db
      .selectFrom("applications as a")
      .leftJoin("learning_events as e", "e.id", "a.learning_event_id")
      .leftJoin("job_opportunities as j", "j.id", "a.job_opportunity_id")
      .select([
        "a.id",
        (eb) => eb.fn.coalesce("e.institution_id", "j.institution_id").as("institution"),
        (eb) => eb.fn.coalesce("e.recruiter_id", "j.recruiter_id").as("recruiter"),
      ])
      .where("a.withdrawn_at", "is", null)
      .execute();
    const byTenant = new Map<string, number[]>();
    for (const row of applications) {
      const key = `${row.institution ?? "-"}/${row.recruiter ?? "-"}`;
      const ids = byTenant.get(key) ?? [];
      if (ids.length < 3) byTenant.set(key, [...ids, row.id]);
    }
    expect(byTenant.size).toBeGreaterThan(3);
    // and one of each demo learner's own, whom the note reaches in their bell as well
    const learners = ["student@example.com", "employee@example.com", "learner@example.com"];
    const own = await t.app.db
      .selectFrom("applications as a")
      .innerJoin("users as u", "u.id", "a.user_id")
      .select(["a.id", "u.email"])
      .where("u.email", "in", learners)
      .where("a.withdrawn_at", "is", null)
      .execute();
    const ownIds = learners.map((email) => own.find((row) => row.email === email)?.id);
    expect(ownIds.every((id) => id !== undefined)).toBe(true);
    const changed = [...new Set([...[...byTenant.values()].flat(), ...(ownIds as number[])])];
    const moved = await call("superadmin@example.com", "POST", "/api/applications/bulk", {
      ids: changed,
      note: "Live check",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // past the undo window, when the applicants' notifications show
    await pause(2_500);
    for (const stream of streams.values()) stream.close();

    let toldSomebody = 0;
    for (const account of DEMO_ACCOUNTS) {
      const stream = streams.get(account.email) as Stream;
      const told = toldOf(stream, "applications");
      // nothing told but rows the account reads itself
      for (const id of told) {
        const read = await call(account.email, "GET", `/api/applications/${id}`);
        expect(read.statusCode, `${account.email} was told of application ${id}`).toBe(200);
      }
      // and every changed row it reads was told
      for (const id of changed) {
        const read = await call(account.email, "GET", `/api/applications/${id}`);
        if (read.statusCode === 200) expect(told.has(id), `${account.email} not told of ${id}`).toBe(true);
      }
      // a notification is told to its own reader alone
      const notifications = [...toldOf(stream, "notifications")];
      if (notifications.length > 0) {
        const owners = await t.app.db
          .selectFrom("notifications")
          .innerJoin("users", "users.id", "notifications.user_id")
          .select("users.email")
          .where("notifications.id", "in", notifications)
          .execute();
        expect(new Set(owners.map((row) => row.email))).toEqual(new Set([account.email]));
      }
      toldSomebody += told.size;
      if (learners.includes(account.email)) expect(notifications.length, account.email).toBeGreaterThan(0);
    }
    expect(toldSomebody).toBeGreaterThan(0);
  });

  it("tells a learner of their notification once the undo window has passed, not before", async () => {
    const stream = await openStream(origin, "student@example.com");
    const [mine] = await t.app.db
      .selectFrom("applications")
      .innerJoin("users", "users.id", "applications.user_id")
      .select("applications.id")
      .where("users.email", "=", "student@example.com")
      .where("applications.withdrawn_at", "is", null)
      .execute();
    expect(mine).toBeDefined();
    const moved = await call("superadmin@example.com", "POST", "/api/applications/bulk", {
      ids: [mine?.id],
      note: "Told when it shows",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedAt = Date.now();
    // the application itself at once: the learner reads their own row
    await expect.poll(() => toldOf(stream, "applications").has(mine?.id as number), { timeout: 1_000 }).toBe(true);
    expect(toldOf(stream, "notifications").size).toBe(0);
    await expect.poll(() => toldOf(stream, "notifications").size, { timeout: 4_000 }).toBe(1);
    expect(Date.now() - movedAt).toBeGreaterThanOrEqual(1_000);
    const unread = await call("student@example.com", "GET", "/api/notifications/unread-count");
    expect(body<{ data: { count: number } }>(unread).data.count).toBeGreaterThan(0);
    stream.close();
  });

  it("resumes a dropped stream from its Last-Event-ID with what happened meanwhile", async () => {
    const first = await openStream(origin, "college.admin@example.com");
    const posting = await call("college.admin@example.com", "POST", "/api/learning-events", {});
    // a refused create tells nobody: only a change that was made is told
    expect(posting.statusCode).toBe(400);
    const id = await kmcApplication();
    const note = (text: string) =>
      call("college.admin@example.com", "POST", "/api/applications/bulk", { ids: [id], note: text });
    expect((await note("Before the drop")).statusCode).toBe(200);
    await expect.poll(() => first.events.filter((e) => e.data?.resource === "applications").length).toBe(1);
    const last = first.events.at(-1)?.id as string;
    expect(last).toMatch(/^\d{13}-\d+$/);
    first.close();
    await first.ended;

    // two changes while away
    expect((await note("While away, one")).statusCode).toBe(200);
    expect((await note("While away, two")).statusCode).toBe(200);
    const resumed = await openStream(origin, "college.admin@example.com", last);
    // both changes made while away (the overlap may tell the last one seen again: the client drops it by id)
    const missed = () => resumed.events.filter((e) => e.data?.resource === "applications" && e.id !== last);
    await expect.poll(() => missed().length).toBe(2);
    expect(missed().every((e) => e.data?.ids.includes(id))).toBe(true);
    // each event once from the server's side of the resume
    const ids = resumed.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    resumed.close();

    // an id too old (or not ours) asks the client to read everything again
    const stale = await openStream(origin, "college.admin@example.com", "1000000000000-1");
    await expect.poll(() => stale.events.map((e) => e.event)).toContain("reset");
    stale.close();
  });

  it("ends the open streams when the server closes", async () => {
    const extra = await createTestApp();
    const base = await listening(extra.app);
    tokens.set("closing", await tokenFor(extra.app, "college.admin@example.com", "kmc"));
    const stream = await openStream(base, "closing");
    expect(stream.status).toBe(200);
    expect(extra.app.live.size()).toBe(1);
    const closing = extra.close();
    await stream.ended;
    await closing;
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two processes on PostgreSQL", () => {
  it("tells a stream on one process of a change made through another", async () => {
    const config = loadConfig({
      DATABASE_URL: t.app.config.databaseUrl,
      DATA_DIR: t.app.config.dataDir,
      JWT_SECRET,
    });
    const other = await buildApp(config, { logger: false, prepareDatabase: false });
    try {
      const otherOrigin = await listening(other);
      const stream = await openStream(otherOrigin, "college.admin@example.com");
      expect(stream.status).toBe(200);
      const id = await kmcApplication();
      const moved = await call("college.admin@example.com", "POST", "/api/applications/bulk", {
        ids: [id],
        note: "From the other process",
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await expect.poll(() => toldOf(stream, "applications").has(id), { timeout: 1_000 }).toBe(true);
      stream.close();
    } finally {
      await other.close();
    }
  });
});
