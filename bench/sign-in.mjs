#!/usr/bin/env node
// A placement day's rush of sign-ins (`node bench/sign-in.mjs`, or part `sign-in` of `npm run bench`):
// the built API at the production hash cost (PASSWORD_HASH_COST=17, Argon2id at 19 MiB) on SQLite,
// the demo college's students signing in with their passwords, each from their own loopback
// address, arriving at a fixed rate (open loop: a person clicks whether or not the last one is in)
// for `--seconds` at each rate of `--rates`. Prints, per rate, the sign-ins that succeeded per
// second, p50/p99 of their time, the refusals and the server's CPU per sign-in.
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import Database from "better-sqlite3";
import { PASSWORD, serveApi } from "./side-by-side.mjs";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const DIST = resolve(BENCH, "../apps/api/dist");
/** Argon2id at OWASP's parameters, as the server makes them at PASSWORD_HASH_COST=17. */
const OWASP = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

function signIn(port, agent, email) {
  const body = JSON.stringify({ email, password: PASSWORD });
  const started = performance.now();
  return new Promise((done) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/auth/login",
        agent,
        headers: {
          host: `kmc.localhost:${port}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => done({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => done({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** People arriving at `rate` a second for `seconds`, each one of `people` ([email, agent]) in turn. */
async function rush(api, port, people, rate, seconds) {
  const answers = [];
  const pending = [];
  const cpu = api.cpuMicros();
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((next) => setTimeout(next, wait));
    const [email, agent] = people[i % people.length];
    pending.push(signIn(port, agent, email).then((answer) => answers.push(answer)));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = (api.cpuMicros() - cpu) / 1000;
  const ok = answers
    .filter((answer) => answer.status === 200)
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  const refusals = new Map();
  for (const { status } of answers) if (status !== 200) refusals.set(status, (refusals.get(status) ?? 0) + 1);
  const refused = [...refusals].map(([status, count]) => `${count}×${status}`).join(" ");
  return {
    "offered /s": rate,
    "signed in /s": Math.round((ok.length / elapsed) * 10) / 10,
    "p50 ms": Math.round(percentile(ok, 50)),
    "p99 ms": Math.round(percentile(ok, 99)),
    refused: refused || "none",
    "server CPU ms per sign-in": Math.round((cpuMs / Math.max(1, answers.length)) * 10) / 10,
  };
}

export async function signInBench({ rates = [20, 40, 80, 120], seconds = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "csc-bench-sign-in-"));
  const databaseFile = join(dir, "sign-in.sqlite");
  try {
    const api = await serveApi({
      dist: DIST,
      databaseFile,
      dataDir: join(dir, "data"),
      env: { PASSWORD_HASH_COST: "17" },
    });
    try {
      // the demo's students get their password hashed as the server hashes it at the production cost
      const db = new Database(databaseFile);
      const passwordHash = await hash(PASSWORD, OWASP);
      const students = db
        .prepare(
          "SELECT u.email FROM users u JOIN institutions i ON i.id = u.institution_id WHERE i.subdomain = 'kmc' AND u.role = 'STUDENT' AND u.status = 'active' AND u.deleted_at IS NULL",
        )
        .all()
        .map((row) => row.email);
      db.prepare(`UPDATE users SET password_hash = ? WHERE email IN (${students.map(() => "?").join(",")})`).run(
        passwordHash,
        ...students,
      );
      db.close();
      const port = Number(new URL(api.origin).port);
      // each person from their own loopback address, as people on a network are
      const people = students.map((email, i) => [
        email,
        new Agent({ keepAlive: true, localAddress: `127.0.${20 + Math.floor(i / 250)}.${(i % 250) + 1}` }),
      ]);
      await rush(api, port, people, 10, 2); // warm-up
      const rows = [];
      for (const rate of rates) rows.push(await rush(api, port, people, rate, seconds));
      for (const [, agent] of people) agent.destroy();
      return { students: students.length, cores: availableParallelism(), rows };
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const rates = option("--rates", "20,40,80,120").split(",").map(Number);
  const seconds = Number(option("--seconds", 10));
  const { students, cores, rows } = await signInBench({ rates, seconds });
  console.log(
    `Sign-in rush at the production hash cost: ${students} students, each from their own address, ${cores} cores, ${seconds} s per rate`,
  );
  console.table(rows);
}
