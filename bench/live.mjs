// Part `live` of `npm run bench` (issue 24): live updates (GET /api/live) on one API process, the
// built app on a fresh SQLite demo database. `listeners` students of the demo college (copies of
// student@example.com, each their own account and token) each hold a stream open; the process's
// resident memory is read before and after they connect. Then the college's admin changes one of
// the college's published learning events `rounds` times, and each round is timed from the
// change's request until every stream has been told of it, with the process's CPU for the round.
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { readEventStream } from "./event-stream.mjs";
import { PASSWORD, serveApi } from "./side-by-side.mjs";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const DIST = resolve(BENCH, "../apps/api/dist");
const SECRET = "bench-secret-that-is-long-enough-0123456789abcdef";
/** The budgets of issue 24. */
export const LIVE_MEMORY_BUDGET_MB = 100;
export const LIVE_DELIVERY_BUDGET_MS = 1_000;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const residentMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
const base64url = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** One call on the college's site (node:http: fetch would not send the site's Host); its status and JSON. */
function send(origin, method, path, { token, body } = {}) {
  return new Promise((resolveCall, reject) => {
    const payload = body ? JSON.stringify(body) : null;
    const req = httpRequest(`${origin}${path}`, {
      method,
      headers: {
        host: "kmc.localhost",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolveCall({ status: res.statusCode, body: text ? JSON.parse(text) : null }));
    });
    req.end(payload ?? undefined);
  });
}

/** A session token as the server issues it (HS256 with its secret: session.ts `issueToken`). */
function tokenFor(user) {
  const now = Math.floor(Date.now() / 1000);
  const head = base64url({ alg: "HS256", typ: "JWT" });
  const body = base64url({
    sub: String(user.id),
    role: user.role,
    ver: user.token_version,
    jti: randomUUID(),
    iat: now,
    exp: now + 3_600,
  });
  const signature = createHmac("sha256", SECRET).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

/** `count` students of the demo college, copies of student@example.com with their own addresses. */
function makeStudents(file, count) {
  const db = new Database(file);
  try {
    const template = db.prepare("SELECT * FROM users WHERE email = ?").get("student@example.com");
    const columns = Object.keys(template).filter((column) => column !== "id" && column !== "email");
    const insert = db.prepare(
      `INSERT INTO users (email, ${columns.join(", ")}) SELECT ?, ${columns.join(", ")} FROM users WHERE email = ?`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(`live.bench.${i}@students.kmc.example.com`, "student@example.com");
    })();
    return db.prepare("SELECT id, role, token_version FROM users WHERE email LIKE 'live.bench.%' ORDER BY id").all();
  } finally {
    db.close();
  }
}

