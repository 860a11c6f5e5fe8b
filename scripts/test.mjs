#!/usr/bin/env node
// `npm test`: type check, lint, build (the end-to-end tests drive the built app), then every
// Vitest project: shared and API unit tests, the API suite on SQLite (and on PostgreSQL when
// TEST_POSTGRES_URL is set) and the browser tests. Ends with one line: `N passed, M failed`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const steps = [
  ["typecheck", "npx", ["tsc", "-p", "packages/shared", "--noEmit"]],
  ["typecheck api", "npx", ["tsc", "-p", "apps/api", "--noEmit"]],
  ["typecheck admin", "npx", ["tsc", "-p", "apps/admin", "--noEmit"]],
  ["typecheck e2e", "npx", ["tsc", "-p", "tests/e2e", "--noEmit"]],
  ["typecheck architecture", "npx", ["tsc", "-p", "tests/architecture", "--noEmit"]],
  ["typecheck long", "npx", ["tsc", "-p", "tests/long", "--noEmit"]],
  ["lint", "npx", ["biome", "check", "."]],
  ["build", "npm", ["run", "build"]],
];

let passed = 0;
let failed = 0;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status === 0) passed++;
  else {
    failed++;
    console.error(`✗ ${name} failed`);
  }
}

const reportDir = mkdtempSync(join(tmpdir(), "csc-vitest-"));
const report = join(reportDir, "report.json");
console.log("\n▶ vitest run");
spawnSync(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
try {
  const results = JSON.parse(readFileSync(report, "utf8"));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // a file that failed before running any test (an import error, a failing hook) counts once
  if (results.numFailedTests === 0) failed += results.numFailedTestSuites ?? 0;
  if (results.numTotalTests === 0) failed++;
} catch {
  console.error("✗ vitest wrote no report");
  failed++;
}
rmSync(reportDir, { recursive: true, force: true });

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
