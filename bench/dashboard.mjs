// Dashboards at scale, part of `npm run bench` (lists.mjs), on the `--scale` database
// through the real app (fastify inject): `GET /api/dashboard` of the institution with the most
// activity (as provider staff picking it, the same query its own staff's dashboard runs) and of
// the whole platform, over the default five years by year and over the last two years by month:
// median and 95th percentile, over budget when a median is (150 ms an institution, 300 ms the
// platform), each through the app as it serves (SQLite's result cache answers a repeated count
// until something is written) and through the same build without the cache (every request counts
// in the database: what the budget is held to). PostgreSQL has no result cache.
import { performance } from "node:perf_hooks";

export const INSTITUTION_BUDGET_MS = 150;
export const PLATFORM_BUDGET_MS = 300;

const round1 = (value) => Math.round(value * 10) / 10;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The institution whose learners have the most rows across the activity tables, and those counts. */
async function busiestInstitution(db) {
  const totals = new Map();
  const rows = {};
  for (const table of ["applications", "enrolments", "assessment_attempts", "learner_skills"]) {
    const counted = await db
      .selectFrom(table)
      .select(["institution_id", (eb) => eb.fn.countAll().as("n")])
      .where("institution_id", "is not", null)
      .groupBy("institution_id")
      .execute();
    for (const row of counted) totals.set(row.institution_id, (totals.get(row.institution_id) ?? 0) + Number(row.n));
    rows[table] = counted;
  }
  const [id, total] = [...totals].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  if (id === null) throw new Error("no activity: seed with --scale first");
  const of = Object.fromEntries(
    Object.entries(rows).map(([table, counted]) => [
      table,
      Number(counted.find((r) => r.institution_id === id)?.n ?? 0),
    ]),
  );
  const platform = {};
  for (const table of Object.keys(rows)) {
    platform[table] = Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
  return { id, total, rows: of, platform };
}

export async function dashboardBench({ app, uncachedApp, token, rounds }) {
  const busiest = await busiestInstitution(app.db);
  const provider = await token("superadmin@example.com", "localhost");
  const year = new Date().getUTCFullYear();
  const today = new Date().toISOString().slice(0, 10);
  const byMonth = `granularity=month&from=${year - 1}-01-01&to=${today}`;
  const cases = [
    ["largest institution, 5 years by year", `/api/dashboard?institution_id=${busiest.id}`, INSTITUTION_BUDGET_MS],
    [
      "largest institution, 2 years by month",
      `/api/dashboard?institution_id=${busiest.id}&${byMonth}`,
      INSTITUTION_BUDGET_MS,
    ],
    ["platform, 5 years by year", "/api/dashboard", PLATFORM_BUDGET_MS],
    ["platform, 2 years by month", `/api/dashboard?${byMonth}`, PLATFORM_BUDGET_MS],
  ];
  console.log(
    `\ndashboards: institution ${busiest.id} (${JSON.stringify(busiest.rows)}), platform ${JSON.stringify(busiest.platform)}`,
  );
  console.log(
    `${"dashboard".padEnd(40)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"uncached".padStart(9)} ${"p95 ms".padStart(8)} ${"counted".padStart(9)}`,
  );
  const headers = { authorization: `Bearer ${provider}` };
  /** Median and 95th percentile of `rounds` requests, after two to warm up; the metrics' sum of the last. */
  const timed = async (through, url, name) => {
    for (let i = 0; i < 2; i++) await through.inject({ url, headers });
    const times = [];
    let counted = 0;
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const res = await through.inject({ url, headers });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      counted = Object.values(res.json().data.metrics).reduce((sum, value) => sum + value, 0);
    }
    times.sort((a, b) => a - b);
    return { medianMs: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)), counted };
  };
  const results = [];
  for (const [name, url, budgetMs] of cases) {
    const served = await timed(app, url, name);
    const uncached = uncachedApp ? await timed(uncachedApp, url, name) : served;
    if (uncached.counted !== served.counted)
      throw new Error(`${name}: the cache answered ${served.counted}, the database ${uncached.counted}`);
    const result = {
      name,
      url,
      budgetMs,
      medianMs: served.medianMs,
      p95Ms: served.p95Ms,
      uncachedMedianMs: uncached.medianMs,
      uncachedP95Ms: uncached.p95Ms,
      counted: served.counted,
      ok: uncached.medianMs <= budgetMs,
    };
    results.push(result);
    console.log(
      `${name.padEnd(40)} ${String(result.medianMs).padStart(10)} ${String(result.p95Ms).padStart(8)} ${String(result.uncachedMedianMs).padStart(9)} ${String(result.uncachedP95Ms).padStart(8)} ${String(result.counted).padStart(9)}${result.ok ? "" : `  over budget (${budgetMs} ms)`}`,
    );
  }
  return { institution: busiest, cases: results };
}
