// The `processes` part of `npm run bench` (`--processes N`): the same list page as the side-by-side
// part, on PostgreSQL, from one API process and from N processes behind HAProxy
// (scripts/cluster.mjs), loaded in turn by autocannon. Shows requests per second, p50/p99, and
// requests per CPU-second of the API processes (their CPU summed from /proc), with HAProxy's CPU
// and the load generator's (this process) apart: on a machine of few cores the three share them,
// so the CPU figures say more than the rates do.
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import { startCluster } from "../scripts/cluster.mjs";
import { load, signIn } from "./side-by-side.mjs";

const LIST = "/api/courses?_start=0&_end=10&_sort=title&_order=asc";
const JWT_SECRET = "bench-secret-that-is-long-enough-0123456789abcdef";
const round1 = (value) => Math.round(value * 10) / 10;
const round2 = (value) => Math.round(value * 100) / 100;

/** A database of its own on the PostgreSQL server, dropped at the end; or BENCH_DATABASE_URL's, kept. */
async function benchDatabase() {
  const given = process.env.BENCH_DATABASE_URL;
  if (given && /^postgres(ql)?:\/\//.test(given)) return { url: given, drop: async () => {} };
  const server =
    process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `csc_bench_${randomBytes(6).toString("hex")}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const ownCpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * One autocannon run against a cluster. `load` reads `cpuMicros()` once just before and once just
 * after its measured run (after the warm-up): each read also notes the balancer's and this
 * process's CPU, so all three cover the same seconds.
 */
async function measure(name, cluster, { connections, seconds }) {
  const token = await signIn(cluster.origin, "superadmin@example.com");
  const marks = [];
  const meter = {
    cpuMicros: () => {
      const mark = {
        api: cluster.cpuMicros(),
        members: cluster.members.map((member) => member.cpuMicros()),
        balancer: cluster.balancer?.cpuMicros() ?? 0,
        generator: ownCpuMicros(),
      };
      marks.push(mark);
      return mark.api;
    },
  };
  const measured = await load(
    `${cluster.origin}${LIST}`,
    { host: "localhost", authorization: `Bearer ${token}` },
    { connections, seconds },
    meter,
  );
  const [before, after] = marks;
  const apiSeconds = (after.api - before.api) / 1e6;
  return {
    name,
    requestsPerSecond: measured.requestsPerSecond,
    p50Ms: measured.p50Ms,
    p99Ms: measured.p99Ms,
    requests: measured.requests,
    apiCpuSeconds: round2(apiSeconds),
    requestsPerApiCpuSecond: Math.round(measured.requests / apiSeconds),
    // how the API's CPU fell on each process: the balancer's spread
    apiCpuShares: after.members.map((used, i) => Math.round(((used - before.members[i]) / 1e6 / apiSeconds) * 100)),
    balancerCpuSeconds: round2((after.balancer - before.balancer) / 1e6),
    generatorCpuSeconds: round2((after.generator - before.generator) / 1e6),
  };
}

/**
 * One process, one process behind HAProxy (what the balancer costs) and `processes` behind it,
 * on one demo database; answers the rows and prints them side by side.
 */
export async function processesBench({ processes, connections, seconds }) {
  const database = await benchDatabase();
  const env = { DATABASE_URL: database.url, JWT_SECRET, PASSWORD_HASH_COST: "10", LOG_LEVEL: "warn" };
  const loadBefore = loadavg().map(round1);
  const rows = [];
  try {
    for (const [name, count, balancer] of [
      ["1 process", 1, false],
      ["1 process + HAProxy", 1, true],
      [`${processes} processes + HAProxy`, processes, true],
    ]) {
      // the first start migrates and seeds the demo; the others find it ready
      const cluster = await startCluster({ processes: count, env, balancer });
      try {
        rows.push(await measure(name, cluster, { connections, seconds }));
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await database.drop();
  }
  const result = {
    list: LIST,
    database: "PostgreSQL, the demo data",
    cores: availableParallelism(),
    connections,
    seconds,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg().map(round1),
    rows,
  };
  printProcesses(result);
  return result;
}

function printProcesses({ list, cores, connections, seconds, loadAverageBefore, loadAverageAfter, rows }) {
  console.log(
    `\nseveral processes on one PostgreSQL: GET ${list} as provider staff, ${connections} connections, ${seconds} s each`,
  );
  console.log(
    `${cores} cores shared by the API processes, HAProxy and the load generator; load average ${loadAverageBefore.join(" ")} before, ${loadAverageAfter.join(" ")} after`,
  );
  const columns = [
    ["setup", 26, (r) => r.name],
    ["req/s", 8, (r) => r.requestsPerSecond],
    ["p50 ms", 7, (r) => r.p50Ms],
    ["p99 ms", 7, (r) => r.p99Ms],
    ["API CPU s", 10, (r) => r.apiCpuSeconds],
    ["req/API CPU-s", 14, (r) => r.requestsPerApiCpuSecond],
    ["CPU % by process", 17, (r) => r.apiCpuShares.join("/")],
    ["HAProxy CPU s", 14, (r) => r.balancerCpuSeconds],
    ["load gen CPU s", 15, (r) => r.generatorCpuSeconds],
  ];
  console.log(columns.map(([title, width], i) => (i === 0 ? title.padEnd(width) : title.padStart(width))).join(" "));
  for (const row of rows) {
    console.log(
      columns
        .map(([, width, cell], i) => (i === 0 ? cell(row).padEnd(width) : String(cell(row)).padStart(width)))
        .join(" "),
    );
  }
}
