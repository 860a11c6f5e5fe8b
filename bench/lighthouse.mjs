#!/usr/bin/env node
// Page quality (`node bench/lighthouse.mjs`, or part `lighthouse` of `npm run bench`): Lighthouse
// 12 driving Debian's Chromium over five pages of the built app on a fresh SQLite demo database —
// the sign-in page, a staff dashboard, an applicant list, a learner's home and the public apply
// page, all on the demo college's site (kmc.localhost) — once per config: `mobile` (Lighthouse's
// default: a mid-range phone, simulated slow 4G and a CPU slowed four times) and `desktop` (its
// desktop preset: simulated fast network, CPU as it is). Each page is audited `runs` times; every
// figure shown is the median of those runs, taken figure by figure. "First load" is measured
// apart, in the same browser, as a first-time visitor gets it: a fresh context (empty cache), no
// throttling, from navigation until the page's own content is on screen (the sign-in form, the
// posting cards, the dashboard's figures…), median of `runs`.
// Options: --runs N (3), --configs mobile,desktop, --admin-dist DIR (another admin build),
// --root DIR (the API, its locales and seeds from another checkout's build), --save DIR (each
// run's Lighthouse report, JSON), --pages NAMES (a comma list of the pages' names: just those).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import { PASSWORD, serveApi } from "./side-by-side.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  // *.localhost is loopback (RFC 6761) and the server listens on 127.0.0.1 only
  "--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1",
];
const SITE = "kmc";
const COLLEGE_ADMIN = "college.admin@example.com";
const STUDENT = "student@example.com";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CONFIGS = { mobile: undefined, desktop: desktopConfig };
/** Bounds: a page's audit, the browser's start, the whole run. */
const AUDIT_TIMEOUT_MS = 120_000;
const LAUNCH_TIMEOUT_MS = 30_000;
export const TARGETS = { performance: 90, accessibility: 100, bestPractices: 100 };

/** The five pages; `path` may depend on the demo data (`ids`), `ready` is the page's own content. */
export const PAGES = [
  { name: "sign-in", path: () => "/login", ready: "form#login" },
  {
    name: "staff dashboard",
    account: COLLEGE_ADMIN,
    path: () => "/admin/dashboard",
    ready: '[data-testid="metric-value"]',
  },
  {
    name: "applicant list",
    account: COLLEGE_ADMIN,
    path: (ids) => `/admin/job-opportunities/show/${ids.busiestPosting}`,
    ready: '[data-testid="applicants"] .ant-table-row',
  },
  { name: "learner home", account: STUDENT, path: () => "/dashboard", ready: '[data-testid="learner-home"]' },
  {
    name: "public apply",
    path: () => "/job-opportunities-apply",
    ready: '.csc-posting-grid, [data-testid="resource-empty"]',
  },
];

const median = (values) => {
  const sorted = values.filter((value) => typeof value === "number").sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 0) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/** Debian's Chromium with a fresh profile and a DevTools port; `stop()` ends it and removes the profile. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), "csc-lighthouse-profile-"));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let log = "";
  child.stderr.on("data", (chunk) => {
    log += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await once(child, "exit");
      clearTimeout(timer);
    }
    // Chromium's helper processes may still write to the profile's cache for a while after the
    // browser itself has exited: Node retries the removal then (ENOTEMPTY), backing off up to
    // about 5 s, and a profile still busy after that is left in the temporary directory rather
    // than losing the run's figures
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch((error) =>
      console.warn(`left the browser profile ${profile}: ${error.code ?? error.message}`),
    );
  };
  const portFile = join(profile, "DevToolsActivePort");
  const deadline = Date.now() + LAUNCH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, "utf8").split("\n")[0]);
      if (port > 0) return { port, stop };
    }
    await new Promise((next) => setTimeout(next, 100));
  }
  await stop();
  throw new Error(`Chromium (${CHROMIUM}) did not open its DevTools port:\n${log}`);
}

/**
 * A request to the demo college's site, as its Host names it: node:http, since fetch drops a
 * Host header, and Node need not resolve `*.localhost` as Chromium is told to.
 */
