#!/usr/bin/env node
// A registrar's file through the real app (`node bench/imports.mjs`, or part `imports` of `npm run bench`):
// a college admin checks and imports 10,000 new students as CSV over HTTP on loopback, then
// imports the same file again (nothing to change), `--rounds` times with a fresh file each.
// Prints the wall time and the server's CPU of each step, median and spread, on SQLite and, with
// `--postgres URL` (e.g. postgres://postgres@127.0.0.1:5432/postgres), on a PostgreSQL database
// created for the run and dropped after it.
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { PASSWORD, serveApi } from "./side-by-side.mjs";

const ROWS = 10_000;
const BENCH = fileURLToPath(new URL(".", import.meta.url));
const DIST = resolve(BENCH, "../apps/api/dist");
const PROGRAMS = ["BBA", "BIM", "BSc CSIT", "BBS", "MBS"];
const PLACES = [
  ["Bagmati", "Kathmandu", "Kathmandu Metropolitan City"],
  ["गण्डकी", "कास्की", "पोखरा महानगरपालिका"],
  ["Koshi", "Morang", "Biratnagar Metropolitan City"],
];

/** 10,000 new students in the template's columns: names, e-mails, phones, programs, years, dates and places. */
function registrarFile(tag) {
  const lines = [
    "Full name,Email,Contact number,Program/Department,Year,Date of birth,Province,District,Municipality,Skills",
  ];
  for (let i = 0; i < ROWS; i++) {
    const [province, district, municipality] = PLACES[i % PLACES.length];
    const date = i % 2 ? "2060-01-02 BS" : "2003-04-15";
    lines.push(
      [
        `Learner ${tag} ${i}`,
        `bench.${tag}.${i}@example.com`,
        `98410${String(i).padStart(5, "0")}`,
        PROGRAMS[i % 5],
        String((i % 5) + 1),
        date,
        province,
        district,
        municipality,
        "Excel, Python",
      ]
        .map((cell) => `"${cell}"`)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The college's site on the server's port: an account signs in on its own site only. */
const collegeHost = (origin) => `kmc.localhost:${new URL(origin).port}`;

/** A POST with the site's Host header (fetch may not set one): its status and parsed answer. */
function post(origin, path, headers, body) {
  return new Promise((resolvePost, reject) => {
    const request = httpRequest(
      `${origin}${path}`,
      { method: "POST", headers: { ...headers, host: collegeHost(origin) } },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolvePost({ status: res.statusCode, answer: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function signInCollege(origin) {
  const body = JSON.stringify({ email: "college.admin@example.com", password: PASSWORD });
  const { status, answer } = await post(origin, "/api/auth/login", { "content-type": "application/json" }, body);
  if (status !== 200) throw new Error(`sign-in: ${status} ${JSON.stringify(answer)}`);
  return answer.data.token;
}

/** One POST of the file; its wall time and the server's CPU, and the answer's counts. */
async function send(api, token, mode, csv, name) {
  const boundary = "----csc-bench-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` };
  const cpu = api.cpuMicros();
  const started = performance.now();
  const { status, answer } = await post(
    api.origin,
    `/api/students/import?mode=${mode}&all_or_nothing=true`,
    headers,
    body,
  );
  if (status !== 200) throw new Error(`${mode}: ${status} ${JSON.stringify(answer)}`);
  return { ms: performance.now() - started, cpuMs: (api.cpuMicros() - cpu) / 1000, data: answer.data };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

async function benchOn(label, api, rounds) {
  const token = await signInCollege(api.origin);
  const steps = { check: [], commit: [], again: [] };
  for (let round = 0; round < rounds; round++) {
    const csv = registrarFile(`${Date.now().toString(36)}${round}`);
    const check = await send(api, token, "check", csv, "registrar.csv");
    const commit = await send(api, token, "commit", csv, "registrar.csv");
    const again = await send(api, token, "commit", csv, "registrar.csv");
    if (check.data.invalid !== 0 || commit.data.created !== ROWS || again.data.unchanged !== ROWS) {
      throw new Error(
        `unexpected counts: ${JSON.stringify({ check: check.data, commit: commit.data, again: again.data })}`,
      );
    }
    steps.check.push(check);
    steps.commit.push(commit);
    steps.again.push(again);
  }
  const rows = Object.entries(steps).map(([step, runs]) => ({
    database: label,
    step: step === "again" ? "commit again (unchanged)" : step,
    "median ms": Math.round(median(runs.map((run) => run.ms))),
    "spread ms": spread(runs.map((run) => run.ms)),
    "server CPU ms (median)": Math.round(median(runs.map((run) => run.cpuMs))),
  }));
  return rows;
}

export async function importsBench({ rounds = 3, postgres = null } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "csc-bench-imports-"));
  const results = [];
  try {
    const sqlite = await serveApi({
      dist: DIST,
      databaseFile: join(dir, "imports.sqlite"),
      dataDir: join(dir, "data"),
    });
    try {
      results.push(...(await benchOn("SQLite", sqlite, rounds)));
    } finally {
      await sqlite.stop();
    }
    if (postgres) {
      const { default: pg } = await import("pg");
      const name = `csc_bench_imports_${process.pid}`;
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(postgres);
      url.pathname = `/${name}`;
      try {
        const api = await serveApi({
          dist: DIST,
          databaseFile: join(dir, "unused.sqlite"),
          dataDir: join(dir, "data-pg"),
          env: { DATABASE_URL: url.toString(), SEED_DEMO: "true" },
        });
        try {
          results.push(...(await benchOn("PostgreSQL", api, rounds)));
        } finally {
          await api.stop();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const results = await importsBench({ rounds: Number(option("--rounds", 3)), postgres: option("--postgres", null) });
  console.log(`Import of ${ROWS} rows (check, commit, the same file again), ${option("--rounds", 3)} rounds:`);
  console.table(results);
}
