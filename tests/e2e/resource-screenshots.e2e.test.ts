import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, origin, signIn } from "./support/app";
import { recordShown } from "./support/resources";

async function shoot(page: Page, name: string) {
  mkdirSync(e2eConfig.screenshotsDir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(e2eConfig.screenshotsDir, `${name}.png`) });
}

const PAGES: {
  account: DemoAccount;
  prefix: string;
  list: string;
  form: string;
  detail: string;
  /** The provider roles' own select style. */
  selectVariant: string;
}[] = [
  {
    account: { email: "superadmin@example.com", site: "" },
    prefix: "provider",
    selectVariant: "ant-select-filled",
    list: "/admin/job-trainings?type=upcoming",
    form: "/admin/courses/edit/1",
    detail: "/admin/institutions/show/1",
  },
  {
    account: { email: "college.admin@example.com", site: "kmc" },
    prefix: "college",
    selectVariant: "ant-select-outlined",
    list: "/admin/learners/students",
    form: "/admin/institutions/details/1/edit?type=college",
    detail: "/admin/self-assessment/show/1",
  },
];

describe("resource pages look like a finished product (screenshots)", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)(
    "$prefix: a list, a form and a detail page",
    async ({ account, prefix, list, form, detail, selectVariant }) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, account);

      await page.goto(origin(account.site) + list);
      await page.locator('[data-testid="resource-table"] .ant-table-row').first().waitFor();
      await shoot(page, `${prefix}-list`);

      await page.goto(origin(account.site) + form);
      await page.locator('[data-testid="resource-form"] .csc-form-grid').waitFor();
      await page.locator(".ql-editor, [data-field]").first().waitFor();
      await shoot(page, `${prefix}-form`);
      expect(await page.locator(".ant-form-item-required").count()).toBeGreaterThan(0);
      expect(await page.locator(`[data-testid="resource-form"] .ant-select.${selectVariant}`).count()).toBeGreaterThan(
        0,
      );

      await page.goto(origin(account.site) + detail);
      await recordShown(page);
      await shoot(page, `${prefix}-detail`);
      await context.close();
    },
  );

  it("lays a plan's features out in columns for provider admins", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, { email: "superadmin@example.com", site: "" });
    await page.goto(`${origin()}/admin/feature-profile/edit/1`);
    const group = page.locator('[data-field="features"] .csc-checkbox-grid');
    await group.waitFor();
    expect(await group.evaluate((element) => getComputedStyle(element).display)).toBe("grid");
    expect(await group.locator(".ant-checkbox-wrapper").count()).toBe(8);
    await context.close();
  });
});
