import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "../playwright.config";
import { type DemoAccount, signIn } from "./app";
import { menuEntries, openInApp, settledPage } from "./resources";

/**
 * Each menu entry of each demo account opens a working page — a list with rows or its
 * empty state, or the caller's own record — with no error on screen.
 */
export function walkEveryMenuEntry(title: string, accounts: DemoAccount[]) {
  describe(title, () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });
    beforeEach(async () => {
      await context?.close();
      context = await newContext(browser);
      page = await context.newPage();
    });

    it.each(accounts)("$email opens every entry of its menu", async (account) => {
      const failures: string[] = [];
      page.on("pageerror", (error) => failures.push(`page error: ${error.message}`));
      page.on("response", (response) => {
        if (response.url().includes("/api/") && response.status() >= 400) {
          failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
        }
      });
      await signIn(page, account);
      const entries = await menuEntries(page);
      expect(entries.length).toBeGreaterThan(3);
      const seen: string[] = [];
      for (const entry of entries) {
        await openInApp(page, entry.path);
        const kind = await settledPage(page, entry.name);
        seen.push(`${entry.name}: ${kind}`);
        const errors = await page.locator(".ant-notification-notice-error").allInnerTexts();
        expect(errors, entry.path).toEqual([]);
      }
      expect(failures, seen.join(", ")).toEqual([]);
      // the demo data fills at least one list of every account
      expect(
        seen.some((line) => line.endsWith("rows") || line.endsWith("cards")),
        seen.join(", "),
      ).toBe(true);
    });
  });
}
