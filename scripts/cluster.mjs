#!/usr/bin/env node
// Several API processes on one database behind HAProxy, on this machine's loopback:
//
//   node scripts/cluster.mjs --processes 2 --database-url postgres://postgres@127.0.0.1:5432/csc --port 8080
//
// Each process is `node apps/api/dist/server.js` (`npm run build` first) with the same
// DATABASE_URL, DATA_DIR and JWT_SECRET; the first starts alone (it migrates and, on an empty
// database, seeds the demo) and the others once it is healthy. HAProxy (Debian's package:
// scripts/install-balancer.sh) then sends requests round robin to the processes whose
// GET /api/health answers 200, and tells them the client's address in X-Forwarded-For, which they
// believe from the balancer's address only (TRUST_PROXY). The processes keep nothing a request
// needs from another: throttles, revocations, the dashboards' counts and the mail queue are rows in
// the database, uploads files in the shared DATA_DIR. Each process runs its JavaScript on a core of
// its own (taskset; `--no-pin` lets it move). As a module, `startCluster` does the same for the
// multi-process tests and the bench.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER = join(ROOT, "apps/api/dist/server.js");
const HOST = "127.0.0.1";
/** What the balancer checks, and what a start waits for: the process answers and so does its database. */
export const HEALTH_PATH = "/api/health";
/** The response header naming the process that answered through the balancer (`member1`…). */
export const MEMBER_HEADER = "x-cluster-member";
/** The first process may migrate and seed the demo into an empty database. */
const START_SECONDS = 180;
/** How long a process or the balancer has to stop on SIGTERM before it gets SIGKILL. */
const STOP_SECONDS = 10;
/** How long a restarted process has to be back in the balancer's rotation. */
const ROTATION_SECONDS = 15;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every child this module started and has not seen exit, and the directories it made: a test that
 * fails before `stop()`, or a parent that exits, leaves nothing behind.
 */
const children = new Set();
const madeDirs = new Set();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * setpriv (util-linux, on every Debian) asks the kernel to SIGKILL the child when this process
 * dies, even by SIGKILL; it execs the command, so the pid is the command's own.
 */
const SETPRIV = spawnSync("setpriv", ["--version"]).status === 0;
/** taskset (util-linux too) keeps a process on the cores it is given. */
const TASKSET = spawnSync("taskset", ["--version"]).status === 0;

function spawnChild(command, args, { env, logFile }) {
  const log = openSync(logFile, "a");
  const [file, argv] = SETPRIV ? ["setpriv", ["--pdeathsig", "KILL", "--", command, ...args]] : [command, args];
  const child = spawn(file, argv, { cwd: ROOT, env, stdio: ["ignore", log, log] });
  closeSync(log);
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

const running = (child) => child !== null && child.exitCode === null && child.signalCode === null;

/** Sends `signal` and waits for the exit; SIGKILL when it has not come within STOP_SECONDS. */
async function end(child, signal) {
  if (!running(child)) return;
  const exited = once(child, "exit");
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_SECONDS * 1000);
  await exited;
  clearTimeout(timer);
}

