#!/usr/bin/env node
// `node bench/profile-top.mjs <file.cpuprofile> [N]`: the N functions with the most self time in a
// V8 CPU profile (as `node --cpu-prof` or `npm run bench -- --profile DIR` writes them).
// `--last S` counts only the profile's last S seconds (the load, without start-up).
// `--inclusive` counts each function's time with everything it called (its whole subtree).
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const last = args.includes("--last")
  ? Number(args.splice(args.indexOf("--last"), 2)[1]) * 1e6
  : Number.POSITIVE_INFINITY;
const inclusive = args.includes("--inclusive");
if (inclusive) args.splice(args.indexOf("--inclusive"), 1);
const [file, count = "25"] = args;
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const selfMs = new Map();
const gaps = profile.timeDeltas;
let at = profile.startTime;
const from = profile.endTime - last;
profile.samples.forEach((id, i) => {
  at += gaps[i];
  if (at < from) return;
  const keys = new Set();
  for (let node = id; node !== undefined; node = inclusive ? parentOf.get(node) : undefined) {
    keys.add(keyOf(byId.get(node).callFrame));
  }
  for (const key of keys) selfMs.set(key, (selfMs.get(key) ?? 0) + (gaps[i + 1] ?? 0) / 1000);
});
function keyOf(callFrame) {
  const where = callFrame.url
    ? `${callFrame.url.replace(/^.*node_modules\//, "").replace(/^.*\/work\/main\//, "")}:${callFrame.lineNumber + 1}`
    : "";
  return `${callFrame.functionName || "(anonymous)"} ${where}`;
}
const total = inclusive ? (selfMs.get("(root) ") ?? 0) : [...selfMs.values()].reduce((a, b) => a + b, 0);
console.log(`total ${total.toFixed(0)} ms`);
for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(`${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
