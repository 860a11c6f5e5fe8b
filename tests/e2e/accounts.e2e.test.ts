import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import {
  type DemoAccount,
  expectNotAllowed,
  fillLogin,
  origin,
  readMenu,
  signIn,
  signOut,
  textOf,
  toastTexts,
} from "./support/app";

/** Menus, as the sidebar shows them (groups as "Group: A | B"). */
const PROVIDER_MENU = [
  "Dashboard",
  "Profile",
  "Institutions",
  "Learner: Students | Employees | Imports",
  "Career Roadmap",
  "Self Assessment",
  "Courses",
  "Scholarship",
  "Learning Events",
  "Internship/Job Opportunities",
  "Global Partners",
  "Recruiters: Existing | Request",
  "Enrichment Program",
  "Feature Profile",
  "User Management",
  "Invitations",
  "Join Requests",
  "Configuration: Program/Departments | Tags | Testimonials",
];
const PROVIDER_ADMIN_MENU = [...PROVIDER_MENU, "Activity Logs: Deleted Users | Download Logs | Mail Queue"];

// Kathmandu Model College's plan lacks scholarship and global partners
const COLLEGE_ADMIN_MENU = [
  "Dashboard",
  "Profile",
  "Your College",
  "Learner: Students | Imports",
  "Career Roadmap",
  "Self Assessment",
  "Courses",
  "Scholarship (disabled)",
  "Learning Events",
  "Internship/Job Opportunities",
  "Global Partners (disabled)",
  "Recruiters",
  "Enrichment Program",
  "Feature Profile",
  "User Management",
  "Invitations",
  "Join Requests",
];
// editors and viewers do not see what their plan lacks, nor the institution's feature profile
const COLLEGE_STAFF_MENU = [
  "Dashboard",
  "Profile",
  "Your College",
  "Learner: Students",
  "Career Roadmap",
  "Self Assessment",
  "Courses",
  "Learning Events",
  "Internship/Job Opportunities",
  "Recruiters",
  "Enrichment Program",
  "User Management",
  "Invitations",
  "Join Requests",
];

const COMPANY_ADMIN_MENU = [
  "Dashboard",
  "Profile",
  "Your Company",
  "Learner: Employees | Imports",
  "Career Roadmap",
  "Self Assessment",
  "Courses",
  "Scholarship",
  "Learning Events",
  "Internship/Job Opportunities",
  "Global Partners",
  "Enrichment Program",
  "Feature Profile",
  "User Management",
  "Invitations",
  "Join Requests",
];
// the record of imports is for the admins
const COMPANY_EDITOR_MENU = COMPANY_ADMIN_MENU.filter((entry) => entry !== "Feature Profile").map((entry) =>
  entry === "Learner: Employees | Imports" ? "Learner: Employees" : entry,
);
// the employees list is not for the institution viewer, so the Learner group is empty and gone
const COMPANY_VIEWER_MENU = COMPANY_EDITOR_MENU.filter((entry) => !entry.startsWith("Learner"));

const RECRUITER_MENU = [
  "Dashboard",
  "Profile",
  "Company Profile",
  "Learning Events",
  "Internship/Job Opportunities",
  "User Management",
];
const RECRUITER_VIEWER_MENU = RECRUITER_MENU.filter((entry) => entry !== "User Management");

const LEARNER_MENU = [
  "Dashboard",
  "Profile",
  "Career Roadmap",
  "Self Assessment",
  "Courses",
  "Scholarship",
  "Learning Events",
  "Internship/Job Opportunities",
  "Global Partners",
  "User Management",
];
const STUDENT_MENU = LEARNER_MENU.filter((entry) => entry !== "Scholarship" && entry !== "Global Partners");

interface Case extends DemoAccount {
  menu: string[];
  dashboard: string;
  title: string;
  /** A path outside the account's menu. */
  forbidden: string;
}

