/**
 * Browser settings for the end-to-end suite. We drive Debian's Chromium with playwright-core
 * (never a downloaded browser); vitest runs the tests (the "e2e" project of the root vitest.config.ts).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export const e2eConfig = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    // *.localhost is loopback (RFC 6761); make sure Chromium never asks a resolver about it
    "--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1",
  ],
  viewport: { width: 1440, height: 900 },
  locale: "en-US",
  /** Screenshots the issue asks for land here (git-ignored). */
  screenshotsDir: join(REPO_ROOT, "test-results", "screenshots"),
  /** Demo accounts' password (seeds). */
  demoPassword: process.env.DEMO_PASSWORD ?? "CareerDemo#2026",
  actionTimeoutMs: 15_000,
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: e2eConfig.executablePath, args: [...e2eConfig.args] });
}

interface ContextOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  /**
   * The suite's pages are seen as by someone who asked for less motion, so the app turns antd's
   * zooms, slides and fades off (AppearanceProvider): nothing to wait out and no frames to draw on
   * CI's two cores. `"full"` keeps them, for the story that checks the usual experience.
   */
  motion?: "reduce" | "full";
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? e2eConfig.viewport,
    locale: options.locale ?? e2eConfig.locale,
    reducedMotion: options.motion === "full" ? "no-preference" : "reduce",
  });
  context.setDefaultTimeout(e2eConfig.actionTimeoutMs);
  return context;
}
