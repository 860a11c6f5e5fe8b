import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin, settledDialog, textOf } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { expectToast, searchList } from "./support/resources";
import { type RunningServer, startServer } from "./support/server";

/**
 * Saved searches (DESIGN §5b "Engagement"): college staff filter and sort the students list, save
 * it shared with their college, and a colleague applies it to the same rows; a learner saves a
 * search of learning events with a daily alert, finds it again after a reload and applies it. The
 * open control and its dialog are clean under axe on a laptop and on a 390 px phone.
 */

const COLLEGE_ADMIN = { email: "college.admin@example.com", site: "kmc" };
const COLLEGE_EDITOR = { email: "college.editor@example.com", site: "kmc" };
const LEARNER = { email: "learner@example.com", site: "" };
const STUDENTS = "/admin/learners/students";
const LEARNING_EVENTS = "/job-trainings";
const SCREENSHOTS = "/tmp/csc-saved-searches";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

describe("saved searches", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (account: { email: string; site: string }) => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.origin(account.site)}/login`);
    await fillLogin(page, account.email);
    await page.waitForSelector('[data-testid="side-menu"]');
    return page;
  };

  /** Opens "Saved searches" and waits for its searches (or its empty state) to be there. */
  async function openSavedSearches(page: Page): Promise<Locator> {
    await page.getByTestId("saved-searches").click();
    const panel = page.getByTestId("saved-searches-panel");
    await panel.waitFor();
    await panel.locator(".ant-skeleton").waitFor({ state: "detached" });
    return panel;
  }

  /** Settled, a screenshot, and nothing serious under axe. */
  async function expectAccessible(page: Page, shot: string, entry?: string) {
    // the pointer rests on the button it pressed: a hover colour is not the page's own
    await page.mouse.move(0, 0);
    await settleScreen(page, entry);
    await page.screenshot({ path: `${SCREENSHOTS}-${shot}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  }

  /** The open control, then its save dialog, each clean under axe; the dialog left by Cancel. */
  async function expectControlAccessible(page: Page, shot: string, entry?: string) {
    await openSavedSearches(page);
    await expectAccessible(page, `${shot}-open`, entry);
    await page.getByTestId("saved-search-save").click();
    const dialog = await settledDialog(page);
    await expectAccessible(page, `${shot}-dialog`, entry);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  }

  const rowKeys = (page: Page) =>
    page
      .locator('[data-testid="resource-table"] .ant-table-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-key")));

  /** "Save current search…" of the open `panel` under `name`, the dialog's other choices made by `choose`, until it is saved. */
  async function saveCurrentSearch(
    page: Page,
    panel: Locator,
    name: string,
    choose?: (dialog: Locator) => Promise<void>,
  ) {
    await panel.getByRole("button", { name: "Save current search…" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Name").fill(name);
    await choose?.(dialog);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, `“${name}” was saved.`);
    await dialog.waitFor({ state: "hidden" });
  }

  /** Searches a learner's list for a word of its first card's title (the search then finds that card). */
  async function searchForAWordOfTheFirstCard(page: Page, cards: Locator): Promise<string> {
    const title = await textOf(cards.first().locator("h2, h3").first());
    const word = title.split(/[^\p{L}\p{N}]+/u).find((part) => part.length > 3) ?? title;
    const search = page.getByTestId("learner-search");
    await search.fill(word);
    await search.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === word);
    return word;
  }

  it("staff save a filtered, sorted students list for their college, and a colleague applies it to the same rows", async () => {
    const [admin, editor] = await Promise.all([signedIn(COLLEGE_ADMIN), signedIn(COLLEGE_EDITOR)]);
    const [first] = await api<{ full_name: string }[]>(admin, "GET", "/api/students?_sort=full_name&_end=1");
    const word = (first?.full_name ?? "").split(" ")[0] ?? "";
    const name = `Students called ${word}, by name`;

    await admin.goto(`${server.origin("kmc")}${STUDENTS}`);
    await admin.locator('[data-testid="resource-table"] .ant-table-row').first().waitFor();
    await expectControlAccessible(admin, "staff", "students");
    await searchList(admin, word);
    await admin
      .getByRole("button", { name: "Full name: Sort descending" })
      .or(admin.getByRole("button", { name: "Full name: Sort ascending" }))
      .click();
    await admin.waitForURL((url) => decodeURIComponent(url.search).includes("sorters[0][field]=full_name"));
    await expect.poll(() => rowKeys(admin)).not.toEqual([]);
    const filtered = await rowKeys(admin);

    const panel = await openSavedSearches(admin);
    expect(await textOf(panel.getByTestId("saved-searches-empty"))).toContain("No saved searches");
    await saveCurrentSearch(admin, panel, name, (dialog) =>
      dialog.getByRole("checkbox", { name: "Share with my institution" }).check(),
    );

    // the colleague opens the list as it comes, and applies the shared search
    await editor.goto(`${server.origin("kmc")}${STUDENTS}`);
    await editor.locator('[data-testid="resource-table"] .ant-table-row').first().waitFor();
    expect(await rowKeys(editor)).not.toEqual(filtered);
    const shared = (await openSavedSearches(editor)).getByTestId("saved-search").filter({ hasText: name });
    expect(await textOf(shared.getByTestId("saved-search-shared"))).toBe("Shared with you");
    expect(await shared.getByTestId("saved-search-delete").count()).toBe(0);
    await shared.getByRole("button", { name, exact: true }).click();
    await editor.waitForURL((url) => decodeURIComponent(url.search).includes(`filters[0][value]=${word}`));
    await expect.poll(() => rowKeys(editor)).toEqual(filtered);
    expect(await editor.getByTestId("resource-search").inputValue()).toBe(word);

    // and on a phone, the control and its dialog stay usable and clean
    await admin.setViewportSize(PHONE);
    await expectControlAccessible(admin, "staff-phone");
    await admin.setViewportSize(LAPTOP);
  }, 180_000);

  it("a learner saves a search of learning events with a daily alert, and applies it after a reload", async () => {
    const learner = await signedIn(LEARNER);
    const list = `${server.origin("")}${LEARNING_EVENTS}`;
    await learner.goto(list);
    const cards = learner.locator('[data-testid="learner-card"]');
    await cards.first().waitFor();
    await expectControlAccessible(learner, "learner", "learning-events");
    const word = await searchForAWordOfTheFirstCard(learner, cards);
    const name = `Events about ${word}`;
    const search = learner.getByTestId("learner-search");
    await saveCurrentSearch(learner, await openSavedSearches(learner), name, (dialog) =>
      dialog.getByRole("radio", { name: "Daily digest" }).check(),
    );

    // after a reload, on the list as it comes: the search is there with its alert, and applies
    await learner.goto(list);
    await cards.first().waitFor();
    expect(await search.inputValue()).toBe("");
    const saved = (await openSavedSearches(learner)).getByTestId("saved-search").filter({ hasText: name });
    expect(await textOf(saved.getByTestId("saved-search-alert"))).toBe("Daily digest");
    await saved.getByRole("button", { name, exact: true }).click();
    await learner.waitForURL((url) => url.searchParams.get("q") === word);
    await expect.poll(() => search.inputValue()).toBe(word);
    const stored = await api<{ name: string; alert: string; query: string }[]>(
      learner,
      "GET",
      "/api/saved-searches?resource=learning-events",
    );
    expect(stored.find((row) => row.name === name)).toMatchObject({ alert: "daily" });

    // on the learner's own tab an alert is refused, and the reason shows under the choice
    await learner.getByRole("tab", { name: "Suggested" }).click();
    await learner.waitForURL((url) => url.searchParams.get("type") === "suggested");
    await (await openSavedSearches(learner)).getByRole("button", { name: "Save current search…" }).click();
    const refused = await settledDialog(learner);
    await refused.getByLabel("Name").fill(`${name}, suggested`);
    await refused.getByRole("radio", { name: "Instantly" }).check();
    await refused.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => textOf(refused.locator(".ant-form-item-explain-error")))
      .toBe(
        "An alert follows filters and search words, not your own tabs (Suggested, Pending…) or “Taken by Me”, “My Preferences” and “Saved”: choose All to save one with an alert.",
      );
    await refused.getByRole("button", { name: "Cancel" }).click();
    await refused.waitFor({ state: "hidden" });

    await learner.setViewportSize(PHONE);
    await expectControlAccessible(learner, "learner-phone");
    await learner.setViewportSize(LAPTOP);
  }, 180_000);

  it("a learner saves a search of courses by its words, and applies it after a reload", async () => {
    const learner = await signedIn(LEARNER);
    const list = `${server.origin("")}/courses`;
    await learner.goto(list);
    const cards = learner.locator('[data-testid="learning-card"]');
    await cards.first().waitFor();
    const word = await searchForAWordOfTheFirstCard(learner, cards);
    const name = `Courses about ${word}`;
    const search = learner.getByTestId("learner-search");
    // an alert is for postings: a course search offers none
    await saveCurrentSearch(learner, await openSavedSearches(learner), name, async (dialog) =>
      expect(await dialog.getByRole("radio", { name: "Daily digest" }).count()).toBe(0),
    );

    await learner.goto(list);
    await cards.first().waitFor();
    expect(await search.inputValue()).toBe("");
    const saved = (await openSavedSearches(learner)).getByTestId("saved-search").filter({ hasText: name });
    await saved.getByRole("button", { name, exact: true }).click();
    await learner.waitForURL((url) => url.searchParams.get("q") === word);
    await expect.poll(() => search.inputValue()).toBe(word);
    await expectAccessible(learner, "learner-courses", "courses");
  }, 180_000);
});
