import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, signIn } from "./support/app";

/** Relative luminance of a CSS rgb() colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function shoot(page: Page, name: string) {
  mkdirSync(e2eConfig.screenshotsDir, { recursive: true });
  // let entrance transitions and web fonts settle
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(e2eConfig.screenshotsDir, `${name}.png`) });
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

describe("dashboards look like a finished product (screenshots)", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function dashboard(account: DemoAccount, name: string) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, account);
    await page.locator(".csc-hero").waitFor();
    await shoot(page, name);
    return { page, close: () => context.close() };
  }

  it("provider dashboard, dark and dense", async () => {
    const { page, close } = await dashboard({ email: "superadmin@example.com", site: "" }, "provider-dashboard");
    expect(luminance(await background(page, ".csc-main"))).toBeLessThan(0.05);
    expect(luminance(await background(page, ".csc-sider"))).toBeLessThan(0.05);
    await close();
  });

  it("college dashboard in the college's colours", async () => {
    const { page, close } = await dashboard({ email: "college.admin@example.com", site: "kmc" }, "college-dashboard");
    expect(luminance(await background(page, ".csc-main"))).toBeGreaterThan(0.8);
    // the selected menu entry wears the college's secondary colour (#F2A900)
    expect(await background(page, '[data-menu-name="dashboard"]')).toBe("rgb(242, 169, 0)");
    await close();
  });

  it("recruiter dashboard in the lighter recruiter theme", async () => {
    const { page, close } = await dashboard(
      { email: "recruiter.admin@example.com", site: "recruiter" },
      "recruiter-dashboard",
    );
    expect(luminance(await background(page, ".csc-main"))).toBeGreaterThan(0.85);
    const radius = await page
      .locator(".csc-card")
      .first()
      .evaluate((card) => getComputedStyle(card).borderRadius);
    expect(Number.parseFloat(radius)).toBeGreaterThanOrEqual(16);
    await close();
  });
});
