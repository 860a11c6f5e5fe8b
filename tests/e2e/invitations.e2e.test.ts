import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Mailbox, startMailbox } from "../../apps/api/test/mailbox";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, readMenu, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import {
  chooseField,
  confirmModal,
  expectToast,
  fieldError,
  fillField,
  rowAction,
  rowWith,
  save,
  searchList,
} from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * Invitations in the built app, with this file's own server mailing over SMTP to a real mailbox
 * on loopback: a college admin invites a student from the Invitations page, the student opens the
 * mailed link, chooses a password and lands signed in on their dashboard; a revoked invitation's
 * link is refused with a clear message. Every screen is clean under axe on a laptop and a phone.
 */
let mailbox: Mailbox;
let server: RunningServer;
const run = Date.now().toString(36).slice(-5);
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = "/tmp/csc-invitations";

async function checkScreen(page: Page, name: string) {
  for (const [size, viewport] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settleScreen(page);
    await page.screenshot({ path: `${SCREENSHOTS}-${name}-${size}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} on a ${size}`).toEqual([]);
  }
  await page.setViewportSize(LAPTOP);
}

describe("invitations", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const fresh = async () => {
    const context = await newContext(browser);
    contexts.push(context);
    return context.newPage();
  };
  const signedInAdmin = async () => {
    const page = await fresh();
    await page.goto(`${server.origin("kmc")}/login`);
    await fillLogin(page, "college.admin@example.com");
    await page.waitForURL((url) => url.pathname.startsWith("/admin"));
    return page;
  };
  const inviteStudent = async (page: Page, name: string, email: string) => {
    await page.goto(`${server.origin("kmc")}/admin/invitations/create`);
    await fillField(page, "full_name", name);
    await fillField(page, "email", email);
    await chooseField(page, "role", "Student", false);
    await save(page);
    await expectToast(page, `“${email}” was created.`);
    await page.waitForURL((url) => url.pathname === "/admin/invitations");
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ SMTP_URL: mailbox.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it("a college admin invites a student, who sets a password through the mailed link and lands signed in", async () => {
    const email = `invited.${run}@example.com`;
    const admin = await signedInAdmin();
    expect(await readMenu(admin)).toContain("Invitations");
    await admin.goto(`${server.origin("kmc")}/admin/invitations/create`);
    await checkScreen(admin, "create");
    // an address that has an account is refused under its field
    await fillField(admin, "full_name", "Somebody");
    await fillField(admin, "email", "student@example.com");
    await chooseField(admin, "role", "Student", false);
    await save(admin);
    await fieldError(admin, "email").waitFor();
    expect(await textOf(fieldError(admin, "email"))).toBe("This e-mail address already has an account.");

    await inviteStudent(admin, "Mina Thapa", email);
    await searchList(admin, email);
    await rowWith(admin, email).waitFor();
    await checkScreen(admin, "list");

    const link = await mailbox.linkTo(email, "/invitation");
    expect(link.host).toBe(new URL(server.origin("kmc")).host);
    const person = await fresh();
    await person.goto(link.toString());
    await person.locator("form#invitation").waitFor();
    await checkScreen(person, "accept");
    await person.locator("#invitation_password").fill("Invited#2026");
    await person.locator("#invitation_password_confirmation").fill("Invited#2026");
    await person.locator("form#invitation button[type=submit]").click();
    await person.waitForURL((url) => url.pathname === "/dashboard");
    expect(await readMenu(person)).toContain("Courses");
    const profile = await person.evaluate(async () => {
      const response = await fetch("/api/profile", {
        headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` },
      });
      return ((await response.json()) as { data: { email: string; role: string } }).data;
    });
    expect(profile).toEqual(expect.objectContaining({ email, role: "STUDENT" }));

    // the admin's list says when it was accepted
    const [row] = await api<{ accepted_at: string | null }[]>(admin, "GET", `/api/invitations?q=${email}`);
    expect(row?.accepted_at).toBeTruthy();
  });

  it("a revoked invitation's link is refused with a message that says so", async () => {
    const email = `revoked.${run}@example.com`;
    const admin = await signedInAdmin();
    await inviteStudent(admin, "Ram Karki", email);
    const link = await mailbox.linkTo(email, "/invitation");
    await searchList(admin, email);
    await rowAction(admin, email, "Delete");
    await confirmModal(admin);
    await expectToast(admin, `“${email}” was deleted.`);

    const person = await fresh();
    await person.goto(link.toString());
    await person.locator("#invitation_password").fill("Invited#2026");
    await person.locator("#invitation_password_confirmation").fill("Invited#2026");
    await person.locator("form#invitation button[type=submit]").click();
    const problem = person.getByTestId("invitation-problem");
    await problem.waitFor();
    expect(await textOf(problem)).toBe(
      "This invitation has expired or is no longer valid. Ask whoever invited you for a new one.",
    );
    expect(new URL(person.url()).pathname).toBe("/invitation");
    await checkScreen(person, "refused");
  });
});
