import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, REPO_ROOT } from "../playwright.config";
import { type DemoAccount, fillLogin, origin, type SiteName, waitForApp } from "./app";
import { menuEntries, openInApp, settledPage } from "./resources";

/**
 * Every menu entry of every demo account opens a working page — a list with rows or its empty
 * state, or the caller's own record — with no error on screen, no error in the page and no failed
 * call to the API; and axe finds no serious or critical violation of WCAG 2.0/2.1 A and AA there,
 * nor on the sign-in page of each site. One walk does both, so each screen is opened once. The
 * accounts come in groups, one test file each, so that vitest spreads them over its workers.
 */

/**
 * Every demo account of the README, grouped by test file: about as much work in each (an admin's
 * 22 screens take about as long as three learners' 10), so that two workers finish together.
 */
export const A11Y_GROUPS = {
  providerAdmins: [
    { email: "superadmin@example.com", site: "" },
    { email: "skilllab.admin@example.com", site: "" },
  ],
  providerStaff: [
    { email: "skilllab.editor@example.com", site: "" },
    { email: "skilllab.viewer@example.com", site: "" },
  ],
  college: [
    { email: "college.admin@example.com", site: "kmc" },
    { email: "college.editor@example.com", site: "kmc" },
    { email: "college.viewer@example.com", site: "kmc" },
  ],
  company: [
    { email: "company.admin@example.com", site: "himal" },
    { email: "company.editor@example.com", site: "himal" },
    { email: "company.viewer@example.com", site: "himal" },
  ],
  learners: [
    { email: "student@example.com", site: "kmc" },
    { email: "employee@example.com", site: "himal" },
    { email: "learner@example.com", site: "" },
  ],
  recruiters: [
    { email: "recruiter.admin@example.com", site: "recruiter" },
    { email: "recruiter.editor@example.com", site: "recruiter" },
    { email: "recruiter.viewer@example.com", site: "recruiter" },
  ],
} satisfies Record<string, DemoAccount[]>;

/** The demo accounts the README lists ("Demo accounts"), with the site each signs in on. */
export function readmeDemoAccounts(): DemoAccount[] {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const rows = readme.matchAll(/^\|\s*([\w.+-]+@[\w.-]+)\s*\|[^\n]*\|\s*(?:([\w-]+)\.)?localhost\s*\|\s*$/gm);
  return [...rows].map(([, email, site]) => ({ email: email as string, site: site ?? "" }));
}

const SERIOUS = new Set(["serious", "critical"]);
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// WCAG 2.5.3 (label in name) is still tagged experimental in axe, so it is switched on by name
const RULES = { "label-content-name-mismatch": { enabled: true } };

// axe-core as @axe-core/playwright itself loads it (same version, wherever npm put it)
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string }
).source;

interface Finding {
  id: string;
  impact: string;
  nodes: { target: string; message: string }[];
}

/** How many elements of one rule a line names before "… and N more". */
const NODES_PER_LINE = 8;

const describeFinding = (finding: Finding) => {
  const named = finding.nodes.slice(0, NODES_PER_LINE).map((node) => `${node.target} [${node.message}]`);
  const more = finding.nodes.length - named.length;
  return `${finding.id} (${finding.impact}): ${named.join(", ")}${more > 0 ? `, … and ${more} more` : ""}`;
};

/**
 * The serious and critical violations on the page, one line per rule: "rule (impact): selector
 * [why], …". axe is put into the page once and run there directly (moving inside the app keeps it);
 * a page with frames goes through AxeBuilder, which injects axe into each of them.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  let findings: Finding[];
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page }).options({ rules: RULES }).withTags(TAGS).analyze();
    findings = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "",
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(" "),
        message: (node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? "",
      })),
    }));
  } else {
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
    findings = await page.evaluate(
      async ({ tags, rules }) => {
        type Check = { message: string };
        type Violation = {
          id: string;
          impact?: string | null;
          nodes: { target: unknown[]; any: Check[]; all: Check[]; none: Check[] }[];
        };
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } })
          .axe;
        const { violations } = (await axe.run(document, {
          runOnly: { type: "tag", values: tags },
          rules,
          resultTypes: ["violations"],
        })) as { violations: Violation[] };
        return violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? "",
          nodes: violation.nodes.map((node) => ({
            target: node.target.flat().join(" "),
            message: (node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? "",
          })),
        }));
      },
      { tags: TAGS, rules: RULES },
    );
  }
  return findings.filter((finding) => SERIOUS.has(finding.impact)).map(describeFinding);
}

/**
 * Waits until the screen of a menu entry is the one on show and drawn for good: no loader, the
 * entry selected in the menu, nothing left of the previous screen, and antd's transitions over (a
 * menu entry fading into its selected colours is mid-way between two contrasts; endless
 * animations, spinners, don't count).
 */
