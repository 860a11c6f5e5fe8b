import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext, Download, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { e2eConfig, launchBrowser, newContext } from "./playwright.config";
import { api, callApi, type DemoAccount, origin, signIn, textOf } from "./support/app";
import { APPLICANT_COLUMNS } from "./support/applicants";
import { seriousViolations, settleScreen } from "./support/axe";

/**
 * "attendance the way an event is run": a college editor calls the roll of a learning
 * event with twenty applicants by keyboard alone, each mark saved as it is made; the marks read
 * back after a reload and through the API; then the applicants go out as CSV and Excel, checked
 * cell by cell against the screen.
 */

const EDITOR: DemoAccount = { email: "college.editor@example.com", site: "kmc" };
const VIEWER: DemoAccount = { email: "college.viewer@example.com", site: "kmc" };
const SUPERADMIN: DemoAccount = { email: "superadmin@example.com", site: "" };
const RUN = Date.now().toString(36);
const TITLE = `Roll call workshop ${RUN}`;
const SLUG = `roll-call-workshop-${RUN}`;
const DAY = 86_400_000;
const SHOTS = e2eConfig.screenshotsDir;

/** Twenty guests, each with a mark the editor gives them: present or absent, and a percentage. */
const GUESTS = [
  "Aarati Adhikari",
  "Bibek Basnet",
  "Chandani Chaudhary",
  "Dipesh Dahal",
  "Elina Ekka",
  "Firoj Faruki",
  "Gita Gurung",
  "Hari Husain",
  "Ishwor Ismali",
  "Januka Joshi",
  "Kiran Karki",
  "Laxmi Lama",
  "Manoj Magar",
  "Nirmala Neupane",
  "Om Ojha",
  "Pooja Pandey",
  "Rajesh Rai",
  "Sarita Shrestha",
  "Tek Thapa",
  "Usha Upreti",
].map((name, index) => ({
  full_name: `${name} ${RUN}`,
  email: `${name.toLowerCase().replace(" ", ".")}.${RUN}@example.com`,
  contact_number: `98410${String(index).padStart(5, "0")}`,
  // some say what they do, the others leave it out (an empty cell, never "null")
  profession: index % 2 === 0 ? "Lab assistant" : undefined,
  present: index % 3 !== 2,
  percentage: 41 + index * 3,
}));
type Guest = (typeof GUESTS)[number];

interface ApplicationRow {
  id: number;
  full_name: string;
  email: string;
  attendance: number | null;
  percentage: number | null;
  grade: string | null;
}

/**
 * A guest applies on the college's public page, each from their own loopback address (the public
 * apply is throttled per address, and twenty people in a room are twenty visitors).
 */
function applyAsGuest(eventId: number, guest: Guest, address: string): Promise<number> {
  const body = JSON.stringify({
    full_name: guest.full_name,
    email: guest.email,
    contact_number: guest.contact_number,
    ...(guest.profession ? { profession: guest.profession } : {}),
  });
  const port = inject("e2ePort");
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: "127.0.0.1",
        port,
        localAddress: address,
        method: "POST",
        path: `/api/public/learning-events/${eventId}/apply`,
        headers: {
          Host: `kmc.localhost:${port}`,
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    call.on("error", reject);
    call.end(body);
  });
}

const rollCall = (page: Page) => page.getByTestId("roll-call");
const rollRows = (page: Page) => rollCall(page).locator(".ant-table-tbody tr.ant-table-row");
const eventPage = (id: number, query = "") => `${origin("kmc")}/admin/job-trainings/show/${id}${query}`;

/** What the keyboard is on: the applicant whose control it is, and which control. */
function focused(page: Page): Promise<{ control: string | null; label: string | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const control = active?.closest("[data-testid^='roll-call-']")?.getAttribute("data-testid") ?? null;
    const named = active?.closest("[aria-label]") ?? active;
    return { control, label: named?.getAttribute("aria-label") ?? null };
  });
}

