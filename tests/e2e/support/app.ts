import type { Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { e2eConfig } from "../playwright.config";

/** The sites: "" is the provider's root domain. */
export type SiteName = "" | "kmc" | "himal" | "recruiter" | (string & {});

export const origin = (site: SiteName = "", port = inject("e2ePort")) =>
  `http://${site ? `${site}.` : ""}localhost:${port}`;

export interface DemoAccount {
  email: string;
  site: SiteName;
}

/** An element's text, trimmed. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}

/** What a reader sees on the page: rendered text only, hidden elements left out. */
export function visibleText(page: Page): Promise<string> {
  return page.locator("body").innerText();
}

/**
 * The open dialog once antd has finished zooming it in (rc-motion's `ant-zoom` classes gone). A
 * click while it still grows can press a button and be released beside it, where the button has
 * moved: no click at all. Playwright's stable check does not see this when the zoom has not yet
 * begun moving, so a test waits for this before it acts inside a dialog it has just opened.
 * `has` picks the dialog by what it holds.
 */
export async function settledDialog(page: Page, has?: Locator): Promise<Locator> {
  const open = ".ant-modal-wrap:not([style*='display: none']) .ant-modal";
  const options = has ? { has } : {};
  await page.locator(`${open}:not([class*='ant-zoom'])`, options).last().waitFor();
  // the dialog itself, whatever its motion: waiting for it to be hidden waits out its closing too
  return page.locator(open, options).last();
}

export async function waitForApp(page: Page) {
  await page.waitForSelector(".csc-page-loader", { state: "detached" }).catch(() => {});
}

/** Signs in through the login form and waits for the signed-in layout. */
export async function signIn(page: Page, account: DemoAccount, password = e2eConfig.demoPassword) {
  await page.goto(`${origin(account.site)}/login`);
  await fillLogin(page, account.email, password);
  await page.waitForSelector('[data-testid="side-menu"]');
}

export async function fillLogin(page: Page, email: string, password = e2eConfig.demoPassword) {
  const form = page.locator("form#login");
  await form.locator("#login_email").fill(email);
  await form.locator("#login_password").fill(password);
  await page.getByTestId("login-submit").click();
}

export async function signOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.locator(".ant-dropdown-menu-item-danger").click();
  await page.waitForURL((url) => url.pathname === "/login");
  // signing out on purpose is not an expired session
  await page.waitForTimeout(300);
  const toasts = await page.locator(".ant-notification-notice").allTextContents();
  expect(toasts.join("\n")).not.toContain("Session expired.");
}

/**
 * The sidebar as text, in order: "Label", "Label (disabled)", groups as "Group: A | B".
 * Reads every entry, also those inside closed groups.
 */
export function readMenu(page: Page): Promise<string[]> {
  return page.locator('[data-testid="side-menu"]').evaluate((root) => {
    const labelOf = (li: Element) => {
      const title = li.matches(".ant-menu-submenu") ? li.querySelector(":scope > .ant-menu-submenu-title") : li;
      return (title?.querySelector(".ant-menu-title-content")?.textContent ?? "").trim();
    };
    const describe = (li: Element): string => {
      const disabled = li.getAttribute("data-disabled") === "true" ? " (disabled)" : "";
      if (li.matches(".ant-menu-submenu")) {
        const children = [...li.querySelectorAll(":scope > ul > li[data-menu-name]")].map(describe);
        return `${labelOf(li)}${disabled}: ${children.join(" | ")}`;
      }
      return `${labelOf(li)}${disabled}`;
    };
    return [...root.querySelectorAll(":scope > li[data-menu-name]")].map(describe);
  });
}

/** The text of the toasts on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  await page.waitForSelector(".ant-notification-notice", { timeout: 10_000 });
  return page.locator(".ant-notification-notice").allInnerTexts();
}

export async function expectNotAllowed(page: Page) {
  const marker = page.getByTestId("not-allowed");
  await marker.waitFor();
  expect(await textOf(marker)).toBe("Not allowed");
  // inside the admin layout: the sidebar is still there
  expect(await page.locator('[data-testid="side-menu"]').count()).toBe(1);
}

/** A call to the API from inside the page, as its signed-in user: the status and the parsed body (null when none). */
export function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem("csc-token");
      const response = await fetch(path, {
        method,
        headers: {
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as never };
    },
    { method, path, body },
  );
}

/** `callApi` for a call that must succeed: its body, or an error naming the call and its answer. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
