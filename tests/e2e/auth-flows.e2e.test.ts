import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Mailbox, startMailbox } from "../../apps/api/test/mailbox";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, textOf, toastTexts } from "./support/app";
import { confirmModal, expectToast, rowAction, searchList } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * This file's own server sends its mail over SMTP to a real mailbox on loopback, where the
 * links are read as the person they are for would read them: the outbox shows nobody a link.
 */
let mailbox: Mailbox;
let server: RunningServer;
const origin = (site = "") => server.origin(site);
const mailedLink = async (to: string, path: "/verify-email" | "/reset-password") =>
  (await mailbox.linkTo(to, path)).toString();

describe("sign-up, e-mail verification and password reset", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `e2e.learner.${Date.now()}@example.com`;
  const password = "Learning2026";

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ SMTP_URL: mailbox.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await newContext(browser);
    page = await context.newPage();
  });

  it("registers a learner on the college's site with a success toast", async () => {
    await page.goto(`${origin("kmc")}/register`);
    await page.locator("#register_full_name").fill("Asha Gurung");
    await page.locator("#register_email").fill(email);
    await page.locator("#register_phone").fill("+977 (01) 4412345");
    await page.locator("#register_password").fill(password);
    await page.locator("#register_password_confirmation").fill(password);
    await page.locator("form#register button[type=submit]").click();
    await page.getByText("Check your e-mail").first().waitFor();
    expect((await toastTexts(page)).join("\n")).toMatch(/verify|e-mail|email/i);
  });

  it("tells an unverified learner to verify the e-mail, without an error toast", async () => {
    await page.goto(`${origin("kmc")}/login`);
    await fillLogin(page, email, password);
    await page.getByTestId("email-not-verified").waitFor();
    expect(await textOf(page.getByTestId("email-not-verified"))).toContain(email);
    expect(await page.locator(".ant-notification-notice-error").count()).toBe(0);
  });

  it("verifies the e-mail from the mailed link; the college's staff approve the learner, who then signs in", async () => {
    const link = await mailedLink(email, "/verify-email");
    await page.goto(link);
    await page.getByText("Your e-mail is verified").waitFor();
    await page.goto(`${origin("kmc")}/login`);
    await fillLogin(page, email, password);
    // the demo college approves who joins its site: until its staff do, the learner waits
    await page.getByTestId("pending-approval").waitFor();
    expect(await textOf(page.getByTestId("pending-approval"))).toContain("waiting for the staff's approval");

    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    await staff.goto(`${origin("kmc")}/login`);
    await fillLogin(staff, "college.admin@example.com");
    await staff.waitForURL((url) => url.pathname.startsWith("/admin"));
    await staff.goto(`${origin("kmc")}/admin/join-requests`);
    await searchList(staff, email);
    await rowAction(staff, "Asha Gurung", "Approve");
    await confirmModal(staff);
    await expectToast(staff, /approved/);
    await staffContext.close();
    // and the learner is told by e-mail
    await expect
      .poll(() => mailbox.received.some((mail) => mail.to.includes(email) && /approved/.test(mail.text)))
      .toBe(true);

    await fillLogin(page, email, password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
  });

  it("resets a forgotten password from the mailed link", async () => {
    await page.goto(`${origin("kmc")}/forgot-password`);
    await page.locator("#forgot-password_email").fill(email);
    await page.locator("form#forgot-password button[type=submit]").click();
    await page.locator(".ant-notification-notice-success").waitFor();
    const link = await mailedLink(email, "/reset-password");
    await page.goto(link);
    await page.locator("#reset-password_password").fill("NewLearning2027");
    await page.locator("#reset-password_password_confirmation").fill("NewLearning2027");
    await page.locator("form#reset-password button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.locator(".ant-notification-notice-success").waitFor();
    await fillLogin(page, email, "NewLearning2027");
    await page.waitForURL((url) => url.pathname === "/dashboard");
  });

  it("shows a bad reset link's error and the server's toast", async () => {
    await page.goto(`${origin("kmc")}/reset-password?token=not-a-real-token`);
    await page.locator("#reset-password_password").fill("NewLearning2027");
    await page.locator("#reset-password_password_confirmation").fill("NewLearning2027");
    await page.locator("form#reset-password button[type=submit]").click();
    await page.locator(".ant-notification-notice-error").waitFor();
    await page.locator(".ant-alert-error").waitFor();
  });

  it("puts each server field error under its own field", async () => {
    await page.route("**/api/auth/register", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Please correct the highlighted fields.",
          errors: { email: "This e-mail address cannot be used.", full_name: "Too long." },
        }),
      }),
    );
    await page.goto(`${origin("kmc")}/register`);
    await page.locator("#register_full_name").fill("Asha Gurung");
    await page.locator("#register_email").fill("someone@example.com");
    await page.locator("#register_password").fill(password);
    await page.locator("#register_password_confirmation").fill(password);
    await page.locator("form#register button[type=submit]").click();
    expect((await toastTexts(page)).join("\n")).toContain("Please correct the highlighted fields.");
    await page.locator("#register_email_help").getByText("This e-mail address cannot be used.").waitFor();
    await page.locator("#register_full_name_help").getByText("Too long.").waitFor();
  });

  it("refuses an address outside the demo company's domain under the e-mail field", async () => {
    await page.goto(`${origin("himal")}/register`);
    await page.getByText("Use your address at himal.example.com.").waitFor();
    await page.locator("#register_full_name").fill("Sita Lama");
    await page.locator("#register_email").fill("sita.lama@gmail.com");
    await page.locator("#register_password").fill(password);
    await page.locator("#register_password_confirmation").fill(password);
    await page.locator("form#register button[type=submit]").click();
    await page
      .locator("#register_email_help")
      .getByText("Only addresses of himal.example.com may register on this site.")
      .waitFor();
  });

  it("offers no sign-up on a closed site, saying whom to ask", async () => {
    // a new institution is closed until it chooses otherwise
    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    await staff.goto(`${origin()}/login`);
    await fillLogin(staff, "superadmin@example.com");
    await staff.waitForURL((url) => url.pathname.startsWith("/admin"));
    await api(staff, "POST", "/api/institutions", {
      name: "Pokhara Polytechnic",
      subdomain: "pokhara",
      type: "college",
      primary_color: "#123456",
      secondary_color: "#654321",
    });
    await staffContext.close();
    // its sign-in offers no sign-up, and its sign-up page says whom to ask (the API refuses too)
    await page.goto(`${origin("pokhara")}/login`);
    await page.locator("form#login").waitFor();
    expect(await page.locator('a[href="/register"]').count()).toBe(0);
    await page.goto(`${origin("pokhara")}/register`);
    await page.getByTestId("registration-closed-site").waitFor();
    expect(await textOf(page.getByTestId("registration-closed-site"))).toContain("This site does not take sign-ups");
    expect(await page.locator("form#register").count()).toBe(0);
  });

  it("sends a recruiter company's registration for approval", async () => {
    await page.goto(`${origin("recruiter")}/register`);
    await page.locator("#register_company_name").fill("Annapurna Hiring Pvt. Ltd.");
    await page.locator("#register_full_name").fill("Rohan Shrestha");
    await page.locator("#register_email").fill(`e2e.recruiter.${Date.now()}@example.com`);
    await page.locator("#register_phone").fill("9801234567");
    await page.locator("#register_website").fill("annapurna-hiring.example.com");
    await page.locator("#register_password").fill(password);
    await page.locator("#register_password_confirmation").fill(password);
    await page.locator("form#register button[type=submit]").click();
    await page.getByText("Request received").waitFor();
    await page.locator(".ant-notification-notice-success").waitFor();
  });
});
