import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { BIKRAM_SAMBAT_MONTHS } from "@csc/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, fillLogin, settledDialog } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { fieldOf, fillField, openInApp, save, searchList, settledPage } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * The small things users noticed: Bikram Sambat users pick dates in Bikram Sambat in
 * every picker (a form, a list filter, the dashboard); the focus comes back to a sensible place
 * after a dialog or a save; the Nepali header fits a 390 px phone; the assistant's button covers
 * no control; the Help page passes axe in both languages on a laptop and a phone. The calendar
 * option is changed on a server of this test's own.
 */

const COLLEGE_ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const RECRUITER: DemoAccount = { email: "recruiter.admin@example.com", site: "recruiter" };
const STUDENT: DemoAccount = { email: "student@example.com", site: "kmc" };
const SUPER_ADMIN: DemoAccount = { email: "superadmin@example.com", site: "" };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const BS_MONTHS = BIKRAM_SAMBAT_MONTHS["en-US"];
const NE_BS_MONTHS = BIKRAM_SAMBAT_MONTHS["np-NP"];

async function shoot(page: Page, name: string) {
  mkdirSync(e2eConfig.screenshotsDir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(e2eConfig.screenshotsDir, `${name}.png`) });
}

describe("the small things users noticed", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const signedIn = async (
    account: DemoAccount,
    { viewport = LAPTOP, language = "en-US" }: { viewport?: { width: number; height: number }; language?: string } = {},
  ) => {
    const context = await newContext(browser, { viewport, locale: "en-US" });
    contexts.push(context);
    await context.addInitScript((lng) => localStorage.setItem("i18nextLng", lng), language);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"], [data-testid="hamburger"]');
    return page;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  describe("Bikram Sambat in every date picker", () => {
    let page: Page;

    /** The open picker's header: its month and year, as the user reads them. */
    const pickerHeader = async () => {
      const panel = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").last();
      await panel.waitFor();
      return (await panel.locator(".ant-picker-header-view").first().innerText()).trim();
    };
    /** The header names a BS month and a BS year (this year is 2082 or 2083 BS; the dashboard starts five years back). */
    const expectBsHeader = (header: string) => {
      const month = BS_MONTHS.find((name) => header.includes(name));
      expect(month, header).toBeDefined();
      const year = Number(/(20\d\d)/.exec(header)?.[1]);
      expect(year - new Date().getFullYear(), header).toBeGreaterThanOrEqual(50);
      return { month: month as string, year };
    };

    beforeAll(async () => {
      page = await signedIn(COLLEGE_ADMIN);
      const status = await page.evaluate(async () => {
        localStorage.setItem("csc.calendar", "bikram-sambat");
        const response = await fetch("/api/profile", {
          method: "PATCH",
          headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}`, "Content-Type": "application/json" },
          body: JSON.stringify({ calendar: "bikram-sambat" }),
        });
        return response.status;
      });
      expect(status).toBe(200);
      await page.reload();
      await page.waitForSelector('[data-testid="side-menu"]');
    });

    it("a form's date: the grid is a BS month, and the day picked is that BS day", async () => {
      await openInApp(page, "/admin/courses/create");
      await fieldOf(page, "start_date").locator(".ant-picker").click();
      const { month, year } = expectBsHeader(await pickerHeader());
      const panel = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").last();
      // the cells are BS days: the 15th of the BS month on show, titled with its BS date
      const monthNumber = String(BS_MONTHS.indexOf(month) + 1).padStart(2, "0");
      const day = panel.locator(`td.ant-picker-cell-in-view[title="${year}-${monthNumber}-15"]`);
      await day.click();
      // a click that landed while the form re-rendered the panel under it is made again, for as
      // long as the panel is open and the input does not yet hold the day
      await expect
        .poll(async () => {
          const value = await fieldOf(page, "start_date").locator("input").first().inputValue();
          if (value !== `15 ${month} ${year}` && (await day.isVisible()))
            await day.click({ timeout: 2_000 }).catch(() => {});
          return value;
        })
        .toBe(`15 ${month} ${year}`);
      await shoot(page, "bs-picker-form");
    });

    it("a list's date filter: the range picker is in BS", async () => {
      await openInApp(page, "/admin/courses");
      await settledPage(page, "courses");
      const inline = page.locator(".csc-filter-bar .ant-picker");
      if (!(await inline.count())) await page.getByTestId("more-filters").click();
      await page.locator(".csc-filter-bar .ant-picker, .csc-filter-popover .ant-picker").first().click();
      expectBsHeader(await pickerHeader());
      await page.keyboard.press("Escape");
    });

    it("the dashboard's range: the range picker is in BS", async () => {
      await openInApp(page, "/admin/dashboard");
      await page.getByTestId("dashboard-range").first().click();
      expectBsHeader(await pickerHeader());
      await shoot(page, "bs-picker-dashboard");
      await page.keyboard.press("Escape");
    });

    it("in Nepali, the BS picker writes its months in Devanagari", async () => {
      // the calendar is the account's option: signing in again in Nepali keeps it
      const nepali = await signedIn(COLLEGE_ADMIN, { language: "np-NP" });
      await openInApp(nepali, "/admin/dashboard");
      await nepali.getByTestId("dashboard-range").first().click();
      const panel = nepali.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").last();
      await panel.waitFor();
      const header = (await panel.locator(".ant-picker-header-view").first().innerText()).trim();
      expect(
        NE_BS_MONTHS.some((name) => header.includes(name)),
        header,
      ).toBe(true);
      expect(header).toMatch(/[०-९]{4}/);
      await shoot(nepali, "bs-picker-dashboard-np");
    });
  });

  describe("the focus after a dialog or a save", () => {
    const focused = (page: Page) =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return {
          heading: active?.hasAttribute("data-page-heading") ?? false,
          label: active?.getAttribute("aria-label") ?? "",
          testId: active?.getAttribute("data-testid") ?? "",
          text: active?.textContent?.trim() ?? "",
        };
      });

    it("goes to the page's heading after a save, back to the row's menu or the button that opened a cancelled dialog, to 'select all' after clearing a selection, and to the heading after a deletion", async () => {
      const page = await signedIn(SUPER_ADMIN);
      const name = `Focus tag ${Date.now()}`;
      await openInApp(page, "/admin/tags/create");
      await fillField(page, "name", name);
      await save(page);
      await page.waitForURL((url) => url.pathname === "/admin/tags");
      await expect.poll(async () => (await focused(page)).heading).toBe(true);

      await searchList(page, name);
      const menu = page.getByRole("button", { name: `Actions for ${name}`, exact: true });
      await menu.click();
      await page
        .locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item", { hasText: "Delete" })
        .click();
      let modal = await settledDialog(page);
      await modal.locator(".ant-modal-footer .ant-btn").first().click();
      await modal.waitFor({ state: "hidden" });
      await expect.poll(async () => (await focused(page)).label).toBe(`Actions for ${name}`);

      // a dialog opened by a button: back to that button; clearing the selection: to "select all"
      await page.getByRole("checkbox", { name: `Select ${name}` }).check();
      await page.getByTestId("bulk-delete").click();
      modal = await settledDialog(page);
      await modal.locator(".ant-modal-footer .ant-btn").first().click();
      await modal.waitFor({ state: "hidden" });
      await expect.poll(async () => (await focused(page)).testId).toBe("bulk-delete");
      await page.getByTestId("bulk-bar").getByRole("button", { name: "Clear selection" }).click();
      await expect
        .poll(() =>
          page.evaluate(() => Boolean(document.activeElement?.closest(".ant-table-thead .ant-table-selection-column"))),
        )
        .toBe(true);

      await menu.focus();
      await page.keyboard.press("Enter");
      await page
        .locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item", { hasText: "Delete" })
        .click();
      modal = await settledDialog(page);
      await modal.locator(".ant-modal-footer .ant-btn-primary").click();
      await modal.waitFor({ state: "hidden" });
      await expect.poll(async () => (await focused(page)).heading).toBe(true);
    });

    it("comes back to the assistant's button when its panel closes", async () => {
      const page = await signedIn(COLLEGE_ADMIN);
      await page.getByTestId("assistant-button").click();
      await page.locator(".ant-drawer-open").waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(async () => (await focused(page)).testId).toBe("assistant-button");
    });
  });

  describe("the header on a 390 px phone, and the assistant's place", () => {
    /** Every control of the header lies inside the screen and shows whole. */
    const headerOverflow = (page: Page) =>
      page.evaluate((width) => {
        const problems: string[] = [];
        if (document.documentElement.scrollWidth > width) {
          problems.push(`page ${document.documentElement.scrollWidth}px wide`);
        }
        const header = document.querySelector(".csc-header") as HTMLElement;
        if (header.scrollWidth > header.clientWidth)
          problems.push(`header ${header.scrollWidth}px > ${header.clientWidth}px`);
        for (const control of header.querySelectorAll<HTMLElement>("button, a")) {
          const box = control.getBoundingClientRect();
          const name = control.getAttribute("aria-label") || control.textContent?.trim() || control.className;
          if (box.left < 0 || box.right > width) problems.push(`${name} at ${box.left}–${box.right}`);
          if (control.scrollWidth > control.clientWidth + 1) problems.push(`${name} clipped`);
        }
        return problems;
      }, PHONE.width);

    it.each([
      ["college admin", COLLEGE_ADMIN],
      ["recruiter", RECRUITER],
      ["learner", STUDENT],
      ["provider", SUPER_ADMIN],
    ] as const)("the Nepali header of a %s fits, with no control cut off", async (who, account) => {
      const page = await signedIn(account, { viewport: PHONE, language: "np-NP" });
      await settleScreen(page);
      expect(await headerOverflow(page)).toEqual([]);
      await shoot(page, `header-np-phone-${who.replace(" ", "-")}`);
    });

    it.each([
      ["phone", PHONE],
      ["laptop", LAPTOP],
    ] as const)("the assistant's button covers no control of a list with pagination (%s)", async (size, viewport) => {
      const page = await signedIn(COLLEGE_ADMIN, { viewport });
      await openInApp(page, "/admin/learners/students");
      await settledPage(page, "students");
      await page.locator(".ant-pagination").first().waitFor();
      // at the top, half-way and at the end of the list (pagination on show)
      const covered: string[] = [];
      for (const at of [0, 0.5, 1]) {
        await page.evaluate((share) => window.scrollTo(0, document.documentElement.scrollHeight * share), at);
        await page.waitForTimeout(300);
        if (at === 1) await shoot(page, `assistant-${size}-list`);
        const here = await page.evaluate(() => {
          const button = document.querySelector('[data-testid="assistant-button"]') as HTMLElement;
          const mine = button.getBoundingClientRect();
          // what lies under the sticky header is hidden by the header itself, not by the button
          const headerBottom = (document.querySelector(".csc-header") as HTMLElement).getBoundingClientRect().bottom;
          const covers = (box: DOMRect) => {
            const top = Math.max(box.top, mine.top, headerBottom);
            const bottom = Math.min(box.bottom, mine.bottom);
            const left = Math.max(box.left, mine.left);
            const right = Math.min(box.right, mine.right);
            return box.width > 0 && box.height > 0 && bottom > top && right > left;
          };
          return [
            ...document.querySelectorAll<HTMLElement>(
              "#main-content button, #main-content a, #main-content input, #main-content .ant-pagination li, #main-content .ant-select",
            ),
          ]
            .filter((control) => covers(control.getBoundingClientRect()))
            .map((control) => control.getAttribute("aria-label") || control.textContent?.trim() || control.className);
        });
        covered.push(...here.map((name) => `${at}: ${name}`));
      }
      expect(covered).toEqual([]);
    });
  });

  it.each(["en-US", "np-NP"])(
    "a recruiter's dashboard (%s) opens on their postings, applicants and hires, not learner metrics",
    async (language) => {
      const page = await signedIn(RECRUITER, { language });
      await page.locator('[data-testid="recruiting-cards"] [data-testid="metric-value"]').first().waitFor();
      await settleScreen(page);
      const cards = await page
        .locator('[data-testid="dashboard-insights"] [data-testid="metric"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-metric")));
      expect(cards).toEqual(["postingsOpen", "applicants", "hires", "internshipJobsApplied", "trainingJoined"]);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `recruiter-dashboard-${language}`);
    },
  );

  describe("the Help page passes axe", () => {
    it.each([
      ["college admin", "en-US", "laptop", COLLEGE_ADMIN, "/admin/help", LAPTOP],
      ["college admin", "en-US", "phone", COLLEGE_ADMIN, "/admin/help", PHONE],
      ["college admin", "np-NP", "laptop", COLLEGE_ADMIN, "/admin/help", LAPTOP],
      ["college admin", "np-NP", "phone", COLLEGE_ADMIN, "/admin/help", PHONE],
      ["learner", "en-US", "phone", STUDENT, "/help", PHONE],
      ["learner", "np-NP", "laptop", STUDENT, "/help", LAPTOP],
    ] as const)("for a %s, in %s on a %s", async (who, language, _size, account, path, viewport) => {
      const page = await signedIn(account, { viewport, language });
      await openInApp(page, path);
      await page.getByTestId("tutorial-card").first().waitFor();
      await settleScreen(page);
      expect(await seriousViolations(page)).toEqual([]);
      // and nothing of any impact, WCAG 2.1 A and AA and axe's best practices (one h1, headings in order)
      const all = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      expect(
        all.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
      if (viewport === PHONE) await shoot(page, `help-${who.replace(" ", "-")}-${language}-phone`);
    });
  });
});
