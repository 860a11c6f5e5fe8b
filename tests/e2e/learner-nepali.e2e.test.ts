import { createRequire } from "node:module";
import { join } from "node:path";
import { readLocales } from "@csc/shared/locale-files";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, REPO_ROOT } from "./playwright.config";
import type { DemoAccount } from "./support/app";
import { fillLogin, origin } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { menuEntries, openInApp } from "./support/resources";

/**
 * Every screen of a learner — the student's, the employee's and the learner's without an
 * institution — in np-NP shows no English interface text, and axe finds nothing serious there.
 * Interface text is what the product writes, not what people typed: every string of the en-US
 * locale files and of antd's English locale. A text on screen (or an accessible name, a
 * placeholder, a title) that is one of them, whole, is English left in the Nepali interface. What
 * people typed (a partner's "Internship" partnership) is marked `translate="no"` and is not read.
 */

const ACCOUNTS: DemoAccount[] = [
  { email: "student@example.com", site: "kmc" },
  { email: "employee@example.com", site: "himal" },
  { email: "learner@example.com", site: "" },
];

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

const PLACEHOLDER = /\{\{[^}]*\}\}|\$\{[^}]*\}/;

/** Each English string as a whole-text pattern; `{{name}}` and antd's `${label}` stand for anything. */
function englishPatterns(): { text: string; pattern: RegExp }[] {
  // every English namespace as the screens get it, the resources' own words (locales/resources/) in place
  const ours = Object.values(readLocales(join(REPO_ROOT, "locales"))["en-US"]).flatMap((namespace) =>
    stringsOf(namespace),
  );
  const antd = stringsOf(
    createRequire(join(REPO_ROOT, "apps/admin/package.json"))("antd/lib/locale/en_US").default as unknown,
  );
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const texts = [...new Set([...ours, ...antd].map((text) => text.trim()))]
    // a word of English: at least three Latin letters together (not "OK"-sized marks, not digits or "N/A");
    // with a placeholder, two words ("Resume {{title}}" would take a title "Resume Clinic" for English)
    .filter((text) => {
      const words = text.replace(/\{\{[^}]*\}\}|\$\{[^}]*\}/g, " ").match(/[A-Za-z]{3,}/g) ?? [];
      return words.length >= (PLACEHOLDER.test(text) ? 2 : 1);
    });
  return texts.map((text) => ({
    text,
    pattern: new RegExp(
      `^${text
        .split(/\{\{[^}]*\}\}|\$\{[^}]*\}/)
        .map(escaped)
        .join(".+?")}$`,
      "s",
    ),
  }));
}

const PATTERNS = englishPatterns();

/** Every piece of text the screen gives a person: text nodes, accessible names, placeholders, titles. */
function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (element: Element | null) =>
      !!element &&
      (element as HTMLElement).getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== "hidden";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (text && visible(node.parentElement) && !node.parentElement?.closest('[translate="no"]')) texts.push(text);
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

const englishIn = (texts: string[]) =>
  [...new Set(texts)].filter((text) => PATTERNS.some(({ pattern }) => pattern.test(text)));

describe("a learner's screens in np-NP", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("knows English when it sees it: the same walk in en-US finds the menu's English", async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${origin("kmc")}/login`);
      await page.waitForSelector("form#login", { timeout: 60_000 });
      await fillLogin(page, "student@example.com");
      await page.waitForSelector('[data-testid="side-menu"]', { timeout: 60_000 });
      await settleScreen(page);
      expect(englishIn(await interfaceTexts(page)).length).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  });

  it.each(ACCOUNTS)(
    "$email: no English interface text and nothing serious for axe on any screen",
    async (account) => {
      const context = await newContext(browser, { locale: "ne-NP" });
      try {
        const page = await context.newPage();
        await page.addInitScript(() => localStorage.setItem("i18nextLng", "np-NP"));
        await page.goto(`${origin(account.site)}/login`);
        await page.waitForSelector("form#login", { timeout: 60_000 });
        expect(englishIn(await interfaceTexts(page)), "sign-in page").toEqual([]);
        await fillLogin(page, account.email);
        await page.waitForSelector('[data-testid="side-menu"]', { timeout: 60_000 });
        const entries = await menuEntries(page);
        expect(entries.length).toBeGreaterThan(5);
        const found: string[] = [];
        const check = async (where: string) => {
          // cards and rows come after the screen: wait for loaders to go
          await page
            .waitForFunction(
              () => document.querySelectorAll(".ant-spin-spinning, .ant-skeleton-active").length === 0,
              null,
              {
                timeout: 10_000,
              },
            )
            .catch(() => {});
          for (const text of englishIn(await interfaceTexts(page))) found.push(`${where}: "${text}"`);
          for (const line of await seriousViolations(page)) found.push(`${where}: axe ${line}`);
        };
        let screens = 0;
        for (const entry of entries) {
          await openInApp(page, entry.path);
          await settleScreen(page, entry.name);
          await check(entry.path);
          screens++;
          // each tab of the screen (pending, suggested, my learning, past attempts…)
          const tabs = page.locator('main [role="tab"]:not([aria-selected="true"])');
          for (let index = 0; index < Math.min(await tabs.count(), 6); index++) {
            const tab = tabs.nth(index);
            const name = await tab.innerText();
            await tab.click();
            await check(`${entry.path} › ${name}`);
            screens++;
          }
          // and the first item's own page, when the screen links to one
          await openInApp(page, entry.path);
          await settleScreen(page, entry.name);
          const detail = page.locator(`main a[href^="${entry.path}/"]`).first();
          if (await detail.count()) {
            const href = (await detail.getAttribute("href")) ?? "";
            await openInApp(page, href);
            await check(href);
            screens++;
          }
        }
        expect(screens).toBeGreaterThan(entries.length);
        // the account menu, opened: its entries are interface text too
        await page
          .locator('[data-testid="user-menu"]')
          .first()
          .click()
          .catch(() => {});
        for (const text of englishIn(await interfaceTexts(page))) found.push(`account menu: "${text}"`);
        expect(found, found.join("\n")).toEqual([]);
      } finally {
        await context.close();
      }
    },
    300_000,
  );
});
