import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { expectToast } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * Saved postings: a learner saves a learning event from its card, finds it under "Saved" (after a
 * reload too) and on its own page, and takes it out there; the Saved list is clean under axe on a
 * laptop and on a 390 px phone.
 */

const LEARNER = { email: "learner@example.com", site: "" };
const LEARNING_EVENTS = "/job-trainings";
const SCREENSHOTS = "/tmp/csc-saved-postings";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

describe("saved postings", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const cardIds = (page: Page) =>
    page
      .locator('[data-testid="learner-card"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-posting-id")));

  async function expectAccessible(page: Page, shot: string, entry?: string) {
    await page.mouse.move(0, 0);
    await settleScreen(page, entry);
    await page.screenshot({ path: `${SCREENSHOTS}-${shot}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  }

  it("a learner saves a posting from its card, finds it under Saved, and takes it out on its page", async () => {
    const page = await context.newPage();
    await page.goto(`${server.origin(LEARNER.site)}/login`);
    await fillLogin(page, LEARNER.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    const list = `${server.origin(LEARNER.site)}${LEARNING_EVENTS}`;
    await page.goto(list);
    const cards = page.locator('[data-testid="learner-card"]');
    await cards.first().waitFor();
    const card = cards.first();
    const id = await card.getAttribute("data-posting-id");
    const title = await textOf(card.locator("h2, h3").first());

    await card.getByRole("button", { name: `Save ${title}`, exact: true }).click();
    await expectToast(page, `“${title}” is in your saved list. You will be reminded the day before it closes.`);
    const saved = card.getByRole("button", { name: `Saved: ${title} (press to remove it from your saved list)` });
    await saved.waitFor();
    expect(await textOf(saved)).toBe("Saved");

    // under "Saved": that posting alone of those on the page, and still after a reload
    await page.getByTestId("learner-scope").getByText("Saved", { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("scope") === "user-saved");
    await expect.poll(() => cardIds(page)).toEqual([id]);
    // a saved list holds what was kept whenever it takes place: no time tabs
    expect(await page.locator(".csc-time-tabs").count()).toBe(0);
    await page.reload();
    await expect.poll(() => cardIds(page)).toEqual([id]);
    await expectAccessible(page, "laptop", "learning-events");
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "phone");
    await page.setViewportSize(LAPTOP);
    const stored = await api<{ id: number }[]>(page, "GET", "/api/learning-events?scope=user-saved");
    expect(stored.map((row) => String(row.id))).toEqual([id]);

    // on its own page it says Saved, and taking it out there empties the list
    await cards.first().getByRole("link", { name: title }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/show/${id}`));
    const detailSaved = page.getByRole("button", { name: `Saved: ${title} (press to remove it from your saved list)` });
    await detailSaved.click();
    await expectToast(page, `“${title}” is no longer in your saved list.`);
    await page.getByRole("button", { name: `Save ${title}`, exact: true }).waitFor();
    await page.goto(`${list}?scope=user-saved`);
    await page.getByTestId("resource-empty").waitFor();
    expect(await textOf(page.getByTestId("resource-empty"))).toContain("You have not saved any postings here yet.");
  }, 180_000);
});