/** The roll call as the screen shows it, row by row: name, the attendance chosen, the percentage typed. */
function readRollCall(page: Page) {
  return rollRows(page).evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector(".csc-rollcall__name")?.textContent?.trim() ?? "",
      attendance:
        row.querySelector(".ant-radio-button-wrapper-checked")?.textContent?.trim() ??
        (row.querySelector("[data-testid='roll-call-attendance']") ? "" : null),
      percentage: row.querySelector<HTMLInputElement>("input[data-testid='roll-call-percentage']")?.value,
    })),
  );
}

/** The applicant table's cells by column label, for each applicant by e-mail (the screen's words and dates). */
async function tableByEmail(page: Page): Promise<Map<string, Record<string, string>>> {
  const table = page.getByTestId("applicants-table");
  await table.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
  const rows = await table.evaluate((element) => {
    const headers = [...element.querySelectorAll(".ant-table-thead th")].map((th) => th.textContent?.trim() ?? "");
    return [...element.querySelectorAll(".ant-table-tbody tr.ant-table-row")].map((tr) =>
      Object.fromEntries([...tr.children].map((td, index) => [headers[index] ?? "", td.textContent?.trim() ?? ""])),
    );
  });
  return new Map(rows.map((row) => [row.Email ?? "", row]));
}

/** The cells of a CSV whose every cell is quoted (shared/csv.ts), after its byte-order mark. */
function csvTable(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? "").replace(/""/g, '"')));
}

async function xlsxTable(path: string, width: number): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no worksheet");
  const rows: string[][] = [];
  for (let n = 1; n <= sheet.rowCount; n += 1) {
    const row = sheet.getRow(n);
    rows.push(Array.from({ length: width }, (_, i) => String(row.getCell(i + 1).value ?? "")));
  }
  return rows;
}