function siteRequest(api, method, path, { token, body } = {}) {
  const { hostname, port } = new URL(api.origin);
  const payload = body === undefined ? null : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(
      {
        hostname,
        port,
        method,
        path,
        timeout: 30_000,
        headers: {
          host: `${SITE}.localhost:${port}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          if (res.statusCode !== 200) fail(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
          else done({ body: JSON.parse(text), total: Number(res.headers["x-total-count"]) });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on("error", fail);
    req.end(payload ?? undefined);
  });
}

/** A demo account's token on the demo college's site. */
async function tokenOf(api, email) {
  const { body } = await siteRequest(api, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
  return body.data.token;
}

/** The college's job opening with the most applicants: the applicant list worth looking at. */
async function busiestPosting(api, token) {
  const { body } = await siteRequest(api, "GET", "/api/job-opportunities?_start=0&_end=50", { token });
  // a list answers its rows as they are (the total in X-Total-Count)
  let best = { id: body[0]?.id, total: -1 };
  for (const { id } of body) {
    const path = `/api/applications?job_opportunity_id=${id}&_start=0&_end=1`;
    const { total } = await siteRequest(api, "GET", path, { token });
    if (total > best.total) best = { id, total };
  }
  return best.id;
}

/** Signs `token`'s holder in (or out, for null) in the browser's default profile, as the admin keeps it. */
async function useSession(context, origin, token) {
  const page = await context.newPage();
  try {
    // a small answer of the same origin: the storage is the site's, without loading the app
    await page.goto(`${origin}/api/public/config`);
    await page.evaluate((value) => {
      if (value) localStorage.setItem("csc-token", value);
      else localStorage.removeItem("csc-token");
    }, token);
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse's own failures to record a page's trace ("Please run Lighthouse again"), which say
 * nothing of the page: the run is made again, at most twice. Any other failure ends the bench.
 */
const TRACE_FAILURES = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);
async function auditWithRetries(...args) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(...args);
    } catch (error) {
      if (!TRACE_FAILURES.has(error.code) || attempt === 3) throw error;
      console.warn(`${error.message}: running it again`);
    }
  }
}

/** One Lighthouse run: the four categories' scores (0–100), the metrics, and what fell short. */
async function audit(port, url, config, saveAs, categories = CATEGORIES) {
  const flags = { port, hostname: "127.0.0.1", output: "json", logLevel: "error", onlyCategories: categories };
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Lighthouse on ${url}: over ${AUDIT_TIMEOUT_MS} ms`)), AUDIT_TIMEOUT_MS);
  });
  const result = await Promise.race([lighthouse(url, flags, config), timeout]).finally(() => clearTimeout(timer));
  const { lhr } = result;
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  if (lhr.runtimeError) {
    throw Object.assign(new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), {
      code: lhr.runtimeError.code,
    });
  }
  // a category left out of the run (`categories`) scores null
  const score = (id) => {
    const found = lhr.categories[id]?.score;
    return found === null || found === undefined ? null : Math.round(found * 100);
  };
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  // what keeps a category under 100: its weighted audits that did not pass
  const shortfalls = [];
  for (const id of ["accessibility", "best-practices", "seo"].filter((run) => lhr.categories[run])) {
    for (const ref of lhr.categories[id].auditRefs) {
      const { score: passed, title, scoreDisplayMode } = lhr.audits[ref.id];
      if (ref.weight > 0 && passed !== null && passed < 1 && scoreDisplayMode !== "informative") {
        shortfalls.push(`${id}: ${ref.id} (${title})`);
      }
    }
  }
  const opportunities = ["unused-javascript", "render-blocking-resources", "unused-css-rules", "total-byte-weight"]
    .map((id) => lhr.audits[id])
    .filter((found) => found && found.score !== null && found.score < 1)
    .map((found) => `${found.id}: ${found.displayValue ?? ""}`);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    shortfalls,
    opportunities,
  };
}

