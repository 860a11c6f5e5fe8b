import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../playwright.config";

export interface RunningServer {
  port: number;
  /** `http://<host>:<port>` for a site: "" is the provider's root, "kmc" an institution… */
  origin: (subdomain?: string) => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the built app (`node apps/api/dist/server.js`, which also serves apps/admin/dist) on a
 * free port with a fresh SQLite database seeded with the demo data.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = join(REPO_ROOT, "apps/api/dist/server.js");
  const admin = join(REPO_ROOT, "apps/admin/dist/index.html");
  if (!existsSync(entry) || !existsSync(admin)) {
    throw new Error("The e2e suite runs against the built app: run `npm run build` first.");
  }
  const dir = mkdtempSync(join(tmpdir(), "csc-e2e-"));
  const port = await freePort();
  let log = "";
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, "e2e.sqlite")}`,
      SEED_DEMO: "true",
      MAINTENANCE_MODE: "false",
      PASSWORD_HASH_COST: "12",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const origin = (subdomain = "") => `http://${subdomain ? `${subdomain}.` : ""}localhost:${port}`;
  try {
    await waitUntilUp(`${origin()}/api/public/config`, child, () => log, 90_000);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
