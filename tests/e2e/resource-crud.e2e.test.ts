import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { type DemoAccount, origin, settledDialog, signIn, textOf } from "./support/app";
import {
  addTags,
  chooseField,
  confirmModal,
  detailText,
  expectDetail,
  expectListEmpty,
  expectToast,
  fieldError,
  fieldOf,
  fillField,
  pickDate,
  recordShown,
  rowAction,
  rowWith,
  save,
  searchList,
  typeRichText,
} from "./support/resources";

const SUPERADMIN: DemoAccount = { email: "superadmin@example.com", site: "" };
const COLLEGE_ADMIN: DemoAccount = { email: "college.admin@example.com", site: "kmc" };
const COLLEGE_EDITOR: DemoAccount = { email: "college.editor@example.com", site: "kmc" };
const COMPANY_ADMIN: DemoAccount = { email: "company.admin@example.com", site: "himal" };
const SKILLLAB_ADMIN: DemoAccount = { email: "skilllab.admin@example.com", site: "" };

/** A 1×1 PNG, for the upload. */
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Names unique to this run, so that reruns against the same data never clash. */
const run = Date.now().toString(36).slice(-5);

const title = (page: Page) => textOf(page.locator(".csc-page-header__title"));

describe("create → edit → show → delete, for a resource of each scope", () => {
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
    // leaving a form with unsaved changes asks first; these tests answer yes
    page.on("dialog", (dialog) => void dialog.accept());
  });

  it("tags (global): the super admin creates, edits, reads and deletes one", async () => {
    const name = `E2E Tag ${run}`;
    await signIn(page, SUPERADMIN);
    await page.goto(`${origin()}/admin/tags`);
    await page.getByTestId("resource-create").click();
    await page.waitForURL(/\/admin\/tags\/create$/);
    // required fields are marked and checked before anything is sent
    await save(page);
    expect(await textOf(fieldError(page, "name"))).toBe("This field is required.");
    await fillField(page, "name", name);
    await fillField(page, "category", "Testing");
    await fillField(page, "description", "Made by the browser tests.");
    await save(page);
    await expectToast(page, `“${name}” was created.`);
    await page.waitForURL((url) => url.pathname === "/admin/tags");

    await searchList(page, name);
    await rowWith(page, name).waitFor();
    await rowAction(page, name, "Edit");
    await page.waitForURL(/\/admin\/tags\/edit\/\d+$/);
    await fieldOf(page, "name").locator(`input[value="${name}"]`).waitFor();
    await fillField(page, "category", "Quality");
    await save(page);
    await expectToast(page, `Your changes to “${name}” were saved.`);
    // back to the list as it was left: the search is still there
    await page.waitForURL((url) => url.pathname === "/admin/tags" && decodeURIComponent(url.search).includes(name));
    await rowWith(page, "Quality").waitFor();

    await page.locator(".csc-title-link", { hasText: name }).click();
    await page.waitForURL(/\/admin\/tags\/show\/\d+$/);
    await recordShown(page);
    expect(await title(page)).toBe(name);
    expect(await detailText(page, "category")).toBe("Quality");
    expect(await detailText(page, "description")).toBe("Made by the browser tests.");

    await page.getByTestId("resource-delete").click();
    await confirmModal(page);
    await expectToast(page, `“${name}” was deleted.`);
    await page.waitForURL((url) => url.pathname === "/admin/tags");
    await expectListEmpty(page);
  });

  it("shows the server's field error under its field: a duplicate tag name is refused (409)", async () => {
    await signIn(page, SUPERADMIN);
    await page.goto(`${origin()}/admin/tags/create`);
    await fillField(page, "name", "Accounting");
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/tags"));
    await save(page);
    expect((await answer).status()).toBe(409);
    await fieldError(page, "name").waitFor();
    expect(await textOf(fieldError(page, "name"))).toMatch(/taken|already/i);
    expect(new URL(page.url()).pathname).toBe("/admin/tags/create");
  });

  it("courses (shared): a college admin creates one with rich text, edits, reads and deletes it", async () => {
    const name = `E2E Course ${run}`;
    await signIn(page, COLLEGE_ADMIN);
    await page.goto(`${origin("kmc")}/admin/courses/create`);
    await fillField(page, "title", name);
    await chooseField(page, "category", "Job Placement", false);
    await chooseField(page, "delivery_mode", "Online", false);
    await typeRichText(page, "description", "Hands-on practice for placement season.");
    await fillField(page, "duration_hours", "12");
    await pickDate(page, "start_date", "2027-01-15");
    await fillField(page, "url", "kmc.example.com/courses/e2e");
    await addTags(page, "tags", ["Interviews", "CV"]);
    await save(page);
    await expectToast(page, `“${name}” was created.`);
    await page.waitForURL((url) => url.pathname === "/admin/courses");

    await searchList(page, name);
    await rowAction(page, name, "Show");
    await page.waitForURL(/\/admin\/courses\/show\/\d+$/);
    expect(await detailText(page, "category")).toBe("Job Placement");
    expect(await detailText(page, "start_date")).toBe("Jan 15, 2027");
    expect(await detailText(page, "url")).toBe("kmc.example.com/courses/e2e");
    expect(await detailText(page, "description")).toContain("Hands-on practice for placement season.");
    expect(await detailText(page, "tags")).toContain("Interviews");
    expect(await detailText(page, "publish_status")).toBe("No");
    // the course is the college's own: created by a person of the college (seeds/demo.json), never an id
    await expectDetail(page, "created_by", "Deepak Adhikari (College)");

    await page.getByTestId("resource-edit").click();
    await page.waitForURL(/\/admin\/courses\/edit\/\d+$/);
    await fieldOf(page, "title").locator(`input[value="${name}"]`).waitFor();
    await fillField(page, "duration_hours", "16");
    await fieldOf(page, "publish_status").locator("button[role=switch]").click();
    await save(page);
    await expectToast(page, `Your changes to “${name}” were saved.`);
    await expect.poll(() => rowWith(page, name).innerText()).toContain("16");

    await rowAction(page, name, "Delete");
    await confirmModal(page);
    await expectToast(page, `“${name}” was deleted.`);
    await expectListEmpty(page);
  });

  it("students (institution): an editor creates and edits one with the shared rules and the Nepal cascade; only an admin deletes", async () => {
    const name = `E2E Student ${run}`;
    const email = `e2e.student.${run}@example.com`;
    await signIn(page, COLLEGE_EDITOR);
    await page.goto(`${origin("kmc")}/admin/learners/students`);
    await page.getByTestId("resource-create").click();
    await fillField(page, "full_name", name);
    await fillField(page, "email", email);
    // The shared phone and profile-link rules, on the client
    await fillField(page, "phone", "call me");
    expect(await textOf(fieldError(page, "phone"))).toBe(
      "Phone number may contain only digits, spaces, plus, minus and parentheses.",
    );
    await fillField(page, "phone", "+977 9841 000111");
    await fillField(page, "linkedin_url", "https://example.com/me");
    expect(await textOf(fieldError(page, "linkedin_url"))).toMatch(/LinkedIn profile link/);
    await fillField(page, "linkedin_url", "linkedin.com/in/e2e-student");
    await chooseField(page, "program_department_id", "BIM");
    await chooseField(page, "year", "2", false);
    await chooseField(page, "province_id", "Bagmati");
    await chooseField(page, "district_id", "Lalitpur");
    await chooseField(page, "municipality_id", "Lalitpur Metropolitan City");
    // a new province empties the district and municipality
    await chooseField(page, "province_id", "Gandaki");
    expect(await fieldOf(page, "district_id").locator(".ant-select-selection-item").count()).toBe(0);
    expect(await fieldOf(page, "municipality_id").locator(".ant-select-selection-item").count()).toBe(0);
    await chooseField(page, "district_id", "Kaski");
    await addTags(page, "skills", ["Excel", "Public speaking"]);
    // institution staff call the tag field "Preferences"
    expect(await textOf(fieldOf(page, "preferences").locator("label"))).toBe("Preferences");
    await save(page);
    await expectToast(page, `“${name}” was created.`);
    await page.waitForURL((url) => url.pathname === "/admin/learners/students");

    await searchList(page, name);
    await page.locator(".csc-title-link", { hasText: name }).click();
    // A student's details live at /learners/students/details/{id}
    await page.waitForURL(/\/admin\/learners\/students\/details\/\d+$/);
    const detailsUrl = page.url();
    expect(await detailText(page, "province_id")).toBe("Gandaki");
    expect(await detailText(page, "district_id")).toBe("Kaski");
    expect(await detailText(page, "program_department_id")).toBe("BIM");
    expect(await detailText(page, "skills")).toContain("Public speaking");
    // editors create and edit; deleting is for admins
    expect(await page.getByTestId("resource-delete").count()).toBe(0);

    await page.getByTestId("resource-edit").click();
    await fieldOf(page, "full_name").locator(`input[value="${name}"]`).waitFor();
    await chooseField(page, "year", "3", false);
    await save(page);
    await expectToast(page, "were saved");
    await rowWith(page, name).waitFor();
    await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
    const menu = page.locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu");
    await menu.waitFor();
    expect(await menu.innerText()).not.toContain("Delete");

    // the college admin deletes the student, saying why; it is a soft deletion
    await context.close();
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page, COLLEGE_ADMIN);
    await page.goto(detailsUrl);
    await recordShown(page);
    expect(await detailText(page, "year")).toBe("3");
    await page.getByTestId("resource-delete").click();
    await page.locator("#delete-reason").fill("Left the college (browser test).");
    await confirmModal(page);
    await expectToast(page, `“${name}” was deleted.`);
    await page.waitForURL((url) => url.pathname === "/admin/learners/students");
  });

  it("users (members): a company admin invites, edits, reads and removes a colleague", async () => {
    const name = `E2E Colleague ${run}`;
    await signIn(page, COMPANY_ADMIN);
    await page.goto(`${origin("himal")}/admin/users/create`);
    await fillField(page, "full_name", name);
    await fillField(page, "email", `e2e.colleague.${run}@example.com`);
    // a company admin gives only its own kind of roles: a short list, no search
    await chooseField(page, "role", "Institution Viewer", false);
    await save(page);
    await expectToast(page, `“${name}” was created.`);
    await searchList(page, name);
    await rowAction(page, name, "Edit");
    await fieldOf(page, "full_name").locator(`input[value="${name}"]`).waitFor();
    await chooseField(page, "role", "Institution Editor", false);
    await fillField(page, "phone", "01-5550123");
    await save(page);
    await expectToast(page, "were saved");
    await rowAction(page, name, "Show");
    await expectDetail(page, "role", "Institution Editor");
    await expectDetail(page, "phone", "01-5550123");
    await page.getByTestId("resource-delete").click();
    await page.locator("#delete-reason").fill("Moved to another team.");
    await confirmModal(page);
    await expectToast(page, `“${name}” was deleted.`);
  });

  it("institution details (tenant): the college admin edits Your College and sees the change", async () => {
    await signIn(page, COLLEGE_ADMIN);
    await page.locator('[data-menu-name="institution-details"] a').click();
    await page.waitForURL(/\/admin\/institutions\/details\/1/);
    // the next screen's code may still be loading: the previous page stays until it has
    await expect.poll(() => title(page)).toBe("Your College");
    expect(await detailText(page, "name")).toBe("Kathmandu Model College");
    await page.getByTestId("resource-edit").click();
    await page.waitForURL(/\/admin\/institutions\/details\/1\/edit/);
    await fieldOf(page, "address").locator('input[value="Bagbazar, Kathmandu"]').waitFor();
    await fillField(page, "address", `Bagbazar, Kathmandu ${run}`);
    await fieldOf(page, "contact_persons").getByRole("button", { name: "Add contact person" }).click();
    const contact = fieldOf(page, "contact_persons").locator("fieldset").last();
    await contact.locator('[data-contact-field="full_name"]').fill("Anita Karki");
    await contact.locator('[data-contact-field="email"]').fill("not-an-email");
    await save(page);
    expect(await textOf(fieldError(page, "contact_persons"))).toMatch(/^Row \d+: Enter a valid e-mail address\.$/);
    await contact.locator('[data-contact-field="email"]').fill("anita@kmc.example.com");
    await contact.locator('[data-contact-field="designation"]').fill("Career Counsellor");
    await save(page);
    await expectToast(page, "were saved");
    await page.waitForURL((url) => /\/admin\/institutions\/details\/1$/.test(url.pathname));
    await expectDetail(page, "address", `Bagbazar, Kathmandu ${run}`);
    expect(await detailText(page, "contact_persons")).toContain("Anita Karki");
    // single-record pages have no deletion
    expect(await page.getByTestId("resource-delete").count()).toBe(0);
  });

  it("testimonials: a photo uploads and shows; leaving a changed form asks first", async () => {
    const name = `E2E Author ${run}`;
    await signIn(page, SUPERADMIN);
    await page.goto(`${origin()}/admin/testimonials/create`);
    await fillField(page, "author_name", name);
    const asked: string[] = [];
    page.removeAllListeners("dialog");
    page.on("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => asked).toEqual(["Are you sure you want to leave? You have unsaved changes."]);
    expect(new URL(page.url()).pathname).toBe("/admin/testimonials/create");
    page.removeAllListeners("dialog");
    page.on("dialog", (dialog) => void dialog.accept());

    await fillField(page, "quote", "The placement cell found me my first job.");
    await fillField(page, "rating", "5");
    await fieldOf(page, "photo")
      .locator('input[type="file"]')
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") });
    const preview = fieldOf(page, "photo").locator("img.csc-thumb");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/^\/api\/uploads\/[\w-]+\.png$/);
    await save(page);
    await expectToast(page, `“${name}” was created.`);
    await searchList(page, name);
    await rowAction(page, name, "Show");
    await recordShown(page);
    const photo = fieldOf(page, "photo").locator("img").first();
    expect(await photo.getAttribute("src")).toMatch(/^\/api\/uploads\//);
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await page.getByTestId("resource-delete").click();
    await confirmModal(page);
    await expectToast(page, `“${name}” was deleted.`);
  });

  it("recruiter requests: the Skill Lab admin approves one and rejects another with a reason", async () => {
    await signIn(page, SKILLLAB_ADMIN);
    await page.goto(`${origin()}/admin/job-providers/request`);
    const rows = page.locator('[data-testid="resource-table"] .ant-table-row');
    await rows.first().waitFor();
    const names = await page.locator(".csc-title-link").allInnerTexts();
    const [approved, rejected] = names;
    if (!approved || !rejected) throw new Error("the demo data has at least two pending requests");

    await rowAction(page, approved, "Approve");
    await confirmModal(page);
    await expectToast(page, /approved/i);
    await rowWith(page, approved).waitFor({ state: "detached" });

    // bulk: select the row, reject; the reason is required
    await page.getByRole("checkbox", { name: `Select ${rejected}` }).check();
    await page.getByTestId("bulk-reject").click();
    const modal = await settledDialog(page, page.getByTestId("request-decision"));
    await modal.locator(".ant-btn-primary").click();
    await modal.getByText("This field is required.").waitFor();
    await page.locator("#reject-reason").fill("We could not verify the company's registration.");
    await modal.locator(".ant-btn-primary").click();
    await expectToast(page, /rejected/i);
    await rowWith(page, rejected).waitFor({ state: "detached" });

    await page.goto(`${origin()}/admin/job-providers/existing`);
    await searchList(page, approved);
    await rowWith(page, approved).waitFor();
  });

  it("deleted users: the super admin restores one", async () => {
    await signIn(page, SUPERADMIN);
    await page.goto(`${origin()}/admin/activity-logs/deleted-users`);
    const first = page.locator('[data-testid="resource-table"] .ant-table-row').first();
    await first.waitFor();
    const id = await first.getAttribute("data-row-key");
    const name = await textOf(first.locator(".csc-title-link"));
    await rowAction(page, name, "Restore");
    await confirmModal(page);
    await expectToast(page, /restored/i);
    await page
      .locator(`[data-testid="resource-table"] .ant-table-row[data-row-key="${id}"]`)
      .waitFor({ state: "detached" });
    // the account is back in User Management
    await page.goto(`${origin()}/admin/users/show/${id}`);
    await recordShown(page);
    expect(await title(page)).toBe(name);
  });
});
