#!/usr/bin/env node
// How many password hashes a second this machine computes at the default settings: the built
// API's own hashPassword, as many at once as PASSWORD_HASH_CONCURRENCY (default: the cores).
// `npm run build -w @csc/api` first. Bounded: 40 hashes per round, 3 rounds.
import { availableParallelism } from "node:os";
import { hashPassword } from "../apps/api/dist/platform/password.js";

const cost = Number(process.env.PASSWORD_HASH_COST ?? 17);
const concurrency = Number(process.env.PASSWORD_HASH_CONCURRENCY ?? availableParallelism());
const perRound = 40;
for (let round = 1; round <= 3; round++) {
  let started = 0;
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < perRound) {
        started++;
        await hashPassword("CareerDemo#2026", cost);
      }
    }),
  );
  const seconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / perRound;
  console.log(
    `round ${round}: ${perRound} Argon2id hashes at cost ${cost}, ${concurrency} at once: ${(perRound / seconds).toFixed(2)}/s, ` +
      `${cpuMs.toFixed(0)} ms of CPU each`,
  );
}
