import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { api, type DemoAccount, fillLogin, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { openInApp } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The notification centre on the built app: a student applies to a job of their college, whose
 * admin hears of the new applicant under the bell; the admin moves the application, and the
 * student hears of the new stage only once the undo window has passed, without reloading the
 * page; following the notification opens the posting and the count drops. The bell's panel, the
 * notifications page and the settings are clean under axe on a laptop and a 390 px phone, in
 * English and in Nepali, on the college's light site and the provider's dark console.
 */

const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const COLLEGE: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const PROVIDER: DemoAccount = { email: "superadmin@example.com", site: "" };
const UNDO_SECONDS = 2;
const SHOTS = join(e2eConfig.screenshotsDir, "notifications");

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

describe("the notification centre", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ PIPELINE_UNDO_SECONDS: String(UNDO_SECONDS) });
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  /** A fresh browser signed in as the account, in the given size and interface language. */
  const signedIn = async (account: DemoAccount, { viewport = LAPTOP, language = "en-US" } = {}) => {
    const context = await newContext(browser, { viewport, locale: language === "np-NP" ? "ne-NP" : "en-US" });
    contexts.push(context);
    await context.addInitScript((code) => localStorage.setItem("i18nextLng", code), language);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await page.waitForSelector("form#login", { timeout: 60_000 });
    await fillLogin(page, account.email);
    // a phone keeps the side menu in a drawer: the bell is in the header on every size
    await page.getByTestId("notification-bell").waitFor({ timeout: 60_000 });
    return page;
  };

  const bellOf = (page: Page) => page.getByTestId("notification-bell");
  const bellName = (page: Page) => bellOf(page).getAttribute("aria-label");
  /** The window coming back from another application: the bell asks again, the page stays. */
  const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("focus")));

  /** Opens the bell and waits for its list, or its empty state. */
  async function openBell(page: Page): Promise<Locator> {
    await bellOf(page).click();
    const panel = page.getByTestId("notification-panel");
    await panel.getByTestId("notification").first().or(panel.getByTestId("bell-empty")).waitFor();
    return panel;
  }

  /** Settled, a screenshot to look at, and nothing serious under axe. */
  async function expectClean(page: Page, shot: string) {
    await settleScreen(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SHOTS, `${shot}.png`) });
    expect(await seriousViolations(page), shot).toEqual([]);
  }

  /** A published job of the college, open for twenty days. */
  const postJob = (college: Page, title: string) =>
    api<{ id: number; title: string }>(college, "POST", "/api/job-opportunities", {
      title,
      job_type: "internship",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      publish_status: true,
    });

  /** The student applies to the job; the id of their application, as the college reads it. */
  async function applied(student: Page, college: Page, jobId: number): Promise<number> {
    await api(student, "POST", `/api/job-opportunities/${jobId}/apply`, {});
    const rows = await api<{ id: number; email: string }[]>(
      college,
      "GET",
      `/api/applications?job_opportunity_id=${jobId}&_start=0&_end=10`,
    );
    const application = rows.find((row) => row.email === STUDENT.email);
    if (!application) throw new Error(`the college does not see the student's application to ${jobId}`);
    return application.id;
  }

  /** The open panel lies whole inside the screen. */
  const panelBox = (page: Page) =>
    page.getByTestId("notification-panel").evaluate((panel) => {
      const { left, right, top, bottom } = panel.getBoundingClientRect();
      return { left, right, top, bottom, width: window.innerWidth, height: window.innerHeight };
    });

  it("tells the college of the applicant, and the student of the new stage once the undo window is over", async () => {
    const [college, student] = await Promise.all([signedIn(COLLEGE), signedIn(STUDENT)]);
    const job = await postJob(college, `Bell ringer ${Date.now().toString(36)}`);
    const me = await api<{ data: { full_name: string } }>(student, "GET", "/api/profile");
    const application = await applied(student, college, job.id);

    // the college's admin: "New applicant", once the window comes back
    await expect
      .poll(async () => {
        await refocus(college);
        return bellName(college);
      })
      .toBe("Notifications, 1 unread");
    expect(await textOf(bellOf(college).getByTestId("notification-count"))).toBe("1");
    const collegePanel = await openBell(college);
    const applicant = collegePanel.getByTestId("notification").first();
    expect(await applicant.getAttribute("data-unread")).toBe("true");
    expect(await textOf(applicant.locator(".csc-notice__title"))).toBe("Unread: New applicant");
    expect(await textOf(applicant.locator(".csc-notice__body"))).toBe(`${me.data.full_name} applied to ${job.title}.`);
    await expectClean(college, "staff-bell-open-laptop");

    // the admin moves the application: nothing reaches the student while it may be undone
    await api(college, "POST", "/api/applications/bulk", { ids: [application], stage: "shortlisted" });
    await refocus(student);
    expect(await api(student, "GET", "/api/notifications/unread-count")).toEqual({ data: { count: 0 } });
    expect(await bellName(student)).toBe("Notifications");

    // once the window is over, the bell rings when the window comes back: no reload
    const loads: string[] = [];
    student.on("load", () => loads.push(student.url()));
    await expect
      .poll(
        async () => {
          await refocus(student);
          return bellName(student);
        },
        { timeout: (UNDO_SECONDS + 15) * 1000, interval: 500 },
      )
      .toBe("Notifications, 1 unread");
    expect(loads).toEqual([]);
    const panel = await openBell(student);
    const moved = panel.getByTestId("notification").first();
    expect(await textOf(moved.locator(".csc-notice__title"))).toBe("Unread: Your application was updated");
    expect(await textOf(moved.locator(".csc-notice__body"))).toBe(`${job.title}: now Shortlisted.`);
    await expectClean(student, "bell-open-kmc-laptop");

    // following it opens the posting, and the count drops
    await moved.getByRole("link").click();
    await student.waitForURL((url) => url.pathname === `/job-opportunities/show/${job.id}`);
    await student.getByRole("heading", { level: 1, name: job.title }).waitFor();
    expect(await student.getByTestId("notification-panel").count()).toBe(0);
    await expect.poll(() => bellName(student)).toBe("Notifications");

    // the admin follows theirs to the posting's staff page, then marks the rest read from the list
    await applicant.getByRole("link").click();
    await college.waitForURL((url) => url.pathname === `/admin/job-opportunities/show/${job.id}`);
    await expect.poll(() => bellName(college)).toBe("Notifications");
  }, 180_000);

  it("marks one and all read on the page, and keeps the filter in the address", async () => {
    const [college, student] = await Promise.all([signedIn(COLLEGE), signedIn(STUDENT)]);
    // two pieces of news for the student: the college moves a new application of theirs twice
    const job = await postJob(college, `Twice moved ${Date.now().toString(36)}`);
    const application = await applied(student, college, job.id);
    for (const stage of ["shortlisted", "final_interview"]) {
      await api(college, "POST", "/api/applications/bulk", { ids: [application], stage });
    }
    await expect
      .poll(
        async () => {
          await refocus(student);
          return bellName(student);
        },
        { timeout: (UNDO_SECONDS + 15) * 1000, interval: 500 },
      )
      .toBe("Notifications, 2 unread");

    await openBell(student);
    await student.getByTestId("bell-see-all").click();
    await student.waitForURL((url) => url.pathname === "/notifications");
    const list = student.getByTestId("notifications-list");
    await list.waitFor();
    await student.getByTestId("notifications-filter").getByText("Unread", { exact: true }).click();
    await student.waitForURL((url) => url.searchParams.get("filter") === "unread");
    await expect.poll(() => list.getByTestId("notification").count()).toBe(2);
    await expectClean(student, "page-unread-kmc-laptop");

    await list.getByTestId("notification-mark-read").first().click();
    await expect.poll(() => list.getByTestId("notification").count()).toBe(1);
    await expect.poll(() => bellName(student)).toBe("Notifications, 1 unread");
    await student.getByRole("button", { name: "Mark all as read" }).click();
    await student.getByTestId("notifications-empty").waitFor();
    expect(await textOf(student.getByTestId("notifications-empty"))).toContain("You have read every notification.");
    await expect.poll(() => bellName(student)).toBe("Notifications");

    // a reload shows the same view
    await student.reload();
    await student.getByTestId("notifications-empty").waitFor();
    expect(new URL(student.url()).searchParams.get("filter")).toBe("unread");
  }, 180_000);

  it("is clean under axe: the open bell, the page and the settings, on a laptop and a 390 px phone", async () => {
    const found: string[] = [];
    const check = async (page: Page, shot: string) => {
      await settleScreen(page);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SHOTS, `${shot}.png`) });
      for (const line of await seriousViolations(page)) found.push(`${shot} — ${line}`);
    };
    const cases = [
      { account: STUDENT, language: "en-US", size: "laptop", viewport: LAPTOP, site: "kmc" },
      { account: STUDENT, language: "en-US", size: "phone", viewport: PHONE, site: "kmc" },
      { account: STUDENT, language: "np-NP", size: "phone", viewport: PHONE, site: "kmc" },
      { account: COLLEGE, language: "en-US", size: "phone", viewport: PHONE, site: "kmc" },
      { account: PROVIDER, language: "en-US", size: "laptop", viewport: LAPTOP, site: "provider" },
      { account: PROVIDER, language: "np-NP", size: "phone", viewport: PHONE, site: "provider" },
    ] as const;
    for (const { account, language, size, viewport, site } of cases) {
      const who = `${account.email.split("@")[0]}-${site}-${language}-${size}`;
      const page = await signedIn(account, { viewport, language });
      await openBell(page);
      const box = await panelBox(page);
      expect(box.left, who).toBeGreaterThanOrEqual(0);
      expect(box.right, who).toBeLessThanOrEqual(box.width);
      expect(box.bottom, who).toBeLessThanOrEqual(box.height);
      await check(page, `bell-open-${who}`);
      // Escape closes it and gives the bell the focus back
      await page.keyboard.press("Escape");
      await page.getByTestId("notification-panel").waitFor({ state: "detached" });
      expect(await bellOf(page).evaluate((bell) => bell === document.activeElement), who).toBe(true);

      await openInApp(page, "/notifications");
      await page.getByTestId("notifications-page").waitFor();
      await page.getByTestId("notifications-list").or(page.getByTestId("notifications-empty")).waitFor();
      await check(page, `page-${who}`);

      await page.getByTestId("notification-settings-link").click();
      await page.getByTestId("notification-kind").first().waitFor();
      await check(page, `settings-${who}`);
      await page.context().close();
    }
    expect(found, found.join("\n")).toEqual([]);
  }, 300_000);

  it("saves the settings from the page, and the language switch keeps the mail's language", async () => {
    const student = await signedIn(STUDENT);
    await openInApp(student, "/notifications/settings");
    const row = student.locator('[data-testid="notification-kind"][data-kind="certificate-issued"]');
    await row.getByRole("switch", { name: "Show under the bell" }).click();
    await student.getByTestId("notification-settings-save").click();
    const toast = student.locator(".ant-notification-notice", { hasText: "Your notification settings are saved." });
    await toast.waitFor();
    const saved = await api<{ data: Record<string, { in_app: boolean }> }>(
      student,
      "GET",
      "/api/profile/notification-preferences",
    );
    expect(saved.data["certificate-issued"]?.in_app).toBe(false);
    // the toast sits over the header's right end: closed, it uncovers the language switcher
    await toast.locator(".ant-notification-notice-close").click();
    await toast.waitFor({ state: "detached" });

    // switching to Nepali tells the API, so that the next mail is in Nepali
    const [request] = await Promise.all([
      student.waitForRequest(
        (sent) => sent.method() === "PATCH" && sent.url().endsWith("/api/profile/notification-preferences"),
      ),
      (async () => {
        await student.getByTestId("language-switcher").click();
        await student.locator('[data-language="np-NP"]').click();
      })(),
    ]);
    expect(request.postDataJSON()).toEqual({});
    expect(request.headers()["accept-language"]).toBe("np-NP");
    expect((await request.response())?.status()).toBe(200);
    await student.getByRole("heading", { level: 1, name: "सूचना सेटिङ" }).waitFor();
  }, 120_000);
});
