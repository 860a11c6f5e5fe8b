import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { callApi, fillLogin, toastTexts } from "./support/app";
import { type RunningServer, startServer } from "./support/server";

/**
 * A learner edits their own profile and password at /profile. The story runs on a
 * server and database of its own, so that no other test's demo account is touched; the password
 * is put back at the end all the same.
 */
const STUDENT = { email: "student@example.com", site: "kmc" };
const NEW_PASSWORD = "Profile#E2e2027";
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The error shown under a form field. */
const errorUnder = (page: Page, inputId: string) =>
  page.locator(".ant-form-item", { has: page.locator(`#${inputId}`) }).locator(".ant-form-item-explain-error");

describe("a learner's own profile", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let password = e2eConfig.demoPassword;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    // the demo password again, as every other story expects it
    if (page && password !== e2eConfig.demoPassword) {
      await callApi(page, "POST", "/api/profile/password", {
        current_password: password,
        new_password: e2eConfig.demoPassword,
      }).catch(() => undefined);
    }
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const signIn = async (secret: string) => {
    await page.goto(`${server.origin(STUDENT.site)}/login`);
    await fillLogin(page, STUDENT.email, secret);
    await page.waitForSelector('[data-testid="side-menu"]');
  };

  it("refuses a bad phone under the field and saves nothing, then saves a good one that a reload shows", async () => {
    await signIn(password);
    await page.goto(`${server.origin(STUDENT.site)}/profile`);
    const phone = page.locator("#profile_phone");
    await phone.waitFor();
    const before = ((await callApi(page, "GET", "/api/profile")).body as { data: { phone: string | null } }).data.phone;

    await phone.fill("call me maybe");
    await page.getByTestId("profile-save").click();
    await expect
      .poll(() => errorUnder(page, "profile_phone").innerText())
      .toBe("Phone number may contain only digits, spaces, plus, minus and parentheses.");
    const unchanged = ((await callApi(page, "GET", "/api/profile")).body as { data: { phone: string | null } }).data;
    expect(unchanged.phone).toBe(before);

    await phone.fill("+977 (1) 441-2345");
    await expect.poll(() => errorUnder(page, "profile_phone").count()).toBe(0);
    // the keyboard saves too: Enter in a field submits the form
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/profile") && r.request().method() === "PATCH");
    await phone.press("Enter");
    const answer = await saved;
    expect(answer.status(), `${answer.request().postData()} ${await answer.text()}`).toBe(200);
    expect(await toastTexts(page)).toContain("Your profile has been saved.");

    await page.reload();
    await page.locator("#profile_phone").waitFor();
    await expect.poll(() => page.locator("#profile_phone").inputValue()).toBe("+977 (1) 441-2345");
    await page.screenshot({ path: join(e2eConfig.screenshotsDir, "profile-learner.png"), fullPage: true });
  });

  it("refuses a file that is no image under the photo, then uploads one, saves it and a reload shows it", async () => {
    await page.goto(`${server.origin(STUDENT.site)}/profile`);
    const photo = page.locator(".ant-form-item", { has: page.locator("#profile_photo") });
    await photo.waitFor();
    const file = photo.locator('input[type="file"]');
    await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await expect
      .poll(() => photo.locator(".csc-field-error").innerText())
      .toBe("Choose a PNG, JPEG, GIF or WebP image.");

    const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/uploads/photo"));
    await file.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") });
    expect((await uploaded).status()).toBe(201);
    await expect.poll(() => photo.locator(".csc-field-error").count()).toBe(0);
    const src = await photo.locator(".ant-avatar img").getAttribute("src");
    expect(src).toMatch(/\/api\/uploads\//);

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/profile") && r.request().method() === "PATCH");
    await page.getByTestId("profile-save").click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => photo.locator(".ant-avatar img").getAttribute("src")).toBe(src);
  });

  it("changes the password and signs in again with the new one", async () => {
    await page.goto(`${server.origin(STUDENT.site)}/profile`);
    const form = page.locator("form#change-password");
    await form.waitFor();
    await form.locator("#change-password_current_password").fill(password);
    await form.locator("#change-password_new_password").fill(NEW_PASSWORD);
    await form.locator("#change-password_confirm_password").fill(NEW_PASSWORD);
    await page.getByTestId("password-submit").click();
    expect(await toastTexts(page)).toContain(
      "Your password has been changed. Your other sessions have been signed out.",
    );
    password = NEW_PASSWORD;
    // this session goes on with the token the change answered
    expect((await callApi(page, "GET", "/api/profile")).status).toBe(200);

    await page.evaluate(() => localStorage.removeItem("csc-token"));
    await signIn(NEW_PASSWORD);
    expect(page.url()).not.toContain("/login");

    const restored = await callApi(page, "POST", "/api/profile/password", {
      current_password: NEW_PASSWORD,
      new_password: e2eConfig.demoPassword,
    });
    expect(restored.status).toBe(200);
    password = e2eConfig.demoPassword;
  });
});
