#!/usr/bin/env node
// Which of our files a request runs through: the built API in this process on the demo data, one
// request made twice to warm up, then once more under V8's precise coverage; every file of ours
// (apps/api/dist, packages/shared/dist) with a function that ran in that one request is listed,
// with how many of its functions ran. What docs/architecture.md's request path is checked by.
// Usage: node bench/request-path.mjs [URL] [--as EMAIL] [--site SUBDOMAIN] [--json]
//   (`npm run build` first; URL defaults to /api/courses, the account to the super admin on the
//   provider's site; an institution's people sign in on theirs, e.g. --site kmc)
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const url = args.find((arg) => arg.startsWith("/")) ?? "/api/courses";
const email = option("--as", "superadmin@example.com");
const site = option("--site", "");
const host = site ? `${site}.localhost` : "localhost";
const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const OURS = [join(ROOT, "apps/api/dist"), join(ROOT, "packages/shared/dist")];

const dir = mkdtempSync(join(tmpdir(), "csc-request-path-"));
try {
  const { loadConfig } = await import("../apps/api/dist/config.js");
  const { buildApp } = await import("../apps/api/dist/app.js");
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, "demo.db")}`,
    DATA_DIR: join(dir, "data"),
    JWT_SECRET: "request-path-secret-that-is-long-enough-0123456789",
    PASSWORD_HASH_COST: "10",
    LOG_LEVEL: "warn",
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { host },
    payload: { email, password: "CareerDemo#2026" },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in ${email}: ${login.statusCode} ${login.body}`);
  const headers = { host, authorization: `Bearer ${login.json().data.token}` };
  const request = async () => {
    const res = await app.inject({ method: "GET", url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await request();
  await request();

  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  await session.post("Profiler.takePreciseCoverage"); // counts from here on
  await request();
  const { result } = await session.post("Profiler.takePreciseCoverage");
  await session.post("Profiler.stopPreciseCoverage");
  session.disconnect();
  await app.close();

  const files = [];
  for (const script of result) {
    if (!script.url.startsWith("file://")) continue;
    const path = fileURLToPath(script.url);
    if (!OURS.some((root) => path.startsWith(`${root}/`))) continue;
    // the function over the whole script is its module body, which ran at import, not in this request
    const ran = script.functions.filter((fn) => fn.ranges[0].startOffset > 0 && fn.ranges[0].count > 0);
    if (ran.length > 0) {
      files.push({ file: relative(ROOT, path), functions: ran.map((fn) => fn.functionName || "(anonymous)") });
    }
  }
  files.sort((a, b) => a.file.localeCompare(b.file));
  if (args.includes("--json")) {
    console.log(JSON.stringify({ url, as: email, files }, null, 2));
  } else {
    console.log(`GET ${url} as ${email}: ${files.length} of our files ran`);
    for (const { file, functions } of files) console.log(`  ${file} (${functions.join(", ")})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