/** A first-time visitor's load: a fresh context, until `ready` is on screen (ms from navigation start). */
async function firstLoad(browser, url, ready, token) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  try {
    if (token) await context.addInitScript((value) => localStorage.setItem("csc-token", value), token);
    await context.addInitScript((selector) => {
      const check = () => {
        const found = document.querySelector(selector);
        if (found && found.getBoundingClientRect().height > 0) {
          // the frame that shows it
          requestAnimationFrame(() => {
            window.__cscFirstLoad ??= performance.now();
          });
          return true;
        }
        return false;
      };
      const watch = () => {
        if (check()) return;
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true, attributes: true });
      };
      watch();
    }, ready);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => typeof window.__cscFirstLoad === "number", null, { timeout: 60_000 });
    return await page.evaluate(() => window.__cscFirstLoad);
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse over the five pages (PAGES) of the built app, started here on a fresh demo database.
 * Answers `{ configs: { [config]: rows } , loadAverage }`, a row per page with the median of `runs`
 * of each score and metric, the first load, and the audits that fell short in any run.
 */
export async function lighthouseBench({
  runs = 3,
  configs = ["mobile", "desktop"],
  adminDist = join(ROOT, "apps/admin/dist"),
  root = ROOT,
  saveDir = null,
  pages = PAGES,
  /** The Lighthouse categories to score (the browser tests leave performance to the bench). */
  categories = CATEGORIES,
  /** Whether to time each page's first load in a fresh context besides (the bench's apply-vs-sign-in figure). */
  firstLoads: timeFirstLoads = true,
  log = console.log,
} = {}) {
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const dist = join(root, "apps/api/dist");
  if (!existsSync(join(dist, "server.js")) || !existsSync(join(adminDist, "index.html"))) {
    throw new Error("Lighthouse audits the built app: run `npm run build` first.");
  }
  const dir = mkdtempSync(join(tmpdir(), "csc-lighthouse-"));
  const api = await serveApi({
    dist,
    databaseFile: join(dir, "demo.sqlite"),
    dataDir: join(dir, "data"),
    name: "lighthouse",
    env: {
      LOCALES_DIR: join(root, "locales"),
      ADMIN_DIST_DIR: adminDist,
      PASSWORD_HASH_COST: "12",
      SEED_DEMO: "true",
      MAINTENANCE_MODE: "false",
    },
  });
  const port = Number(new URL(api.origin).port);
  const origin = `http://${SITE}.localhost:${port}`;
  const chrome = await launchChromium().catch(async (error) => {
    await api.stop();
    throw error;
  });
  const loadAverages = [loadavg()[0]];
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const tokens = { [COLLEGE_ADMIN]: await tokenOf(api, COLLEGE_ADMIN), [STUDENT]: await tokenOf(api, STUDENT) };
    const ids = { busiestPosting: await busiestPosting(api, tokens[COLLEGE_ADMIN]) };
    const profile = browser.contexts()[0];

    const firstLoads = new Map(pages.map((page) => [page.name, []]));
    for (let run = 0; run < (timeFirstLoads ? runs : 0); run++) {
      for (const page of pages) {
        const token = page.account ? tokens[page.account] : null;
        firstLoads.get(page.name).push(await firstLoad(browser, `${origin}${page.path(ids)}`, page.ready, token));
      }
    }

    const results = {};
    for (const configName of configs) {
      const perPage = new Map(pages.map((page) => [page.name, []]));
      // round after round over the pages, so that a busy moment of the machine spreads over all of them
      for (let run = 0; run < runs; run++) {
        for (const page of pages) {
          await useSession(profile, origin, page.account ? tokens[page.account] : null);
          const url = `${origin}${page.path(ids)}`;
          const saveAs = saveDir
            ? join(saveDir, `${configName}-${page.name.replace(/\W+/g, "-")}-${run + 1}.json`)
            : null;
          const measured = await auditWithRetries(chrome.port, url, CONFIGS[configName], saveAs, categories);
          perPage.get(page.name).push(measured);
          log(
            `  ${configName} ${page.name} run ${run + 1}: perf ${measured.performance} a11y ${measured.accessibility} bp ${measured.bestPractices} seo ${measured.seo}`,
          );
        }
        loadAverages.push(loadavg()[0]);
      }
      results[configName] = pages.map((page) => {
        const measured = perPage.get(page.name);
        const of = (key) => median(measured.map((one) => one[key]));
        return {
          page: page.name,
          path: page.path(ids),
          performance: of("performance"),
          accessibility: of("accessibility"),
          bestPractices: of("bestPractices"),
          seo: of("seo"),
          fcpMs: round(of("fcpMs")),
          lcpMs: round(of("lcpMs")),
          tbtMs: round(of("tbtMs")),
          cls: round(of("cls"), 3),
          firstLoadMs: round(median(firstLoads.get(page.name))),
          shortfalls: [...new Set(measured.flatMap((one) => one.shortfalls))],
          opportunities: measured.at(-1).opportunities,
        };
      });
    }
    await browser.close().catch(() => {});
    return {
      runs,
      configs: results,
      loadAverage: { min: round(Math.min(...loadAverages), 2), max: round(Math.max(...loadAverages), 2) },
    };
  } finally {
    await chrome.stop();
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a config's rows meet the issue's goals, goal by goal. */
export function lighthouseTargets(rows) {
  const firstLoadOf = (name) => rows.find((row) => row.page === name)?.firstLoadMs ?? Number.POSITIVE_INFINITY;
  return {
    performanceAtLeast90: rows.every((row) => row.performance >= TARGETS.performance),
    accessibility100: rows.every((row) => row.accessibility >= TARGETS.accessibility),
    bestPractices100: rows.every((row) => row.bestPractices >= TARGETS.bestPractices),
    applyFirstLoadAtMostSignIn: firstLoadOf("public apply") <= firstLoadOf("sign-in"),
  };
}

/** The table `npm run bench` prints: a line per page, the goals beside. */
export function printLighthouse(result, log = console.log) {
  for (const [configName, rows] of Object.entries(result.configs)) {
    log(
      `\nLighthouse 12, ${configName === "mobile" ? "mobile (default: simulated slow 4G, CPU ×4)" : "desktop preset"}, median of ${result.runs} runs, load average ${result.loadAverage.min}–${result.loadAverage.max}`,
    );
    log(
      `${"page".padEnd(16)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"bp".padStart(5)} ${"seo".padStart(5)} ${"FCP ms".padStart(7)} ${"LCP ms".padStart(7)} ${"TBT ms".padStart(7)} ${"CLS".padStart(6)} ${"1st load".padStart(9)}`,
    );
    for (const row of rows) {
      log(
        `${row.page.padEnd(16)} ${String(row.performance).padStart(5)} ${String(row.accessibility).padStart(5)} ${String(row.bestPractices).padStart(5)} ${String(row.seo).padStart(5)} ${String(row.fcpMs).padStart(7)} ${String(row.lcpMs).padStart(7)} ${String(row.tbtMs).padStart(7)} ${String(row.cls).padStart(6)} ${`${row.firstLoadMs} ms`.padStart(9)}`,
      );
      for (const shortfall of row.shortfalls) log(`    short: ${shortfall}`);
    }
    log(
      `targets (perf ≥ ${TARGETS.performance}, a11y ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}, apply page's first load ≤ sign-in's):`,
      lighthouseTargets(rows),
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const result = await lighthouseBench({
    runs: Number(option("--runs", 3)),
    configs: option("--configs", "mobile,desktop").split(","),
    adminDist: resolve(option("--admin-dist", join(ROOT, "apps/admin/dist"))),
    root: resolve(option("--root", ROOT)),
    saveDir: option("--save", null),
    pages: PAGES.filter((page) => option("--pages", page.name).split(",").includes(page.name)),
  });
  printLighthouse(result);
  if (args.includes("--json")) console.log(JSON.stringify(result, null, 2));
}