export async function settleScreen(page: Page, entry?: string) {
  await waitForApp(page);
  await page.waitForFunction(
    (name) => {
      if (document.querySelector(".csc-page-loader, .csc-content-loader")) return false;
      if (!name) return true;
      const item = document.querySelector(`[data-testid="side-menu"] li[data-menu-name="${name}"]`);
      if (!item?.classList.contains("ant-menu-item-selected")) return false;
      const screens = [...document.querySelectorAll("[data-resource]")].filter(
        (element) => !element.parentElement?.closest("[data-resource]"),
      );
      if (screens.some((element) => element.getAttribute("data-resource") !== name)) return false;
      return name === "dashboard" || !document.querySelector(".csc-hero");
    },
    entry,
    { timeout: 10_000 },
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
}

/** Signs in, giving a busy server's login page more time to appear than an action gets. */
async function signInPatiently(page: Page, account: DemoAccount) {
  await page.goto(`${origin(account.site)}/login`);
  await page.waitForSelector("form#login", { timeout: 60_000 });
  await fillLogin(page, account.email);
  await page.waitForSelector('[data-testid="side-menu"]', { timeout: 60_000 });
}

// a provider admin's menu holds 22 screens: more than the suite's 2 minutes on a busy machine
const ACCOUNT_TIMEOUT_MS = 300_000;
/** Screens in a row that do not settle before the account's test gives up (a report, not a timeout). */
const MAX_UNSETTLED = 3;

/** One browser for the file; a test per account, signed in once, going through its whole menu. */
export function checkEveryMenuEntry(accounts: DemoAccount[], signInPagesOf: SiteName[] = []) {
  describe("every menu entry works and is accessible (axe, WCAG 2.1 A and AA)", () => {
    let browser: Browser;
    // what the file did, for one line at its end: screens per account, and where the time went
    const checked: string[] = [];
    const spent = { opening: 0, settling: 0, axe: 0 };
    const timed = async <T>(phase: keyof typeof spent, step: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      try {
        return await step();
      } finally {
        spent[phase] += Date.now() - started;
      }
    };

    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.info(
        `axe: ${checked.join(", ")}; opening ${seconds(spent.opening)}, settling ${seconds(spent.settling)}, axe ${seconds(spent.axe)}`,
      );
    });

    if (signInPagesOf.length) {
      it(`finds nothing serious on the sign-in page of ${signInPagesOf.map((site) => origin(site)).join(", ")}`, async () => {
        const context = await newContext(browser);
        try {
          const page = await context.newPage();
          const found: string[] = [];
          for (const site of signInPagesOf) {
            await timed("opening", async () => {
              await page.goto(`${origin(site)}/login`);
              await page.waitForSelector("form#login", { timeout: 60_000 });
            });
            await timed("settling", () => settleScreen(page));
            for (const line of await timed("axe", () => seriousViolations(page))) {
              found.push(`${origin(site)}/login — ${line}`);
            }
          }
          checked.push(`${signInPagesOf.length} sign-in pages`);
          expect(found, found.join("\n")).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }

    it.each(accounts)(
      "opens every menu entry of $email, working, with nothing serious found",
      async (account) => {
        const context = await newContext(browser);
        try {
          const page = await context.newPage();
          const found: string[] = [];
          page.on("pageerror", (error) => found.push(`page error: ${error.message}`));
          page.on("response", (response) => {
            if (response.url().includes("/api/") && response.status() >= 400) {
              found.push(`${response.status()} ${response.request().method()} ${response.url()}`);
            }
          });
          await signInPatiently(page, account);
          const entries = await menuEntries(page);
          expect(entries.length).toBeGreaterThan(3);
          const kinds: string[] = [];
          let unsettled = 0;
          for (const entry of entries) {
            const screen = `${account.email} on ${origin(account.site)}${entry.path} (${entry.name})`;
            try {
              await timed("opening", async () => {
                await openInApp(page, entry.path);
                kinds.push(`${entry.name}: ${await settledPage(page, entry.name)}`);
              });
              await timed("settling", () => settleScreen(page, entry.name));
              unsettled = 0;
            } catch (error) {
              found.push(`${screen} — did not settle: ${(error as Error).message.split("\n")[0]}`);
              // e.g. the admin rebuilt during the run: the page's screens are gone from the server
              if (++unsettled === MAX_UNSETTLED) {
                found.push(
                  `${account.email}: ${MAX_UNSETTLED} screens in a row did not settle, the rest is not checked`,
                );
                break;
              }
              continue;
            }
            for (const error of await page.locator(".ant-notification-notice-error").allInnerTexts()) {
              found.push(`${screen} — error on screen: ${error}`);
            }
            for (const line of await timed("axe", () => seriousViolations(page))) found.push(`${screen} — ${line}`);
          }
          checked.push(`${entries.length} screens of ${account.email}`);
          expect(found, `${found.length} findings:\n${found.join("\n")}`).toEqual([]);
          // the demo data fills at least one list of every account
          expect(
            kinds.some((line) => line.endsWith("rows") || line.endsWith("cards")),
            kinds.join(", "),
          ).toBe(true);
        } finally {
          await context.close();
        }
      },
      ACCOUNT_TIMEOUT_MS,
    );
  });
}
