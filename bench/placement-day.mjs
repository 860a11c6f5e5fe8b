#!/usr/bin/env node
// The placement-day load as a bench (`node bench/placement-day.mjs`, or part `placement-day` of
// `npm run bench`): tests/long/placement-day.mjs on SQLite (one process) and on PostgreSQL (one and
// two processes behind HAProxy), printed per setup and per kind of request, with requests per
// CPU-second of the API processes: two processes must keep 0.8× one process's figure.
// Options: --seconds S (60), --setups LIST (sqlite:1,postgres:1,postgres:2), --profile DIR (each API
// process's CPU profile into DIR/<setup>; `node bench/profile-top.mjs FILE` reads one).
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { printPlacementDay, runPlacementDay } from "../tests/long/placement-day.mjs";

/** The 2-process figure against the 1-process one on PostgreSQL, when both ran. */
export function processRatio(results) {
  const one = results.find((r) => r.setup === "PostgreSQL, 1 process");
  const two = results.find((r) => r.setup === "PostgreSQL, 2 processes");
  return one && two ? Math.round((two.requestsPerCpuSecond / one.requestsPerCpuSecond) * 100) / 100 : null;
}

export async function placementDayBench({
  seconds = 60,
  setups = ["sqlite:1", "postgres:1", "postgres:2"],
  profileDir = null,
} = {}) {
  const results = [];
  for (const setup of setups) {
    const [engine, processes] = setup.split(":");
    const profiles = profileDir ? join(profileDir, setup.replace(":", "-")) : null;
    results.push(
      await runPlacementDay({ engine, processes: Number(processes), seconds, profileDir: profiles, log: console.log }),
    );
  }
  printPlacementDay(results);
  const ratio = processRatio(results);
  if (ratio !== null) {
    console.log(`\nPostgreSQL, 2 processes against 1: ${ratio}× the requests per CPU-second (at least 0.8 wanted)`);
  }
  return { results, twoOverOneProcesses: ratio };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  await placementDayBench({
    seconds: Number(option("--seconds", 60)),
    setups: option("--setups", "sqlite:1,postgres:1,postgres:2").split(","),
    profileDir: option("--profile", null) && resolve(option("--profile", null)),
  });
}
