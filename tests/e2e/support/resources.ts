import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { settledDialog } from "./app";

/**
 * Helpers for the server-driven resource pages: lists, detail pages and forms, driven
 * the way a person would — through labels, buttons and the three-dot menu.
 */

/** Moves inside the app without a page load, as a link would. */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** The menu entries of the signed-in user (`/api/meta`), leaves only, enabled only. */
export function menuEntries(page: Page): Promise<{ name: string; path: string }[]> {
  return page.evaluate(async () => {
    const response = await fetch("/api/meta", {
      headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` },
    });
    type Item = { name: string; path: string | null; disabled: boolean; children?: Item[] };
    const { data } = (await response.json()) as { data: { menu: Item[] } };
    const flat = (items: Item[]): Item[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
    return flat(data.menu)
      .filter((item) => item.path && !item.disabled && !item.children)
      .map((item) => ({ name: item.name, path: item.path as string }));
  });
}

export type PageKind = "rows" | "cards" | "empty" | "record" | "page";

const OWN_PAGES = ["dashboard", "profile"];

/**
 * Waits until the page of a menu entry has settled into something a person can use — a list with
 * rows, a list's empty state, a record, or the shell's own dashboard and profile — and fails on
 * an error, a missing record or "Not allowed".
 */
export async function settledPage(page: Page, entry: string, timeout = 15_000): Promise<PageKind> {
  const scope = page.locator(`[data-resource="${entry}"]`);
  const rows = scope.locator('[data-testid="resource-table"] .ant-table-row');
  // learners browse postings, courses, roadmaps and assessments as cards
  const cards = scope.locator(
    '[data-testid="learner-card"], [data-testid="learning-card"], [data-testid="assessment-card"]',
  );
  const empty = scope.locator('[data-testid="resource-empty"]');
  const record = scope.locator(".csc-details");
  const own = page.locator(entry === "dashboard" ? ".csc-hero" : ".csc-page-header__title");
  const trouble = page.locator(
    '[data-testid="resource-error"], [data-testid="resource-not-found"], [data-testid="not-allowed"]',
  );
  const started = Date.now();
  while (Date.now() - started < timeout) {
    if (await trouble.count()) throw new Error(`error on ${page.url()}: ${await trouble.first().innerText()}`);
    if (OWN_PAGES.includes(entry)) {
      if (await own.count()) return "page";
    } else {
      if (await rows.count()) return "rows";
      if (await cards.count()) return "cards";
      if (await empty.count()) return "empty";
      if (await record.count()) return "record";
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`${page.url()} did not settle`);
}

export const fieldOf = (page: Page, name: string): Locator => page.locator(`[data-field="${name}"]`);

export async function fillField(page: Page, name: string, value: string) {
  const input = fieldOf(page, name).locator("input, textarea").first();
  await input.fill(value);
  await input.blur();
}

/** The open dropdown of antd's Select (the one that is not hidden). */
const openDropdown = (page: Page) => page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").last();

/** Picks an option of a select by its text, typing it first to narrow long or searched lists. */
export async function chooseOption(page: Page, scope: Locator, option: string, type = true) {
  await scope.locator(".ant-select-selector").first().click();
  if (type) await scope.locator("input.ant-select-selection-search-input").first().fill(option);
  const item = openDropdown(page).locator(`.ant-select-item-option[title="${option}"]`).first();
  await item.waitFor();
  await item.click();
  await openDropdown(page)
    .waitFor({ state: "hidden", timeout: 2_000 })
    .catch(() => {});
}

/**
 * Picks an option of a searchable antd select (`select`: the select or its input) by its label,
 * and makes sure it took: a click on an option while the list still slides in can miss it, and
 * the form would then go on without the choice. Tries again, at most three times. The label is
 * written into the search input (not typed wherever the focus is): the list is virtual, so an
 * option is only there to click once the search has narrowed the list to it, and a retry starts
 * from an empty search, not after the text of the last try.
 */
export async function pickOption(page: Page, select: string, label: string) {
  const root = page.locator(`.ant-select:has(${select}), .ant-select${select}`).first();
  const chosen = root.locator(`.ant-select-selection-item[title="${label}"]`);
  for (let attempt = 1; ; attempt++) {
    await page.locator(select).click();
    await root.locator("input.ant-select-selection-search-input").first().fill(label);
    await page
      .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`)
      .click();
    try {
      await chosen.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export const chooseField = (page: Page, name: string, option: string, type = true) =>
  chooseOption(page, fieldOf(page, name), option, type);

/** Types free tags into a tags select. */
export async function addTags(page: Page, name: string, tags: string[]) {
  const input = fieldOf(page, name).locator("input.ant-select-selection-search-input").first();
  for (const tag of tags) {
    await input.fill(tag);
    await input.press("Enter");
  }
  await input.press("Escape");
}

/** A date typed as ISO into antd's picker (it also accepts the spec's "MMM D, YYYY"). */
export async function pickDate(page: Page, name: string, value: string) {
  const input = fieldOf(page, name).locator("input").first();
  await input.click();
  await input.fill(value);
  await input.press("Enter");
}

export async function typeRichText(page: Page, name: string, text: string) {
  const editor = fieldOf(page, name).locator(".ql-editor");
  await editor.click();
  await editor.pressSequentially(text);
}

export async function save(page: Page) {
  await page.getByTestId("resource-save").click();
}

/** The error shown under a form field. */
export const fieldError = (page: Page, name: string) => fieldOf(page, name).locator(".ant-form-item-explain-error");

export async function expectToast(page: Page, text: RegExp | string) {
  const toast = page.locator(".ant-notification-notice", { hasText: text }).first();
  await toast.waitFor({ timeout: 10_000 });
}

/** Searches the list (the `q` box) and waits for the address to carry it. */
export async function searchList(page: Page, text: string) {
  const box = page.getByTestId("resource-search");
  await box.fill(text);
  await box.press("Enter");
  await page.waitForURL((url) => decodeURIComponent(url.search).includes(text));
}

export const rowWith = (page: Page, text: string) =>
  page.locator('[data-testid="resource-table"] .ant-table-row', { hasText: text });

/**
 * Opens a row's three-dot menu and picks an item. A list that reloads just then (a search's answer
 * arriving) renders its rows again and closes a menu opened on the old row: the menu is opened
 * again until it stays open, within the action's usual 15 s.
 */
export async function rowAction(page: Page, title: string, item: string) {
  const openMenu = page.locator(".ant-dropdown:not(.ant-dropdown-hidden)");
  const menuItem = openMenu.locator(".ant-dropdown-menu-item", { hasText: item });
  const deadline = Date.now() + 15_000;
  for (;;) {
    // a click on a menu still opening would close it: click only when none is open
    if ((await openMenu.count()) === 0) {
      await page.getByRole("button", { name: `Actions for ${title}`, exact: true }).click();
    }
    try {
      await menuItem.waitFor({ state: "visible", timeout: Math.min(3_000, Math.max(1, deadline - Date.now())) });
      break;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
  await menuItem.click();
}

/** Confirms the open confirmation modal. */
export async function confirmModal(page: Page) {
  const modal = await settledDialog(page);
  await modal.locator(".ant-modal-footer .ant-btn-primary").click();
  await modal.waitFor({ state: "hidden" });
}

/** The text of a field on a detail page. */
export async function detailText(page: Page, name: string): Promise<string> {
  const value = page
    .locator(`[data-testid="resource-show"] .csc-details, [data-testid="resource-show"] .csc-detail-section`)
    .locator(`[data-field="${name}"]`)
    .first();
  return ((await value.innerText()) ?? "").trim();
}

export async function expectListEmpty(page: Page) {
  await page.getByTestId("resource-empty").waitFor();
  expect(await page.locator('[data-testid="resource-table"] .ant-table-row').count()).toBe(0);
}

/** Waits for a detail page to show its record. */
export async function recordShown(page: Page) {
  await page.locator('[data-testid="resource-show"] .csc-details').waitFor();
}

/** Waits until a detail value reads as expected (a saved change arrives with the refetch). */
export async function expectDetail(page: Page, name: string, expected: string) {
  await expect.poll(() => detailText(page, name), { timeout: 10_000 }).toBe(expected);
}
