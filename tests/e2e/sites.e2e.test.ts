import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { origin, textOf, visibleText } from "./support/app";
import { type RunningServer, startServer } from "./support/server";

const primaryButtonColor = (page: Page) =>
  page.getByTestId("login-submit").evaluate((button) => getComputedStyle(button).backgroundColor);

describe("sites and tenants", () => {
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

  it("sends an unknown subdomain to /404", async () => {
    await page.goto(`${origin("nowhere")}/admin/dashboard`);
    await page.waitForURL((url) => url.pathname === "/404");
    await page.getByText("This site could not be found").waitFor();
  });

  it("treats the bare root and the admin subdomain as the provider's dark site", async () => {
    for (const site of ["", "admin"]) {
      await page.goto(`${origin(site)}/login`);
      await page.locator("form#login").waitFor();
      expect(await page.evaluate(() => document.body.dataset.appearance)).toBe("admin");
      expect(await textOf(page.locator(".csc-auth__site-name"))).toBe("Skill Lab");
      // provider staff have no sign-up
      expect(await page.locator('a[href="/register"]').count()).toBe(0);
    }
  });

  it("dresses an institution's site in its own colours", async () => {
    await page.goto(`${origin("kmc")}/login`);
    await page.locator("form#login").waitFor();
    expect(await page.evaluate(() => document.body.dataset.appearance)).toBe("institution");
    expect(await textOf(page.locator(".csc-auth__site-name"))).toBe("Kathmandu Model College");
    expect(await primaryButtonColor(page)).toBe("rgb(14, 94, 156)");
  });

  it("gives the recruiter site its lighter theme with rounded buttons", async () => {
    await page.goto(`${origin("recruiter")}/login`);
    await page.locator("form#login").waitFor();
    expect(await page.evaluate(() => document.body.dataset.appearance)).toBe("recruiter");
    const radius = await page.getByTestId("login-submit").evaluate((button) => getComputedStyle(button).borderRadius);
    expect(Number.parseFloat(radius)).toBeGreaterThanOrEqual(20);
    expect(await page.locator('a[href="/register"]').count()).toBe(1);
  });

  it("resolves the institution from a /no-domain/<sub> path", async () => {
    await page.goto(`${origin()}/no-domain/kmc/login`);
    await page.locator("form#login").waitFor();
    expect(await textOf(page.locator(".csc-auth__site-name"))).toBe("Kathmandu Model College");
    expect(await primaryButtonColor(page)).toBe("rgb(14, 94, 156)");
    await page.goto(`${origin()}/no-domain/nowhere/login`);
    await page.waitForURL((url) => url.pathname === "/404");
  });

  it("offers learner sign-up on an institution's site with its fields", async () => {
    await page.goto(`${origin("kmc")}/register`);
    await page.locator("form#register").waitFor();
    for (const field of ["full_name", "email", "phone", "password", "password_confirmation"]) {
      expect(await page.locator(`#register_${field}`).count()).toBe(1);
    }
    // a bad phone is caught by the shared rule before anything is sent
    await page.locator("#register_phone").fill("call me");
    await page.locator("#register_phone").blur();
    await page.getByText("Phone number may contain only digits").waitFor();
  });
});

describe("maintenance mode", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ MAINTENANCE_MODE: "true" }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows only the maintenance page on every path of every site", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const paths = ["/", "/login", "/register", "/admin/dashboard", "/profile", "/404", "/no-domain/kmc/login"];
    for (const site of ["", "kmc", "recruiter", "nowhere"]) {
      for (const path of paths) {
        await page.goto(`${server.origin(site)}${path}`);
        await page.getByText("We'll be back soon!").waitFor();
        const lines = (await visibleText(page))
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        expect(lines, `${site || "root"} ${path}`).toEqual([
          "We'll be back soon!",
          "We're performing some maintenance at the moment. Please check back later.",
        ]);
      }
    }
    await context.close();
  });
});