/** A screenshot to look at: the applicants section from its head, below the sticky page header. */
async function shoot(page: Page, name: string) {
  await page.getByTestId("applicants").evaluate((element) => {
    element.scrollIntoView({ block: "start" });
    window.scrollBy(0, -72);
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Presses an export button from the keyboard and gives the file it downloads. */
async function exportBy(page: Page, button: Locator): Promise<Download> {
  await button.focus();
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  return download;
}

describe("a learning event's roll call", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let eventId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page, EDITOR);
    // the event is announced before it starts, and the twenty apply on the college's public page
    const event = await api<{ id: number }>(page, "POST", "/api/learning-events", {
      title: TITLE,
      event_type: "training",
      start_at: new Date(Date.now() + 2 * DAY).toISOString(),
      end_at: new Date(Date.now() + 30 * DAY).toISOString(),
      grading_type: "percentage",
      publish_status: true,
    });
    eventId = event.id;
    for (const [index, guest] of GUESTS.entries()) {
      expect(await applyAsGuest(eventId, guest, `127.0.0.${20 + index}`)).toBe(201);
    }
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("offers no marks before the event starts, and says when the roll call opens", async () => {
    await page.goto(eventPage(eventId, "?a_view=rollcall"));
    await rollRows(page).first().waitFor();
    expect(await rollRows(page).count()).toBe(20);
    expect(await textOf(page.getByTestId("roll-call-not-yet"))).toMatch(
      /^Roll call opens when the event starts \(.+\)\. Attendance and grades can be marked from then\.$/,
    );
    expect(await rollCall(page).getByTestId("roll-call-attendance").count()).toBe(0);
    expect(await rollCall(page).getByTestId("roll-call-percentage").count()).toBe(0);
    await shoot(page, "roll-call-not-yet");
  });

  it("is not offered to a viewer, who reads the table", async () => {
    const viewerContext = await newContext(browser);
    const viewer = await viewerContext.newPage();
    await signIn(viewer, VIEWER);
    await viewer.goto(eventPage(eventId, "?a_view=rollcall"));
    await viewer.getByTestId("applicants-table").locator("tr.ant-table-row").first().waitFor();
    expect(await viewer.getByTestId("applicants-view").innerText()).not.toContain("Roll call");
    expect(await viewer.getByTestId("roll-call").count()).toBe(0);
    await viewerContext.close();
  });

  it("marks twenty applicants by keyboard alone, saving each mark; they read back after a reload and from the API", async () => {
    // the event has begun
    await api(page, "PATCH", `/api/learning-events/${eventId}`, {
      start_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    });
    await page.goto(eventPage(eventId, "?a_view=rollcall"));
    await rollCall(page).getByTestId("roll-call-attendance").first().waitFor();
    expect(await page.getByTestId("roll-call-not-yet").count()).toBe(0);
    const names = (await readRollCall(page)).map((row) => row.name);
    // alphabetical, as a register is called
    expect(names).toEqual(GUESTS.map((guest) => guest.full_name));

    // from the view switch, Tab walks past the exports and filters to the first applicant
    await page.getByTestId("applicants-view").locator("input:checked").focus();
    for (let presses = 0; presses < 30; presses += 1) {
      if ((await focused(page)).control === "roll-call-attendance") break;
      await page.keyboard.press("Tab");
    }
    for (const [index, name] of names.entries()) {
      const guest = GUESTS.find((candidate) => candidate.full_name === name) as Guest;
      expect(await focused(page)).toEqual({ control: "roll-call-attendance", label: `Attendance of ${name}` });
      // nothing is chosen yet: Tab lands on Present; Space takes it, the right arrow moves to Absent and takes that
      await page.keyboard.press(guest.present ? "Space" : "ArrowRight");
      await page.keyboard.press("Tab");
      expect(await focused(page)).toEqual({ control: "roll-call-percentage", label: `Percentage of ${name}` });
      await page.keyboard.type(String(guest.percentage));
      await page.keyboard.press("Enter");
      const save = rollRows(page).nth(index).getByTestId("roll-call-save");
      await expect.poll(() => textOf(save)).toBe("Saved");
      if (index < names.length - 1) await page.keyboard.press("Tab");
    }
    await shoot(page, "roll-call-saved");

    const expected = GUESTS.map((guest) => ({
      name: guest.full_name,
      attendance: guest.present ? "Present" : "Absent",
      percentage: String(guest.percentage),
    }));
    await page.reload();
    await rollCall(page).getByTestId("roll-call-attendance").first().waitFor();
    await expect.poll(() => readRollCall(page)).toEqual(expected);

    const { body: saved } = await callApi<ApplicationRow[]>(
      page,
      "GET",
      `/api/applications?learning_event_id=${eventId}&_sort=full_name&_order=asc&_start=0&_end=100`,
    );
    expect(saved.map((row) => [row.full_name, row.attendance, row.percentage, row.grade])).toEqual(
      GUESTS.map((guest) => [guest.full_name, guest.present ? 1 : 2, guest.percentage, null]),
    );
  });

  it("exports the applicants as CSV and Excel: the table's labels, words and dates, no null, named after the event", async () => {
    // the screen's own words and dates for each applicant, from the table view
    await page.goto(eventPage(eventId));
    const screen = await tableByEmail(page);
    expect(screen.size).toBe(20);

    await page.goto(eventPage(eventId, "?a_view=rollcall"));
    await rollRows(page).first().waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const csvFile = await exportBy(page, page.getByTestId("applicants-export"));
    expect(csvFile.suggestedFilename()).toBe(`${SLUG}-applicants-${today}.csv`);
    const csvText = readFileSync(await csvFile.path(), "utf8");
    expect(csvText).not.toMatch(/null|undefined/);
    const csv = csvTable(csvText);
    const [header, ...rows] = csv;
    expect(header).toEqual([...APPLICANT_COLUMNS, "Completion status"]);
    expect(rows).toHaveLength(20);

    const column = (label: string) => APPLICANT_COLUMNS.indexOf(label);
    // the screen writes an empty value as a dash; the file leaves the cell empty
    const asFile = (text: string | undefined) => (text === "—" ? "" : (text ?? ""));
    for (const [index, row] of rows.entries()) {
      expect(row).toHaveLength(14);
      const email = row[column("Email")] ?? "";
      const guest = GUESTS.find((candidate) => candidate.email === email);
      expect(guest, `row ${index + 1}: ${email}`).toBeDefined();
      if (!guest) continue;
      const shown = screen.get(email) ?? {};
      expect(row[column("S.No.")]).toBe(String(index + 1));
      expect(row[column("Student Name")]).toBe(guest.full_name);
      expect(row[column("Contact number")]).toBe(guest.contact_number);
      expect(row[column("Profession")]).toBe(guest.profession ?? "");
      expect(row[column("Attendance")]).toBe(guest.present ? "Present" : "Absent");
      expect(row[column("Assessment")]).toBe(`${guest.percentage}%`);
      // the words and dates exactly as the table shows them
      for (const label of APPLICANT_COLUMNS.slice(1)) {
        expect(row[column(label)], `${guest.full_name}: ${label}`).toBe(asFile(shown[label]));
      }
      expect(row[column("Applied Date")]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(row[column("Status")]).toBe("New Candidate");
      expect(row[column("Applicant Type")]).toBe("College");
      expect(row[13]).toBe("");
    }

    const xlsxFile = await exportBy(page, page.getByTestId("applicants-export-xlsx"));
    expect(xlsxFile.suggestedFilename()).toBe(`${SLUG}-applicants-${today}.xlsx`);
    // the workbook holds the very cells of the CSV
    expect(await xlsxTable(await xlsxFile.path(), 14)).toEqual(csv);
  });

  it("grades by letter on a grade event: typed and picked from the keyboard; a refusal stays under its field until a later pick saves", async () => {
    const graded = await api<{ id: number }>(page, "POST", "/api/learning-events", {
      title: `Graded clinic ${RUN}`,
      event_type: "training",
      start_at: new Date(Date.now() - 60 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 7 * DAY).toISOString(),
      grading_type: "grade",
      publish_status: true,
    });
    const [first, second] = GUESTS;
    if (!first || !second) throw new Error("two guests");
    expect(await applyAsGuest(graded.id, first, "127.0.0.60")).toBe(201);
    expect(await applyAsGuest(graded.id, second, "127.0.0.61")).toBe(201);

    await page.goto(eventPage(graded.id, "?a_view=rollcall"));
    await rollCall(page).getByTestId("roll-call-attendance").first().waitFor();
    expect(await rollCall(page).getByTestId("roll-call-percentage").count()).toBe(0);
    await page.getByTestId("applicants-view").locator("input:checked").focus();
    for (let presses = 0; presses < 30; presses += 1) {
      if ((await focused(page)).control === "roll-call-attendance") break;
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Space");
    // the attendance is saved before the event's start moves: only the grade meets the refusal
    await expect.poll(() => textOf(rollRows(page).nth(0).getByTestId("roll-call-save"))).toBe("Saved");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({ control: "roll-call-grade", label: `Grade of ${first.full_name}` });

    // the event's start moves a day ahead behind the screen's back: the server refuses the pick, and its
    // reason shows under the grade
    const startsAt = (at: number) =>
      api(page, "PATCH", `/api/learning-events/${graded.id}`, { start_at: new Date(at).toISOString() });
    await startsAt(Date.now() + DAY);
    // typing narrows the letters to B+ and B; Enter takes the first
    await page.keyboard.type("B");
    await page.keyboard.press("Enter");
    const firstRow = rollRows(page).nth(0);
    await expect.poll(() => textOf(firstRow.getByTestId("roll-call-save"))).toBe("Not saved");
    const refusal = await textOf(firstRow.getByTestId("roll-call-error-grade"));
    expect(refusal).toMatch(/has not started/);
    expect(await firstRow.locator(".ant-select-selection-item").count()).toBe(0);
    // the field says why it is invalid to a screen reader too
    const describedBy = await page.evaluate(() => document.activeElement?.getAttribute("aria-describedby"));
    expect(describedBy).toBeTruthy();
    expect(await textOf(page.locator(`[id="${describedBy}"]`))).toBe(refusal);

    await startsAt(Date.now() - 60 * 60_000);
    await page.keyboard.type("B");
    await page.keyboard.press("Enter");
    await expect.poll(() => textOf(firstRow.getByTestId("roll-call-save"))).toBe("Saved");
    expect(await firstRow.getByTestId("roll-call-error-grade").count()).toBe(0);
    expect(await textOf(firstRow.locator(".ant-select-selection-item"))).toBe("B+");

    // the next applicant: absent, and "A" then the down arrow picks A, not A+
    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({
      control: "roll-call-attendance",
      label: `Attendance of ${second.full_name}`,
    });
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Tab");
    await page.keyboard.type("A");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => textOf(rollRows(page).nth(1).getByTestId("roll-call-save"))).toBe("Saved");

    const { body: saved } = await callApi<ApplicationRow[]>(
      page,
      "GET",
      `/api/applications?learning_event_id=${graded.id}&_sort=full_name&_order=asc&_start=0&_end=10`,
    );
    expect(saved.map((row) => [row.full_name, row.attendance, row.grade, row.percentage])).toEqual([
      [first.full_name, 1, "B+", null],
      [second.full_name, 2, "A", null],
    ]);
  });

  it("reads well in the provider's dark console too (axe, screenshot)", async () => {
    const providerContext = await newContext(browser);
    const provider = await providerContext.newPage();
    await signIn(provider, SUPERADMIN);
    await provider.goto(`${origin()}/admin/job-trainings/show/${eventId}?a_view=rollcall`);
    await rollCall(provider).getByTestId("roll-call-attendance").first().waitFor();
    await settleScreen(provider);
    // a refused mark, so that its words under the field are checked too: the event's start moves a day
    // ahead behind the screen's back, and the server refuses attendance
    const startsAt = (at: number) =>
      api(provider, "PATCH", `/api/learning-events/${eventId}`, { start_at: new Date(at).toISOString() });
    const { body: before } = await callApi<{ start_at: string }>(provider, "GET", `/api/learning-events/${eventId}`);
    await startsAt(Date.now() + DAY);
    const firstRow = rollRows(provider).nth(0);
    await firstRow.locator("input[type=radio]").nth(1).focus();
    await provider.keyboard.press("Space");
    await firstRow.getByTestId("roll-call-error-attendance").waitFor();
    expect(await textOf(firstRow.getByTestId("roll-call-save"))).toBe("Not saved");
    // the refused mark goes back to what is saved
    expect(await textOf(firstRow.locator(".ant-radio-button-wrapper-checked"))).toBe("Present");
    await startsAt(Date.parse(before.start_at));
    await provider.waitForTimeout(300);
    await shoot(provider, "roll-call-dark-console");
    // the section only: the record's own Delete button above it is the console's, not the roll call's
    const results = await new AxeBuilder({ page: provider })
      .include('[data-testid="applicants"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const serious = results.violations.filter((found) => found.impact === "serious" || found.impact === "critical");
    expect(
      serious.map((found) => `${found.id}: ${found.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    await providerContext.close();
  });

  const phone = { width: 390, height: 844 };
  const laptop = { width: 1366, height: 768 };
  for (const language of ["en-US", "np-NP"] as const) {
    for (const [device, size] of [
      ["laptop", laptop],
      ["phone", phone],
    ] as const) {
      it(`is clean under axe on a ${device} in ${language}, the name kept in view as the row scrolls`, async () => {
        await page.setViewportSize(size);
        await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language);
        await page.goto(eventPage(eventId, "?a_view=rollcall"));
        await rollCall(page).getByTestId("roll-call-attendance").first().waitFor();
        await settleScreen(page);
        if (language === "np-NP") {
          expect(await textOf(rollCall(page).locator(".ant-table-thead th").first())).toBe("विद्यार्थीको नाम");
        }
        await page.evaluate(() => document.fonts.ready);
        await shoot(page, `roll-call-${device}-${language}`);
        expect(await seriousViolations(page)).toEqual([]);

        // sideways, the name stays where it was
        const nameCell = rollRows(page).first().locator("td").first();
        const before = (await nameCell.boundingBox())?.x;
        const scroller = rollCall(page).locator(".ant-table-content");
        const room = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
        if (device === "phone") expect(room).toBeGreaterThan(0);
        await scroller.evaluate((element) => {
          element.scrollLeft = element.scrollWidth;
        });
        await page.waitForTimeout(200);
        expect((await nameCell.boundingBox())?.x).toBe(before);
        if (device === "phone") {
          await page.screenshot({ path: join(SHOTS, `roll-call-${device}-${language}-scrolled.png`) });
        }
      });
    }
  }
});
