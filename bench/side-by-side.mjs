// The side-by-side half of `npm run bench`: one list page of our built API against
// json-server 0.17 serving the same rows and a bare Fastify route answering the same page, each a
// child process on 127.0.0.1, loaded in turn by autocannon (fixed connections, fixed duration).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";
export const PASSWORD = "CareerDemo#2026";

async function freePort() {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

async function waitFor(url, child, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { headers: { host: "localhost" } });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}: not up after ${seconds} s`);
}

/** Linux's count of a process's CPU time (/proc/PID/stat: utime and stime, in clock ticks of 10 ms). */
function processCpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** A child process serving on a fresh loopback port; `stop()` ends it and waits (a CPU profile is written then). */
async function serve(name, args, env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, typeof args === "function" ? args(port) : args, {
    cwd: ROOT,
    env: { ...process.env, ...env(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://${HOST}:${port}`;
  await waitFor(`${origin}${readyPath}`, child);
  return {
    name,
    origin,
    pid: child.pid,
    /** CPU time the server process has used so far (user + system), in microseconds. */
    cpuMicros: () => processCpuMicros(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/**
 * Our API from a built `dist` folder on an SQLite file (seeded with the demo data when empty).
 * `profileDir` runs it under `node --cpu-prof`; `env` adds or overrides settings (RESULT_CACHE=false).
 */
export function serveApi({ dist, databaseFile, dataDir, profileDir, name = "ours", env = {} }) {
  const args = [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), join(dist, "server.js")];
  return serve(
    name,
    args,
    (port) => ({
      PORT: String(port),
      HOST,
      DATABASE_URL: `sqlite:${databaseFile}`,
      DATA_DIR: dataDir,
      JWT_SECRET: "bench-secret-that-is-long-enough-0123456789abcdef",
      PASSWORD_HASH_COST: "10",
      LOG_LEVEL: "warn",
      LOCALES_DIR: join(ROOT, "locales"),
      ADMIN_DIST_DIR: join(ROOT, "apps/admin/dist"),
      ...env,
    }),
    "/api/public/config",
  );
}

/** json-server 0.17 (its CLI) over a db.json holding `{ [collection]: rows }`. */
export function serveJsonServer(dbFile, collection) {
  const bin = join(ROOT, "node_modules/json-server/lib/cli/bin.js");
  return serve(
    "json-server 0.17",
    (port) => [bin, dbFile, "--host", HOST, "--port", String(port), "--quiet"],
    () => ({}),
    `/${collection}?_start=0&_end=1`,
  );
}

/** The smallest Fastify answer of the same page: the rows held in memory, serialised per request. */
export function serveBare(pageFile, total) {
  return serve(
    "bare Fastify",
    [join(ROOT, "bench/bare-server.mjs"), pageFile, String(total)],
    (port) => ({ BARE_PORT: String(port), BARE_HOST: HOST }),
    "/",
  );
}

/** Signs in on the provider site and answers the bearer token. */
export async function signIn(origin, email) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

/** One bounded autocannon run; a short warm-up first (JIT, statement caches); `server` adds its CPU per request. */
export async function load(url, headers, { connections, seconds }, server = null) {
  const run = (duration) =>
    new Promise((resolve, reject) => {
      autocannon({ url, connections, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
    });
  await run(1);
  const cpuBefore = server?.cpuMicros();
  const result = await run(seconds);
  const cpuUsed = server ? server.cpuMicros() - cpuBefore : null;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests of ${result.requests.total}`);
  return {
    // over the whole run, so that a server slower than a request a second still counts
    requestsPerSecond: Math.round((result.requests.total / result.duration) * 100) / 100,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    // a server that finished no request in the run still had every connection busy: slower than this
    ...(result.requests.total === 0
      ? { requestsPerSecondAtMost: Math.round((connections / result.duration) * 100) / 100 }
      : {}),
    // the server's own CPU per answer: steadier than req/s on a shared machine, where the load
    // generator and other work take turns on the same cores
    ...(cpuUsed === null ? {} : { cpuMicrosPerRequest: Math.round(cpuUsed / result.requests.total) }),
  };
}

/** Whether another server answers our page: the same rows, in the same order, and the same total. */
export async function samePage(url, ourPage, ourTotal, what) {
  const res = await fetch(url);
  const same =
    JSON.stringify(await res.json()) === JSON.stringify(JSON.parse(ourPage)) &&
    res.headers.get("x-total-count") === ourTotal;
  if (!same) console.warn(`${what}: the page differs from ours`);
  return same;
}

export function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
