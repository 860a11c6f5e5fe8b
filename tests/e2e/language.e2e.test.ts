import { join } from "node:path";
import { readLocales } from "@csc/shared/locale-files";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext, REPO_ROOT } from "./playwright.config";
import { origin, readMenu, signIn, textOf, visibleText } from "./support/app";

// common.json with the resources' menu labels (locales/resources/) in place, as the screens get it
// biome-ignore lint/suspicious/noExplicitAny: read by its keys, as the parsed file was before
const nepali: any = readLocales(join(REPO_ROOT, "locales"))["np-NP"].common;

async function chooseNepali(page: Page) {
  await page.getByTestId("language-switcher").first().click();
  await page.locator('.ant-dropdown-menu-item:has([lang="ne"])').click();
  await page.waitForFunction(() => document.documentElement.lang === "ne-NP");
  // the switcher's own list (which by design offers "En") has closed
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".ant-dropdown")].every((menu) => getComputedStyle(menu).display === "none"),
  );
}

/** Visible text with the signed-in user's own data (names, e-mail, initials, digits) taken out. */
async function interfaceText(page: Page, data: string[]): Promise<string> {
  let text = await visibleText(page);
  for (const value of data) text = text.split(value).join(" ");
  return text;
}

describe("languages", () => {
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

  it("offers exactly En and नेपाली", async () => {
    await page.goto(`${origin("kmc")}/login`);
    await page.getByTestId("language-switcher").click();
    const options = await page.locator(".ant-dropdown-menu-item").allInnerTexts();
    expect(options.map((option) => option.trim())).toEqual(["En", "नेपाली"]);
  });

  it("switching to नेपाली changes the whole visible UI and survives a reload", async () => {
    await signIn(page, { email: "college.admin@example.com", site: "kmc" });
    const user = await page.evaluate(async () => {
      const response = await fetch("/api/profile", {
        headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` },
      });
      return (await response.json()).data as { full_name: string; email: string; institution: { name: string } };
    });
    const initials = user.full_name
      .split(/\s+/)
      .map((word) => word[0])
      .join("")
      .toUpperCase();
    const firstName = user.full_name.split(/\s+/)[0] ?? "";
    const data = [user.full_name, user.email, user.institution.name, initials, firstName];

    await chooseNepali(page);
    const check = async () => {
      const menu = await readMenu(page);
      expect(menu[0]).toBe(nepali.menu.dashboard);
      expect(menu).toContain(nepali.menu["institution-details"]);
      expect(menu).toContain(`${nepali.menu.scholarship} (disabled)`);
      expect(await textOf(page.locator(".csc-page-header__title"))).toBe(nepali.dashboard.titleCollege);
      const text = await interfaceText(page, data);
      expect(text.match(/[A-Za-z]+/g) ?? []).toEqual([]);
      expect(text).toMatch(/[\u0900-\u097F]/);
    };
    await check();
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("np-NP");

    await page.reload();
    await page.waitForSelector('[data-testid="side-menu"]');
    await check();

    // the user menu and the not-allowed page too
    await page.getByTestId("user-menu").click();
    const items = await page.locator(".ant-dropdown-menu-item").allInnerTexts();
    expect(items.map((item) => item.trim())).toEqual([nepali.userMenu.profile, nepali.userMenu.signOut]);
    await page.keyboard.press("Escape");
    await page.goto(`${origin("kmc")}/admin/tags`);
    await page.getByTestId("not-allowed").waitFor();
    expect(await textOf(page.getByTestId("not-allowed"))).toBe(nepali.notAllowed.title);
    const text = await interfaceText(page, data);
    expect(text.match(/[A-Za-z]+/g) ?? []).toEqual([]);
  });

  it("translates the sign-in screen, and a Nepali browser starts in Nepali", async () => {
    const nepaliContext = await newContext(browser, { locale: "ne-NP" });
    const nepaliPage = await nepaliContext.newPage();
    await nepaliPage.goto(`${origin("kmc")}/login`);
    await nepaliPage.locator("form#login").waitFor();
    expect(await textOf(nepaliPage.locator("h2").first())).toBe(nepali.auth.login.title);
    const text = await interfaceText(nepaliPage, ["Kathmandu Model College"]);
    expect(text.match(/[A-Za-z]+/g) ?? []).toEqual([]);
    await nepaliContext.close();
  });
});
