import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type ClusterMember, MEMBER_HEADER, startCluster } from "../../../scripts/cluster.mjs";
import { connect } from "../src/platform/db/connect.js";
import type { Database } from "../src/platform/db/schema.js";
import { applicationRow } from "./applications-fixture.js";
import { DEMO_PASSWORD, freshDatabase, hostOf, JWT_SECRET } from "./helpers.js";
import { type Mailbox, startMailbox } from "./mailbox.js";

/**
 * Several API processes on one PostgreSQL database behind HAProxy (scripts/cluster.mjs) behave as
 * one: whatever one process does, the other sees on the very next request, because what they
 * share lives in the database (throttles, revocations, the dashboards' counts, the mail queue) or
 * in the shared data directory (uploads). Each test goes to the processes themselves where it
 * matters, past the balancer, and through the balancer where the client's address matters. Needs
 * `npm run build` (the processes run apps/api/dist) and Debian's haproxy
 * (scripts/install-balancer.sh); runs in the `load` project, alone.
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: <T = Record<string, unknown>>() => T;
}

interface Call {
  method?: string;
  site?: string;
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** The loopback address the request comes from (127.0.0.1 by default). */
  from?: string;
}

/** One request on a connection of its own, from the given loopback address. */
function call(origin: string, path: string, options: Call = {}): Promise<Answer> {
  const payload = options.json === undefined ? options.body : Buffer.from(JSON.stringify(options.json));
  const headers: Record<string, string | number> = {
    host: hostOf(options.site ?? "provider"),
    ...(options.json === undefined ? {} : { "content-type": "application/json" }),
    ...(payload ? { "content-length": payload.length } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "GET",
        headers,
        localAddress: options.from,
        agent: false,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body.toString("utf8")) as T,
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${path}: no answer in 30 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}

const signIn = (origin: string, email: string, site: string, password = DEMO_PASSWORD, from?: string) =>
  call(origin, "/api/auth/login", { method: "POST", site, json: { email, password }, from });

async function tokenOf(origin: string, email: string, site: string): Promise<string> {
  const res = await signIn(origin, email, site);
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which member answered each of `count` requests through the balancer. */
async function servedBy(cluster: Cluster, count: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const res = await call(cluster.origin, "/api/public/config");
    expect(res.status).toBe(200);
    const member = String(res.headers[MEMBER_HEADER]);
    counts[member] = (counts[member] ?? 0) + 1;
  }
  return counts;
}

const postgres = process.env.TEST_POSTGRES_URL;

describe.skipIf(!postgres)("two API processes on one PostgreSQL behind HAProxy", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let mailbox: Mailbox;
  let cluster: Cluster;
  let db: Kysely<Database>;
  let a: ClusterMember;
  let b: ClusterMember;
  const dataDir = mkdtempSync(join(tmpdir(), "csc-processes-"));

  beforeAll(async () => {
    database = await freshDatabase("postgres");
    mailbox = await startMailbox();
    cluster = await startCluster({
      processes: 2,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET,
        PASSWORD_HASH_COST: "12",
        SMTP_URL: mailbox.url,
        PIPELINE_UNDO_SECONDS: "1",
      },
    });
    [a, b] = cluster.members as [ClusterMember, ClusterMember];
    db = connect(database.url, { resultCache: false }).db;
  });

  afterAll(async () => {
    await cluster?.stop();
    await db?.destroy();
    await mailbox?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("spreads requests over both processes, round robin", async () => {
    const counts = await servedBy(cluster, 20);
    expect(Object.keys(counts).sort()).toEqual(["member1", "member2"]);
    expect(counts.member1).toBeGreaterThanOrEqual(8);
    expect(counts.member2).toBeGreaterThanOrEqual(8);
  });

  it("refuses through one process a token signed out through the other, on the very next request", async () => {
    const token = await tokenOf(a.origin, "student@example.com", "kmc");
    // B has checked the token's signature and keeps its claims (the verifiedTokens cache)
    expect((await call(b.origin, "/api/profile", { site: "kmc", token })).status).toBe(200);
    expect((await call(a.origin, "/api/logout", { site: "kmc", token })).status).toBe(200);
    expect((await call(b.origin, "/api/profile", { site: "kmc", token })).status).toBe(401);
    expect((await call(a.origin, "/api/profile", { site: "kmc", token })).status).toBe(401);
  });

  it("ends on one process the sessions of an account whose password changed through the other", async () => {
    const email = "employee@example.com";
    const changer = await tokenOf(a.origin, email, "himal");
    const elsewhere = await tokenOf(b.origin, email, "himal");
    expect((await call(b.origin, "/api/profile", { site: "himal", token: elsewhere })).status).toBe(200);
    expect((await call(b.origin, "/api/profile", { site: "himal", token: changer })).status).toBe(200);

    const changed = await call(a.origin, "/api/profile/password", {
      method: "POST",
      site: "himal",
      token: changer,
      json: { current_password: DEMO_PASSWORD, new_password: "Placement#Day2027" },
    });
    expect(changed.status, changed.body.toString()).toBe(200);
    const renewed = changed.json<{ data: { token: string } }>().data.token;

    expect((await call(b.origin, "/api/profile", { site: "himal", token: elsewhere })).status).toBe(401);
    expect((await call(b.origin, "/api/profile", { site: "himal", token: changer })).status).toBe(401);
    expect((await call(b.origin, "/api/profile", { site: "himal", token: renewed })).status).toBe(200);
    expect((await signIn(b.origin, email, "himal", "Placement#Day2027")).status).toBe(200);
  });

  it("counts a sign-in throttle's failures made through both processes together", async () => {
    const email = "recruiter.viewer@example.com";
    // the account and address rule allows 20 wrong passwords a minute
    for (let i = 0; i < 20; i++) {
      const res = await signIn(i % 2 === 0 ? a.origin : b.origin, email, "recruiter", "not-the-password");
      expect(res.status).toBe(401);
    }
    for (const member of [a, b]) {
      const refused = await signIn(member.origin, email, "recruiter");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("throttles the client behind the balancer by its own address, which it cannot make up", async () => {
    const email = "college.viewer@example.com";
    const flooder = "127.0.9.1";
    for (let i = 0; i < 20; i++) {
      // an X-Forwarded-For of the client's own making is dropped: every failure counts for 127.0.9.1
      const res = await call(cluster.origin, "/api/auth/login", {
        method: "POST",
        site: "kmc",
        json: { email, password: "not-the-password" },
        headers: { "x-forwarded-for": `10.0.${i}.1` },
        from: flooder,
      });
      expect(res.status).toBe(401);
    }
    expect((await signIn(cluster.origin, email, "kmc", DEMO_PASSWORD, flooder)).status).toBe(429);
    // the owner, from an address of their own, signs in through the same balancer
    expect((await signIn(cluster.origin, email, "kmc", DEMO_PASSWORD, "127.0.9.2")).status).toBe(200);
    // and a process reached past the balancer believes no forwarded address from anyone else
    const around = await call(a.origin, "/api/auth/login", {
      method: "POST",
      site: "kmc",
      json: { email, password: DEMO_PASSWORD },
      headers: { "x-forwarded-for": "127.0.9.3" },
      from: flooder,
    });
    expect(around.status).toBe(429);
  });

  describe("a change of applicants through one process", () => {
    let kmc = 0;
    let serial = 0;

    /** A kmc job and a guest's application to it, written straight into the database. */
    async function guestApplication(email: string) {
      kmc = (await db.selectFrom("institutions").select("id").where("subdomain", "=", "kmc").executeTakeFirstOrThrow())
        .id;
      const now = new Date().toISOString();
      const job = await db
        .insertInto("job_opportunities")
        .values({
          title: `Multi-process job ${++serial}`,
          job_type: "internship",
          deadline: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
          publish_status: 1,
          institution_id: kmc,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const application = await db
        .insertInto("applications")
        .values(applicationRow({ job_opportunity_id: job.id }, { full_name: "Guest of two processes", email }))
        .returning("id")
        .executeTakeFirstOrThrow();
      return application.id;
    }

    const shortlist = async (member: ClusterMember, id: number) => {
      const token = await tokenOf(member.origin, "college.editor@example.com", "kmc");
      const res = await call(member.origin, "/api/applications/bulk", {
        method: "POST",
        site: "kmc",
        token,
        json: { ids: [id], stage: "shortlisted" },
      });
      expect(res.status, res.body.toString()).toBe(200);
    };

    it("moves the dashboard's kept counts as the other process reads them", async () => {
      const id = await guestApplication(`counted.${randomBytes(4).toString("hex")}@example.com`);
      const admin = await tokenOf(b.origin, "college.admin@example.com", "kmc");
      type Stage = { posting_type: string; stage: string; count: number };
      const stages = async () => {
        const res = await call(b.origin, "/api/dashboard", { site: "kmc", token: admin });
        expect(res.status).toBe(200);
        const count = (stage: string) =>
          res
            .json<{ data: { stages: Stage[] } }>()
            .data.stages.find((row) => row.posting_type === "job-opportunity" && row.stage === stage)?.count ?? 0;
        return { waiting: count("new_candidates"), shortlisted: count("shortlisted") };
      };
      const before = await stages();
      await shortlist(a, id);
      expect(await stages()).toEqual({ waiting: before.waiting - 1, shortlisted: before.shortlisted + 1 });
    });

    it("mails the applicant exactly once while both processes look for due mail", async () => {
      const email = `mailed.${randomBytes(4).toString("hex")}@example.com`;
      const id = await guestApplication(email);
      await shortlist(a, id);
      const received = () => mailbox.received.filter((mail) => mail.to.includes(email));
      // due after the one-second undo window; each process looks every second
      for (let waited = 0; waited < 20_000 && received().length === 0; waited += 100) await sleep(100);
      expect(received()).toHaveLength(1);
      // long enough for each process to have looked several times more
      await sleep(4_000);
      expect(received()).toHaveLength(1);
    });
  });

  it("serves through one process a file uploaded through the other", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
      "base64",
    );
    const boundary = "----processes";
    const upload = await call(a.origin, "/api/uploads/photo", {
      method: "POST",
      site: "kmc",
      token: await tokenOf(a.origin, "student@example.com", "kmc"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.status, upload.body.toString()).toBe(201);
    const url = upload.json<{ data: { url: string } }>().data.url;
    const fromA = await call(a.origin, url, { site: "kmc" });
    const fromB = await call(b.origin, url, { site: "kmc" });
    expect(fromB.status).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/png");
    expect(fromB.body.equals(fromA.body)).toBe(true);
  });

  it("keeps answering when a process is killed, and takes it back once restarted", async () => {
    const killedPid = b.pid;
    await b.kill("SIGKILL");
    expect(b.running).toBe(false);
    // refused connections go to the process that runs (retries, redispatch) until checks mark it down
    expect(await servedBy(cluster, 10)).toEqual({ member1: 10 });
    const down = async () => (await cluster.balancer?.states())?.member2?.startsWith("DOWN");
    for (let waited = 0; waited < 5_000 && !(await down()); waited += 100) await sleep(100);
    expect(await cluster.balancer?.states()).toMatchObject({ member1: "UP", member2: expect.stringMatching(/^DOWN/) });

    await b.restart();
    expect(b.pid).not.toBe(killedPid);
    expect(await cluster.balancer?.states()).toEqual({ member1: "UP", member2: "UP" });
    const counts = await servedBy(cluster, 10);
    expect(counts.member1).toBeGreaterThanOrEqual(3);
    expect(counts.member2).toBeGreaterThanOrEqual(3);
    expect(cluster.cpuMicros()).toBeGreaterThan(0);
  });

  it("leaves no process behind when stopped", async () => {
    const pids = [...cluster.members.map((member) => member.pid), cluster.balancer?.pid];
    await cluster.stop();
    for (const pid of pids) expect(() => process.kill(pid as number, 0), String(pid)).toThrow(/ESRCH/);
  });
});

describe("one API process on SQLite through the same script, with no balancer", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let cluster: Cluster;

  beforeAll(async () => {
    database = await freshDatabase("sqlite");
    cluster = await startCluster({
      processes: 1,
      balancer: false,
      env: { DATABASE_URL: database.url, JWT_SECRET, PASSWORD_HASH_COST: "12" },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  it("serves the process itself, and signs in", async () => {
    expect(cluster.origin).toBe(cluster.members[0]?.origin);
    expect(cluster.balancer).toBeNull();
    expect((await call(cluster.origin, "/api/health")).json()).toEqual({ status: "ok" });
    expect((await signIn(cluster.origin, "student@example.com", "kmc")).status).toBe(200);
  });

  it("believes no client's X-Forwarded-For when there is no balancer", async () => {
    const email = "company.viewer@example.com";
    for (let i = 0; i < 20; i++) {
      const res = await call(cluster.origin, "/api/auth/login", {
        method: "POST",
        site: "himal",
        json: { email, password: "not-the-password" },
        headers: { "x-forwarded-for": `10.1.${i}.1` },
        from: "127.0.9.5",
      });
      expect(res.status).toBe(401);
    }
    expect((await signIn(cluster.origin, email, "himal", DEMO_PASSWORD, "127.0.9.5")).status).toBe(429);
  });

  it("refuses to start several processes on SQLite", async () => {
    await expect(startCluster({ processes: 2, env: { DATABASE_URL: database.url } })).rejects.toThrow(/PostgreSQL/);
  });
});