/** Opens one stream; resolves once its answer has begun, with the events it will be told. */
function openStream(origin, token, agent) {
  return new Promise((resolveStream, reject) => {
    const req = httpRequest(`${origin}/api/live`, {
      agent,
      headers: { host: "kmc.localhost", authorization: `Bearer ${token}`, accept: "text/event-stream" },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/live: ${res.statusCode}`));
        return;
      }
      const stream = { told: [], waiting: null, close: () => req.destroy() };
      readEventStream(res, ({ event, data }) => {
        if (event) return;
        stream.told.push(JSON.parse(data));
        stream.waiting?.();
      });
      resolveStream(stream);
    });
    req.end();
  });
}

/** Resolves once the stream has been told of `resource` row `id`, `after` events in. */
function toldOf(stream, resource, id, after) {
  const found = () => stream.told.slice(after).some((event) => event.resource === resource && event.ids.includes(id));
  if (found()) return Promise.resolve();
  return new Promise((done) => {
    stream.waiting = () => {
      if (found()) {
        stream.waiting = null;
        done();
      }
    };
  });
}

export async function liveBench({ listeners = 1_000, rounds = 5, log = console.log } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "csc-bench-live-"));
  const databaseFile = join(dir, "live.sqlite");
  let api = null;
  const streams = [];
  try {
    // the first start seeds the demo; the students are added beside the running server
    api = await serveApi({ dist: DIST, databaseFile, dataDir: join(dir, "data"), name: "live" });
    const students = makeStudents(databaseFile, listeners);
    const login = await send(api.origin, "POST", "/api/auth/login", {
      body: { email: "college.admin@example.com", password: PASSWORD },
    });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
    const adminToken = login.body.data.token;
    const call = async (method, path, body) => {
      const res = await send(api.origin, method, path, { token: adminToken, body });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const events = await call("GET", "/api/learning-events?_start=0&_end=1&publish_status=true");
    const event = events[0];
    if (!event) throw new Error("no published learning event of the college");

    await sleep(1_000);
    const before = residentMb(api.pid);
    // each stream on a socket of its own, as each person's browser holds one
    const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    for (let start = 0; start < students.length; start += 100) {
      const batch = students.slice(start, start + 100);
      streams.push(...(await Promise.all(batch.map((student) => openStream(api.origin, tokenFor(student), agent)))));
    }
    await sleep(2_000);
    const after = residentMb(api.pid);
    const memory = {
      listeners: streams.length,
      "RSS before MB": Math.round(before),
      "RSS with streams MB": Math.round(after),
      "streams MB": Math.round((after - before) * 10) / 10,
      "per stream KB": Math.round(((after - before) * 1024) / streams.length),
    };
    log(
      `live: ${streams.length} streams open; resident memory ${memory["RSS before MB"]} → ${memory["RSS with streams MB"]} MB`,
    );

    const deliveries = [];
    for (let round = 1; round <= rounds; round++) {
      const marks = streams.map((stream) => stream.told.length);
      const cpuBefore = api.cpuMicros();
      const started = performance.now();
      await call("PATCH", `/api/learning-events/${event.id}`, {
        title: `${event.title.replace(/ \(\d+\)$/, "")} (${round})`,
      });
      await Promise.all(streams.map((stream, i) => toldOf(stream, "learning-events", event.id, marks[i])));
      const ms = performance.now() - started;
      deliveries.push({
        round,
        listeners: streams.length,
        "all told ms": Math.round(ms),
        "server CPU ms": Math.round((api.cpuMicros() - cpuBefore) / 1000),
      });
      await sleep(500);
    }
    // a change none of the students may read (another student's application): each student's own
    // reach is judged (without SQL when it surely refuses the row); the admin's stream, opened last, is told last
    const [application] = await call("GET", `/api/applications?learning_event_id=${event.id}&_start=0&_end=1`);
    const admin = await openStream(api.origin, adminToken, agent);
    streams.push(admin);
    const checks = [];
    for (let round = 1; round <= rounds; round++) {
      const mark = admin.told.length;
      const cpuBefore = api.cpuMicros();
      const started = performance.now();
      await call("POST", "/api/applications/bulk", { ids: [application.id], note: `Live bench ${round}` });
      await toldOf(admin, "applications", application.id, mark);
      checks.push({
        round,
        "readers asked": listeners + 1,
        "last told ms": Math.round(performance.now() - started),
        "server CPU ms": Math.round((api.cpuMicros() - cpuBefore) / 1000),
      });
      await sleep(500);
    }
    const slowest = Math.max(...deliveries.map((row) => row["all told ms"]));
    return {
      memory,
      deliveries,
      checks,
      memoryOk: memory["streams MB"] < LIVE_MEMORY_BUDGET_MB,
      slowestMs: slowest,
      deliveryOk: slowest <= LIVE_DELIVERY_BUDGET_MS,
    };
  } finally {
    for (const stream of streams) stream.close();
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printLive(result) {
  console.log("\nLive updates: streams on one process (SQLite)");
  console.table([result.memory]);
  console.table(result.deliveries);
  console.log("a change to a row none of the students may read (each student's reach judged)");
  console.table(result.checks);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await liveBench();
  printLive(result);
}
