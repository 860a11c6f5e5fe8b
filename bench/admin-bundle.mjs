#!/usr/bin/env node
// The JavaScript a browser fetches for the admin's /login: starts the built app, opens
// /login in Debian's Chromium, records every script response, then fetches each script again
// three ways (identity, gzip, br) to count the bytes each would put on the wire.
// `node bench/admin-bundle.mjs` prints the numbers; `npm run bench` imports loginRouteJavaScript().
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1",
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built app on a free port with a throw-away SQLite database; resolves once it answers. */
async function startBuiltApp() {
  const entry = join(REPO_ROOT, "apps/api/dist/server.js");
  if (!existsSync(entry) || !existsSync(join(REPO_ROOT, "apps/admin/dist/index.html"))) {
    throw new Error("The bundle is measured on the built app: run `npm run build` first.");
  }
  const dir = mkdtempSync(join(tmpdir(), "csc-bench-bundle-"));
  const port = await freePort();
  let log = "";
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, "bench.sqlite")}`,
      SEED_DEMO: "false",
      MAINTENANCE_MODE: "false",
      PASSWORD_HASH_COST: "10",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr.on("data", (chunk) => {
    log += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://localhost:${port}`;
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${origin}/api/public/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the API did not start:\n${log}`);
}

/** One GET with the given Accept-Encoding; counts the body as sent (node:http never decodes). */
function bytesOnTheWire(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] ?? "identity" }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** Every script the browser fetches to show `url` until the login form is there and the network is quiet. */
async function scriptsFetchedFor(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const responses = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") responses.push(response);
    });
    await page.goto(url);
    await page.locator("form#login").waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    return await Promise.all(
      responses.map(async (response) => ({
        url: response.url(),
        // what Chromium itself was sent: its Accept-Encoding offers br and gzip
        browserEncoding: (await response.allHeaders())["content-encoding"] ?? "identity",
        browserBytes: (await response.request().sizes()).responseBodySize,
      })),
    );
  } finally {
    await browser.close();
  }
}

/**
 * The JavaScript of the admin's /login as a browser fetches it: `files` scripts, their size
 * decoded (`rawBytes`) and on the wire when the client accepts gzip (`gzipBytes`) or brotli
 * (`brotliBytes`). `scripts` lists each one. Pass `origin` to measure a running app instead of
 * starting the built one.
 */
export async function loginRouteJavaScript({ origin } = {}) {
  const app = origin ? null : await startBuiltApp();
  try {
    const fetched = await scriptsFetchedFor(`${origin ?? app.origin}/login`);
    const scripts = [];
    for (const script of fetched) {
      const [raw, gzip, brotli] = await Promise.all([
        bytesOnTheWire(script.url, "identity"),
        bytesOnTheWire(script.url, "gzip"),
        bytesOnTheWire(script.url, "br"),
      ]);
      scripts.push({
        path: new URL(script.url).pathname,
        browserEncoding: script.browserEncoding,
        browserBytes: script.browserBytes,
        rawBytes: raw.bytes,
        gzipBytes: gzip.bytes,
        gzipEncoding: gzip.encoding,
        brotliBytes: brotli.bytes,
        brotliEncoding: brotli.encoding,
      });
    }
    const sum = (key) => scripts.reduce((total, script) => total + script[key], 0);
    return {
      files: scripts.length,
      rawBytes: sum("rawBytes"),
      gzipBytes: sum("gzipBytes"),
      brotliBytes: sum("brotliBytes"),
      browserBytes: sum("browserBytes"),
      scripts,
    };
  } finally {
    await app?.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await loginRouteJavaScript();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const script of result.scripts) {
    console.log(
      `${script.path.padEnd(48)} ${kb(script.rawBytes).padStart(10)} raw ${kb(script.gzipBytes).padStart(10)} gzip ${kb(script.brotliBytes).padStart(10)} br  (browser got ${script.browserEncoding})`,
    );
  }
  console.log(
    `login route: ${result.files} scripts, ${kb(result.rawBytes)} raw, ${kb(result.gzipBytes)} gzip, ${kb(result.brotliBytes)} brotli on the wire (browser: ${kb(result.browserBytes)})`,
  );
}