/** The last lines a child wrote, for an error that says why it did not start. */
function tail(logFile, lines = 30) {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** Linux's count of a process's CPU time (/proc/PID/stat: utime and stime, in ticks of 10 ms), in µs. */
export function processCpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** `count` distinct free loopback ports, held open together so that no two are the same. */
async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      server.listen(0, HOST);
      await once(server, "listening");
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Waits until `origin` answers its health check with 200; throws when the process exits or time runs out. */
async function untilHealthy(origin, child, seconds, logFile) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (!running(child)) {
      throw new Error(`${origin}: the API exited (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${origin}${HEALTH_PATH}`, {
        headers: { host: "localhost" },
        signal: AbortSignal.timeout(2_000),
      });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${origin}: not healthy after ${seconds} s:\n${tail(logFile)}`);
}

function haproxyConfig({ port, socket, members }) {
  return `# written by scripts/cluster.mjs
global
  maxconn 4096
  # one thread is plenty on loopback, and its CPU is the balancer's share in the bench
  nbthread 1
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 30s
  # a process busy for a few seconds (a rush of sign-ins) is still up: only a long silence takes it
  # out. A killed one is seen at once, its connections refused (retry-on conn-failure below)
  timeout check 10s
  # a request whose connection a process refused (stopped, killed, restarting) goes to another;
  # only then: a request that reached a process may have changed something, and is not sent twice
  retries 3
  retry-on conn-failure
  option redispatch 1

frontend api
  bind ${HOST}:${port}
  # the balancer is the edge: what a client claims about its address or scheme is dropped, and the
  # processes (TRUST_PROXY=${HOST}) read the client's address from the header written here
  http-request del-header x-forwarded-for
  http-request del-header x-forwarded-host
  http-request set-header x-forwarded-proto http
  option forwardfor
  default_backend members

backend members
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${HEALTH_PATH} ver HTTP/1.1 hdr host localhost
  http-check expect status 200
  http-response set-header ${MEMBER_HEADER} %s
  default-server check inter 500ms fastinter 250ms downinter 500ms rise 1 fall 3
${members.map((member) => `  server ${member.name} ${HOST}:${member.port}`).join("\n")}
`;
}

/** One command on HAProxy's stats socket, answered whole. */
function askBalancer(socket, command) {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = "";
    connection.setTimeout(2_000, () => connection.destroy(new Error(`${command}: no answer from HAProxy`)));
    connection.on("data", (chunk) => {
      answer += chunk;
    });
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
    connection.end(`${command}\n`);
  });
}

/** Each member's state as the balancer sees it: `{ member1: "UP", member2: "DOWN" }`. */
async function memberStates(socket) {
  const [header, ...rows] = (await askBalancer(socket, "show stat")).trim().split("\n");
  const columns = header.replace(/^# /, "").split(",");
  const at = (name) => columns.indexOf(name);
  const states = {};
  for (const row of rows) {
    const cells = row.split(",");
    if (cells[at("pxname")] === "members" && !["BACKEND", "FRONTEND"].includes(cells[at("svname")])) {
      states[cells[at("svname")]] = cells[at("status")];
    }
  }
  return states;
}

/** Debian puts haproxy in /usr/sbin, which a user's PATH may lack. */
function haproxyPath() {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  if (existsSync("/usr/sbin/haproxy")) return "/usr/sbin/haproxy";
  throw new Error("haproxy is not installed: run scripts/install-balancer.sh (Debian's package)");
}

/**
 * Starts `processes` API processes on one database and, unless `balancer` is false, HAProxy in
 * front of them. `env` holds the processes' settings: DATABASE_URL is required; DATA_DIR and
 * JWT_SECRET are made for the cluster when missing (and the directory removed by `stop`); `port`
 * is the balancer's (a free one by default).
 *
 * Answers `{ origin, members, balancer, cpuMicros(), stop() }`: `origin` is the balancer's (the
 * only process's without one); each member has `name`, `pid` (the current process), `port`,
 * `origin`, `running`, `kill(signal)` (resolves once it has exited) and `restart()` (resolves once
 * it is healthy and, with a balancer, back in rotation); `cpuMicros()` is the CPU the API
 * processes have used, those killed included; `balancer` has `pid`, `cpuMicros()` and `states()`.
 * `stop()` ends everything and is safe to call twice. `nodeArgs` go to each process's `node` before
 * the server's file (`--cpu-prof`, which NODE_OPTIONS may not carry).
 *
 * `pin` (the default) keeps each process's main thread on a core of its own once it serves, the nth
 * process's on core n (round the cores again when there are more processes), as nginx's
 * `worker_cpu_affinity` does; its other threads (password hashing) may run on any core. On the
 * placement-day load this raised the requests per CPU-second by 18 to 32 %, with one process and
 * with two (two still spend more main-thread CPU than one on the same requests: each is woken on a
 * core it shares with the database and the balancer).
 */
export async function startCluster({ processes = 2, env = {}, balancer = true, port, nodeArgs = [], pin = true } = {}) {
  if (!Number.isInteger(processes) || processes < 1 || processes > 32) throw new Error("processes: 1 to 32");
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is required (postgres://… or sqlite:<file>)");
  if (processes > 1 && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // SQLite's result cache (platform/db/connect.ts) sees another process's write up to 10 ms late
    throw new Error("several processes share one PostgreSQL database; SQLite serves one process");
  }
  const command = balancer ? haproxyPath() : null;

  const dir = mkdtempSync(join(tmpdir(), "csc-cluster-"));
  madeDirs.add(dir);
  // several processes on one machine share the uploads directory
  const dataDir = env.DATA_DIR || join(dir, "data");
  const memberEnv = {
    ...process.env,
    LOG_LEVEL: "warn",
    ...env,
    HOST,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: env.JWT_SECRET || randomBytes(36).toString("base64url"),
    // behind the balancer the client's address is the one it writes; with no balancer, nobody's
    TRUST_PROXY: env.TRUST_PROXY ?? (balancer ? HOST : "false"),
    // the processes share this machine's cores: each hashes passwords on its share of them
    PASSWORD_HASH_CONCURRENCY:
      env.PASSWORD_HASH_CONCURRENCY ??
      process.env.PASSWORD_HASH_CONCURRENCY ??
      String(Math.max(1, Math.floor(availableParallelism() / processes))),
  };
  const [balancerPort, ...memberPorts] = await freePorts(processes + 1);

  let balancerChild = null;
  let balancerCpu = 0;
  const socket = join(dir, "haproxy.sock");

  const untilInRotation = async (name) => {
    const deadline = Date.now() + ROTATION_SECONDS * 1000;
    while (Date.now() < deadline) {
      if ((await memberStates(socket).catch(() => ({})))[name] === "UP") return;
      await sleep(100);
    }
    throw new Error(`${name}: not back in the balancer's rotation after ${ROTATION_SECONDS} s`);
  };

  const starts = new Map();
  // once stop() has begun, no process starts (a restart under way when a test gives up)
  let stopped = false;
  const members = memberPorts.map((memberPort, index) => {
    const name = `member${index + 1}`;
    const origin = `http://${HOST}:${memberPort}`;
    const logFile = join(dir, `${name}.log`);
    const core = pin && TASKSET ? index % availableParallelism() : null;
    let child = null;
    let spentCpu = 0;
    const start = async () => {
      if (stopped) throw new Error(`${name}: the cluster has stopped`);
      child = spawnChild(process.execPath, [...nodeArgs, SERVER], {
        env: { ...memberEnv, PORT: String(memberPort) },
        logFile,
      });
      await untilHealthy(origin, child, START_SECONDS, logFile);
      // its main thread only (the thread whose id is the pid): the threads it has started by now,
      // libuv's pool that hashes passwords and compresses among them, keep every core
      if (core !== null) spawnSync("taskset", ["--pid", "--cpu-list", String(core), String(child.pid)]);
    };
    const kill = async (signal = "SIGTERM") => {
      if (!running(child)) return;
      // what it has used so far: a killed process's CPU can no longer be read
      spentCpu += processCpuMicros(child.pid);
      await end(child, signal);
    };
    starts.set(name, start);
    return {
      name,
      port: memberPort,
      origin,
      logFile,
      get pid() {
        return child?.pid ?? null;
      },
      get running() {
        return running(child);
      },
      cpuMicros: () => spentCpu + (running(child) ? processCpuMicros(child.pid) : 0),
      /** Sends `signal` (SIGTERM by default; SIGKILL as a crash would) and waits for the process to exit. */
      kill,
      /** Stops the process if it runs, starts it again on the same port, and waits until it serves. */
      restart: async () => {
        await kill("SIGTERM");
        await start();
        if (balancerChild) await untilInRotation(name);
      },
    };
  });

  const stop = async () => {
    stopped = true;
    await Promise.all([
      ...(balancerChild ? [end(balancerChild, "SIGTERM")] : []),
      ...members.map((member) => member.kill("SIGTERM")),
    ]);
    rmSync(dir, { recursive: true, force: true });
    madeDirs.delete(dir);
  };

  try {
    // the first alone: it migrates and seeds; the others find the database ready
    await starts.get(members[0].name)();
    await Promise.all(members.slice(1).map((member) => starts.get(member.name)()));
    if (command) {
      const configFile = join(dir, "haproxy.cfg");
      const logFile = join(dir, "haproxy.log");
      writeFileSync(configFile, haproxyConfig({ port: port ?? balancerPort, socket, members }));
      balancerChild = spawnChild(command, ["-db", "-f", configFile], { env: process.env, logFile });
      const origin = `http://${HOST}:${port ?? balancerPort}`;
      await untilHealthy(origin, balancerChild, 30, logFile);
      for (const member of members) await untilInRotation(member.name);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    origin: balancerChild ? `http://${HOST}:${port ?? balancerPort}` : members[0].origin,
    members,
    balancer: balancerChild && {
      pid: balancerChild.pid,
      cpuMicros: () => {
        if (running(balancerChild)) balancerCpu = processCpuMicros(balancerChild.pid);
        return balancerCpu;
      },
      /** Each member's state as the balancer sees it: `{ member1: "UP", member2: "DOWN" }`. */
      states: () => memberStates(socket),
    },
    /** CPU the API processes have used (user and system), in microseconds; the balancer's is its own. */
    cpuMicros: () => members.reduce((sum, member) => sum + member.cpuMicros(), 0),
    stop,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      processes: { type: "string", default: "2" },
      "database-url": { type: "string" },
      port: { type: "string" },
      "data-dir": { type: "string" },
      "no-balancer": { type: "boolean", default: false },
      "no-pin": { type: "boolean", default: false },
    },
  });
  const env = {
    ...(values["database-url"] ? { DATABASE_URL: values["database-url"] } : {}),
    ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}),
  };
  for (const name of ["DATABASE_URL", "DATA_DIR", "JWT_SECRET", "TRUST_PROXY"]) {
    if (env[name] === undefined && process.env[name]) env[name] = process.env[name];
  }
  // uploads kept where a single `npm start` keeps them, not in the cluster's temporary folder
  env.DATA_DIR ??= join(ROOT, "data");
  if (!env.JWT_SECRET) console.log("JWT_SECRET is not set: sessions last as long as this cluster");
  const cluster = await startCluster({
    processes: Number(values.processes),
    env,
    balancer: !values["no-balancer"],
    port: values.port ? Number(values.port) : undefined,
    pin: !values["no-pin"],
  });
  console.log(`Career Service Center on ${cluster.origin} (college: kmc.localhost:${new URL(cluster.origin).port})`);
  for (const member of cluster.members) console.log(`  ${member.name}: ${member.origin} (pid ${member.pid})`);
  console.log("Ctrl-C stops them all.");
  const shutdown = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
