import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { origin, signIn, textOf, toastTexts } from "./support/app";

const COLLEGE_ADMIN = { email: "college.admin@example.com", site: "kmc" } as const;

async function expectSessionExpired(page: Page) {
  await page.waitForURL((url) => url.pathname === "/login");
  expect(await toastTexts(page)).toContain("Session expired.");
  expect(await page.evaluate(() => localStorage.getItem("csc-token"))).toBeNull();
}

describe("sessions", () => {
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

  it("shows 'Session expired.' and goes to /login when the token is removed", async () => {
    await signIn(page, COLLEGE_ADMIN);
    await page.evaluate(() => localStorage.removeItem("csc-token"));
    await page.reload();
    await expectSessionExpired(page);
  });

  it("shows 'Session expired.' and goes to /login when the token disappears while the app is open", async () => {
    await signIn(page, COLLEGE_ADMIN);
    await page.evaluate(() => localStorage.removeItem("csc-token"));
    await page.locator('[data-menu-name="courses"] a').click();
    await expectSessionExpired(page);
  });

  it("shows 'Session expired.' and goes to /login on a 401 from the API", async () => {
    await signIn(page, COLLEGE_ADMIN);
    // revoke the token behind the app's back, as an administrator or another tab would
    const status = await page.evaluate(async () => {
      const response = await fetch("/api/logout", {
        headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` },
      });
      return response.status;
    });
    expect(status).toBe(200);
    await page.reload();
    await expectSessionExpired(page);
  });

  it("shows 'Session expired.' when any API call answers 401 while the app is open", async () => {
    await signIn(page, COLLEGE_ADMIN);
    await page.route("**/api/meta", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ message: "Unauthorized" }),
      }),
    );
    await page.route("**/api/profile", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ message: "Unauthorized" }),
      }),
    );
    await page.reload();
    await expectSessionExpired(page);
  });

  it("never says 'Session expired.' on /login itself, nor on the other signed-out pages", async () => {
    await page.goto(`${origin("kmc")}/login`);
    await page.locator("form#login").waitFor();
    await page.waitForTimeout(1000);
    expect(await page.locator(".ant-notification-notice").count()).toBe(0);
    // moving between the signed-out pages inside the app
    for (const link of ['a[href="/forgot-password"]', 'a[href="/login"]', 'a[href="/register"]']) {
      await page.locator(link).first().click();
      await page.waitForTimeout(400);
    }
    await page.goto(`${origin("kmc")}/reset-password?token=abc`);
    await page.locator("form#reset-password").waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator(".ant-notification-notice").count()).toBe(0);
  });

  it("returns to the page that was asked for after signing in again", async () => {
    await page.goto(`${origin("kmc")}/admin/courses`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.locator("#login_email").fill(COLLEGE_ADMIN.email);
    await page.locator("#login_password").fill("CareerDemo#2026");
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname === "/admin/courses");
    expect(await textOf(page.locator(".csc-page-header__title"))).toBe("Courses");
  });
});
