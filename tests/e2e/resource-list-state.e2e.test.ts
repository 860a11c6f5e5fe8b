import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { origin, signIn, textOf } from "./support/app";
import { chooseOption, rowWith } from "./support/resources";

const SUPERADMIN = { email: "superadmin@example.com", site: "" } as const;

const columnTexts = async (page: Page, index: number) =>
  page.locator(`[data-testid="resource-table"] .ant-table-row td:nth-child(${index})`).allInnerTexts();
const headers = (page: Page) => page.locator('[data-testid="resource-table"] thead th').allInnerTexts();
const quickFilter = (page: Page, label: string) =>
  page.locator(".csc-filter-bar .ant-select", { has: page.locator(`input[aria-label="${label}"]`) });

describe("a list's state lives in the address", () => {
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
    await signIn(page, SUPERADMIN);
  });

  it("filters, sorts and keeps both across a reload", async () => {
    await page.goto(`${origin()}/admin/courses`);
    await rowWith(page, "").first().waitFor();
    await chooseOption(page, quickFilter(page, "Category"), "Job Placement", false);
    await page.waitForURL((url) => decodeURIComponent(url.search).includes("[field]=category"));
    await page.getByRole("button", { name: "Title: Sort ascending" }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes("[field]=title"));
    await expect.poll(async () => new Set(await columnTexts(page, 4))).toEqual(new Set(["Job Placement"]));
    // the filtered rows may show a moment before the sorted ones replace them
    const sorted = (texts: string[]) =>
      texts.every((text, i) => i === 0 || (texts[i - 1] ?? "").localeCompare(text) <= 0);
    await expect.poll(async () => sorted(await columnTexts(page, 3))).toBe(true);
    const titles = await columnTexts(page, 3);
    expect(titles.length).toBeGreaterThan(1);

    await page.reload();
    await rowWith(page, "").first().waitFor();
    expect(await textOf(quickFilter(page, "Category").locator(".ant-select-selection-item"))).toBe("Job Placement");
    expect(await columnTexts(page, 3)).toEqual(titles);
    // the search box and "Clear filters" bring everything back
    await page.getByTestId("clear-filters").click();
    await expect.poll(async () => new Set(await columnTexts(page, 4)).size).toBeGreaterThan(1);
  });

  it("shows and hides columns, and remembers the choice per resource", async () => {
    await page.goto(`${origin()}/admin/courses`);
    await rowWith(page, "").first().waitFor();
    expect(await headers(page)).toContain("Delivery mode");
    await page.getByTestId("column-chooser").click();
    await page.locator(".csc-column-chooser .ant-checkbox-wrapper", { hasText: "Delivery mode" }).click();
    await page.locator(".csc-column-chooser .ant-checkbox-wrapper", { hasText: "Grading type" }).click();
    await expect.poll(() => headers(page)).not.toContain("Delivery mode");
    expect(await headers(page)).toContain("Grading type");
    await page.reload();
    await rowWith(page, "").first().waitFor();
    expect(await headers(page)).not.toContain("Delivery mode");
    expect(await headers(page)).toContain("Grading type");
    // another resource keeps its own columns
    await page.goto(`${origin()}/admin/external-program`);
    await rowWith(page, "").first().waitFor();
    expect(await headers(page)).toContain("Delivery mode");
  });

  it("switches the time filter tabs through ?type=", async () => {
    await page.goto(`${origin()}/admin/job-trainings?type=ongoing`);
    await rowWith(page, "").first().waitFor();
    expect(await textOf(page.locator(".csc-time-tabs .ant-tabs-tab-active"))).toBe("Ongoing");
    const upcoming = page.waitForRequest(
      (request) => request.url().includes("/api/learning-events?") && request.url().includes("type=upcoming"),
    );
    await page.getByRole("tab", { name: "Upcoming" }).click();
    await upcoming;
    await page.waitForURL((url) => url.searchParams.get("type") === "upcoming");
    await page.reload();
    expect(await textOf(page.locator(".csc-time-tabs .ant-tabs-tab-active"))).toBe("Upcoming");
  });

  it("exports the filtered list as CSV with the bearer token and records it in Download Logs", async () => {
    await page.goto(`${origin()}/admin/tags`);
    await rowWith(page, "").first().waitFor();
    const exported = page.waitForRequest((request) => request.url().includes("/api/tags/export"));
    const download = page.waitForEvent("download");
    await page.getByTestId("resource-export").click();
    expect((await exported).headers().authorization).toMatch(/^Bearer /);
    expect((await download).suggestedFilename()).toBe("tags.csv");
    await page.goto(`${origin()}/admin/activity-logs/download-logs`);
    await rowWith(page, "tags").first().waitFor();
  });
});
