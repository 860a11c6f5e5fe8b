import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, fillLogin, origin, type SiteName, waitForApp } from "./support/app";
import { menuEntries, openInApp, settledPage } from "./support/resources";

/**
 * Issue 8: axe finds no serious or critical violation of WCAG 2.0/2.1 A and AA on the login page of
 * each site and on every menu entry of every demo account.
 */

const SITES: SiteName[] = ["", "kmc", "himal", "recruiter"];

// Each site's admin first: the screens of its editors and viewers are the same pages with fewer
// buttons, so a path already checked on that site under a wider role is not checked again.
const ACCOUNTS: DemoAccount[] = [
  { email: "superadmin@example.com", site: "" },
  { email: "skilllab.admin@example.com", site: "" },
  { email: "skilllab.editor@example.com", site: "" },
  { email: "skilllab.viewer@example.com", site: "" },
  { email: "learner@example.com", site: "" },
  { email: "college.admin@example.com", site: "kmc" },
  { email: "college.editor@example.com", site: "kmc" },
  { email: "college.viewer@example.com", site: "kmc" },
  { email: "student@example.com", site: "kmc" },
  { email: "company.admin@example.com", site: "himal" },
  { email: "company.editor@example.com", site: "himal" },
  { email: "company.viewer@example.com", site: "himal" },
  { email: "employee@example.com", site: "himal" },
  { email: "recruiter.admin@example.com", site: "recruiter" },
  { email: "recruiter.editor@example.com", site: "recruiter" },
  { email: "recruiter.viewer@example.com", site: "recruiter" },
];

const SERIOUS = new Set(["serious", "critical"]);

// a provider admin's menu holds 22 screens, each analysed whole: more than the suite's 2 minutes on a busy machine
const ACCOUNT_TIMEOUT_MS = 360_000;

/** The serious and critical violations on the page, one line per rule: "rule (impact): selector [why], …". */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name) is still tagged experimental in axe, so it is switched on by name
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => `${node.target.join(" ")} [${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? ""}]`)
          .join(", ")}`,
    );
}

/**
 * Lets the page finish drawing: the loader gone and antd's transitions over (a menu entry fading
 * into its selected colours is mid-way between two contrasts). Endless ones, spinners, don't count.
 */
async function settle(page: Page) {
  await waitForApp(page);
  // the menu takes the new route a render later; let its 0.3 s colour transition start and end
  await page.waitForTimeout(350);
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

describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  let browser: Browser;
  const checked = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("finds nothing serious on the login page of each site", async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const found: string[] = [];
      for (const site of SITES) {
        await page.goto(`${origin(site)}/login`);
        await page.waitForSelector("form#login");
        await settle(page);
        for (const line of await seriousViolations(page)) found.push(`${origin(site)}/login — ${line}`);
      }
      expect(found, found.join("\n")).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(ACCOUNTS)(
    "finds nothing serious on any menu entry of $email",
    async (account) => {
      let context: BrowserContext | undefined;
      try {
        context = await newContext(browser);
        const page = await context.newPage();
        await signInPatiently(page, account);
        const entries = await menuEntries(page);
        expect(entries.length).toBeGreaterThan(3);
        const found: string[] = [];
        for (const entry of entries) {
          const key = `${account.site}|${entry.path}`;
          if (checked.has(key)) continue;
          checked.add(key);
          await openInApp(page, entry.path);
          await settledPage(page, entry.name);
          await settle(page);
          for (const line of await seriousViolations(page)) found.push(`${entry.path} — ${line}`);
        }
        expect(found, found.join("\n")).toEqual([]);
      } finally {
        await context?.close();
      }
    },
    ACCOUNT_TIMEOUT_MS,
  );
});