const CASES: Case[] = [
  {
    email: "superadmin@example.com",
    site: "",
    menu: PROVIDER_ADMIN_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/company-profile",
  },
  {
    email: "skilllab.admin@example.com",
    site: "",
    menu: PROVIDER_ADMIN_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/institution-feature-profile",
  },
  {
    email: "skilllab.editor@example.com",
    site: "",
    menu: PROVIDER_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/activity-logs/deleted-users",
  },
  {
    email: "skilllab.viewer@example.com",
    site: "",
    menu: PROVIDER_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/activity-logs/download-logs",
  },
  {
    email: "college.admin@example.com",
    site: "kmc",
    menu: COLLEGE_ADMIN_MENU,
    dashboard: "/admin/dashboard",
    title: "My College",
    forbidden: "/admin/scholarship",
  },
  {
    email: "college.editor@example.com",
    site: "kmc",
    menu: COLLEGE_STAFF_MENU,
    dashboard: "/admin/dashboard",
    title: "My College",
    forbidden: "/admin/institution-feature-profile",
  },
  {
    email: "college.viewer@example.com",
    site: "kmc",
    menu: COLLEGE_STAFF_MENU,
    dashboard: "/admin/dashboard",
    title: "My College",
    forbidden: "/admin/institutions",
  },
  {
    email: "company.admin@example.com",
    site: "himal",
    menu: COMPANY_ADMIN_MENU,
    dashboard: "/admin/dashboard",
    title: "My Company",
    forbidden: "/admin/learners/students",
  },
  {
    email: "company.editor@example.com",
    site: "himal",
    menu: COMPANY_EDITOR_MENU,
    dashboard: "/admin/dashboard",
    title: "My Company",
    forbidden: "/admin/tags",
  },
  {
    email: "company.viewer@example.com",
    site: "himal",
    menu: COMPANY_VIEWER_MENU,
    dashboard: "/admin/dashboard",
    title: "My Company",
    forbidden: "/admin/learners/employees",
  },
  {
    email: "recruiter.admin@example.com",
    site: "recruiter",
    menu: RECRUITER_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/institutions",
  },
  {
    email: "recruiter.editor@example.com",
    site: "recruiter",
    menu: RECRUITER_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/courses",
  },
  {
    email: "recruiter.viewer@example.com",
    site: "recruiter",
    menu: RECRUITER_VIEWER_MENU,
    dashboard: "/admin/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/users",
  },
  {
    email: "student@example.com",
    site: "kmc",
    menu: STUDENT_MENU,
    dashboard: "/dashboard",
    title: "Your Dashboard",
    forbidden: "/scholarship",
  },
  {
    email: "employee@example.com",
    site: "himal",
    menu: LEARNER_MENU,
    dashboard: "/dashboard",
    title: "Your Dashboard",
    forbidden: "/admin/dashboard",
  },
  {
    email: "learner@example.com",
    site: "",
    menu: LEARNER_MENU,
    dashboard: "/dashboard",
    title: "Your Dashboard",
    forbidden: "/institutions",
  },
];

describe("each demo account on its own site", () => {
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
  });

  it.each(CASES)("$email signs in, sees exactly its menu, is refused outside it, and signs out", async (account) => {
    await signIn(page, account);
    expect(new URL(page.url()).pathname).toBe(account.dashboard);
    expect(await textOf(page.locator(".csc-page-header__title"))).toBe(account.title);
    expect(await readMenu(page)).toEqual(account.menu);

    await page.goto(origin(account.site) + account.forbidden);
    await expectNotAllowed(page);

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem("csc-token"))).toBeNull();
  });

  it("shows the college admin's premium tooltip on the disabled entries", async () => {
    await signIn(page, { email: "college.admin@example.com", site: "kmc" });
    for (const name of ["scholarship", "global-partners"]) {
      const entry = page.locator(`[data-testid="side-menu"] li[data-menu-name="${name}"]`);
      expect(await entry.getAttribute("aria-disabled")).toBe("true");
      const tooltip = page.locator(".ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner");
      // a hover made while the sidebar still settles can land beside the entry once it has moved,
      // and the tooltip that opened closes again: the pointer goes away and hovers once more
      await expect
        .poll(async () => {
          await page.mouse.move(900, 500);
          await entry.locator("[data-menu-label]").hover();
          return tooltip.waitFor({ timeout: 2_000 }).then(
            () => true,
            () => false,
          );
        })
        .toBe(true);
      expect(await textOf(tooltip)).toBe("This feature is only for our premium subscriber, contact us to activate it");
      await page.mouse.move(900, 500);
      await tooltip.waitFor({ state: "hidden" });
    }
  });

  it("opens the institution's own details but not another institution's", async () => {
    await signIn(page, { email: "college.admin@example.com", site: "kmc" });
    await page.locator('[data-menu-name="institution-details"] a').click();
    await page.waitForURL(/\/admin\/institutions\/details\/\d+/);
    // the next screen's code may still be loading: the previous page stays until it has
    await expect.poll(() => textOf(page.locator(".csc-page-header__title"))).toBe("Your College");
    await page.goto(`${origin("kmc")}/admin/institutions/details/999?type=college`);
    await expectNotAllowed(page);
    // student and employee detail pages are open to every admin-area user
    await page.goto(`${origin("kmc")}/admin/learners/employees/details/3`);
    await expect.poll(() => textOf(page.locator(".csc-page-header__title"))).toBe("Employee details");
  });

  it("refuses a college account on the company's site with a clear message", async () => {
    await page.goto(`${origin("himal")}/login`);
    await fillLogin(page, "college.admin@example.com");
    const toasts = await toastTexts(page);
    expect(toasts.join("\n")).toMatch(/does not belong to this site/i);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.evaluate(() => localStorage.getItem("csc-token"))).toBeNull();
  });

  it("shows the server's message for a wrong password and keeps the user on /login", async () => {
    await page.goto(`${origin("kmc")}/login`);
    await fillLogin(page, "college.admin@example.com", "not-the-password-1");
    const toasts = await toastTexts(page);
    expect(toasts.join("\n")).toMatch(/incorrect/i);
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
