#!/usr/bin/env node
// `npm run bench`: list speed at scale (issue 4). Builds a fresh SQLite database with the demo
// seed plus `--scale` learners (default 100000), then times filtered, sorted pages of every list
// through the real app (fastify inject: routing, auth, ability, SQL, serialisation). Prints the
// median and 95th percentile per list and fails when a median is over the budget.
// Bounded: a fixed number of requests per list, on this machine only.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const scale = option("--scale", 100_000);
const rounds = option("--rounds", 30);
const budgetMs = 50;

const { loadConfig } = await import("../apps/api/dist/config.js");
const { buildApp } = await import("../apps/api/dist/app.js");
const { seedScale } = await import("../apps/api/dist/seed/scale.js");

const dir = mkdtempSync(join(tmpdir(), "csc-bench-"));
const config = loadConfig({
  DATABASE_URL: process.env.BENCH_DATABASE_URL || `sqlite:${join(dir, "bench.sqlite")}`,
  DATA_DIR: dir,
  JWT_SECRET: "bench-secret-that-is-long-enough-0123456789abcdef",
  PASSWORD_HASH_COST: "10",
  LOG_LEVEL: "warn",
});
const app = await buildApp(config, { logger: false });
await app.ready();
const seedStart = performance.now();
const counts = await seedScale(app.db, scale, 10);
console.log(`seeded ${scale} learners in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`, counts);
// the steady state a running database reaches by itself (autovacuum, PRAGMA optimize): fresh statistics
const { sql } = await import("kysely");
await sql.raw(app.dialect === "postgres" ? "VACUUM ANALYZE" : "ANALYZE").execute(app.db);

const token = async (email, host) => {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { host },
    payload: { email, password: "CareerDemo#2026" },
  });
  return res.json().data.token;
};
const provider = await token("superadmin@example.com", "localhost");
const college = await token("college.admin@example.com", "kmc.localhost");
const company = await token("company.admin@example.com", "himal.localhost");

/** A filtered, sorted page of each list, as the admin asks for it. */
const cases = [
  ["students (provider)", provider, "/api/students?_start=200&_end=225&_sort=full_name&_order=asc&year=2"],
  ["students (college)", college, "/api/students?_start=0&_end=25&_sort=created_at&_order=desc&status=active"],
  ["students search (college)", college, "/api/students?_start=0&_end=25&q=sharma"],
  ["employees (company)", company, "/api/employees?_start=0&_end=25&_sort=full_name&_order=desc"],
  ["users (provider)", provider, "/api/users?_start=0&_end=25&_sort=created_at&_order=desc&role=STUDENT"],
  ["courses (college)", college, "/api/courses?_start=0&_end=25&_sort=created_at&_order=desc&publish_status=true"],
  ["job-opportunities (provider)", provider, "/api/job-opportunities?_start=0&_end=25&_sort=deadline&_order=desc"],
  ["learning-events (college)", college, "/api/learning-events?_start=0&_end=25&_sort=start_at&_order=desc"],
  ["institutions (provider)", provider, "/api/institutions?_start=0&_end=25&_sort=name&_order=asc"],
];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
let over = 0;
console.log(`\n${"list".padEnd(32)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"rows".padStart(8)}`);
for (const [name, auth, url] of cases) {
  const times = [];
  let total = 0;
  // warm-up: the first requests of a list compile its SQL and schemas
  for (let i = 0; i < 3; i++) await app.inject({ url, headers: { authorization: `Bearer ${auth}` } });
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${auth}` } });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    total = Number(res.headers["x-total-count"]);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  if (median > budgetMs) over++;
  console.log(
    `${name.padEnd(32)} ${median.toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(total).padStart(8)}${median > budgetMs ? "  over budget" : ""}`,
  );
}
await app.close();
rmSync(dir, { recursive: true, force: true });
console.log(over === 0 ? `\nevery median under ${budgetMs} ms` : `\n${over} list(s) over ${budgetMs} ms`);
process.exit(over === 0 ? 0 : 1);
