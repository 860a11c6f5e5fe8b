import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { api, fillLogin } from "./support/app";
import { seriousViolations, settleScreen } from "./support/axe";
import { type RunningServer, startServer } from "./support/server";

/**
 * A career office's first day, in the built app on this file's own server: a college admin loads
 * a 10,000-row registrar's file with 300 planted problems of every kind the check knows. The
 * check lists exactly those 300, under their rows and columns, in English and in Nepali (read
 * from the problems' CSV the page offers); the fixed file creates and updates exactly the right
 * accounts, and importing it again changes nothing. The page is clean under axe on a laptop and
 * a phone.
 */
let server: RunningServer;
const run = Date.now().toString(36).slice(-5);
const ROWS = 10_000;
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The columns a planted problem is named under, as the template heads them in each language. */
const COLUMNS = {
  full_name: { en: "Full name", np: "पूरा नाम" },
  email: { en: "Email", np: "इमेल" },
  phone: { en: "Contact number", np: "सम्पर्क नम्बर" },
  program: { en: "Program/Department", np: "कार्यक्रम/विभाग" },
  year: { en: "Year", np: "वर्ष" },
  date: { en: "Date of birth", np: "जन्म मिति" },
  province: { en: "Province", np: "प्रदेश" },
  district: { en: "District", np: "जिल्ला" },
  municipality: { en: "Municipality", np: "स्थानीय तह" },
} as const;
const KINDS = [
  "missing-name",
  "bad-email",
  "bad-phone",
  "unknown-program",
  "year-out-of-range",
  "unknown-province",
  "unknown-district",
  "unknown-municipality",
  "district-outside-province",
  "bad-date",
  "duplicate-email",
  "other-institution",
] as const;
const FIELD_OF: Record<(typeof KINDS)[number], keyof typeof COLUMNS> = {
  "missing-name": "full_name",
  "bad-email": "email",
  "bad-phone": "phone",
  "unknown-program": "program",
  "year-out-of-range": "year",
  "unknown-province": "province",
  "unknown-district": "district",
  "unknown-municipality": "municipality",
  "district-outside-province": "district",
  "bad-date": "date",
  "duplicate-email": "email",
  "other-institution": "email",
};
const PLACES = [
  ["Bagmati", "Kathmandu", "Kathmandu Metropolitan City"],
  ["गण्डकी", "कास्की", "पोखरा महानगरपालिका"],
  ["Koshi", "Morang", "Biratnagar"],
  ["लुम्बिनी", "रुपन्देही", "बुटवल उपमहानगरपालिका"],
  ["Sudurpashchim", "Kailali", "Dhangadhi Sub-Metropolitan City"],
];
const PROGRAMS = ["BBA", "BIM", "BSc CSIT", "BBS", "MBS"];
const DEVANAGARI = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)));

interface Plan {
  /** The file as the registrar sent it, and as fixed. */
  broken: string;
  fixed: string;
  /** `row:column` of every planted problem, row as the spreadsheet numbers it. */
  expected: { row: number; field: keyof typeof COLUMNS }[];
}

/** Rows in the demo's shape: the first `existing.length` are the college's students, then new people. */
function planFile(existing: { email: string; full_name: string }[], others: string[]): Plan {
  const header =
    "Full name,Email,Contact number,Program/Department,Year,Date of birth,Province,District,Municipality,Skills";
  const broken = [header];
  const fixed = [header];
  const expected: Plan["expected"] = [];
  let planted = 0;
  for (let i = 0; i < ROWS; i++) {
    const known = existing[i];
    const place = PLACES[i % PLACES.length] ?? [];
    const cells = {
      name: known?.full_name ?? `Learner ${run} ${i}`,
      email: known?.email ?? `import.${run}.${i}@example.com`,
      phone: i % 3 === 0 ? DEVANAGARI(`98410${String(i).padStart(5, "0")}`) : `+977 98410${String(i).padStart(5, "0")}`,
      program: PROGRAMS[i % PROGRAMS.length] ?? "BBA",
      year: i % 4 === 0 ? DEVANAGARI(String((i % 5) + 1)) : String((i % 5) + 1),
      date: i % 3 === 0 ? "2003-04-15" : i % 3 === 1 ? "2060-01-02 BS" : DEVANAGARI("2059-11-20"),
      province: place[0] ?? "",
      district: place[1] ?? "",
      municipality: place[2] ?? "",
      skills: "Excel, Python",
    };
    const row = (c: typeof cells) =>
      [c.name, c.email, c.phone, c.program, c.year, c.date, c.province, c.district, c.municipality, c.skills]
        .map((cell) => `"${cell}"`)
        .join(",");
    fixed.push(row(cells));
    // 300 problems, one per row, spread over the file after the known students, every kind alike
    if (i >= 50 && (i - 50) % 33 === 0 && planted < 300) {
      const kind = KINDS[planted % KINDS.length] ?? "bad-email";
      const bad = { ...cells };
      if (kind === "missing-name") bad.name = "";
      if (kind === "bad-email") bad.email = `learner${i}.example.com`;
      if (kind === "bad-phone") bad.phone = "98-ABC-123";
      if (kind === "unknown-program") bad.program = "Astrology";
      if (kind === "year-out-of-range") bad.year = planted % 2 ? "51" : "0";
      if (kind === "unknown-province") bad.province = "Atlantis";
      if (kind === "unknown-district") bad.district = "Gotham";
      if (kind === "unknown-municipality") bad.municipality = "Springfield";
      if (kind === "district-outside-province")
        Object.assign(bad, { province: "Koshi", district: "Kaski", municipality: "" });
      if (kind === "bad-date") bad.date = "2003-02-30";
      if (kind === "duplicate-email") bad.email = `import.${run}.${i - 1}@example.com`;
      if (kind === "other-institution") bad.email = others[Math.floor(planted / KINDS.length) % others.length] ?? "";
      broken.push(row(bad));
      expected.push({ row: i + 2, field: FIELD_OF[kind] });
      planted++;
    } else {
      broken.push(row(cells));
    }
  }
  return { broken: `${broken.join("\r\n")}\r\n`, fixed: `${fixed.join("\r\n")}\r\n`, expected };
}

/** The problems' CSV the page offers, as rows of [row, column, message] (its header dropped). */
async function downloadedProblems(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-errors-csv").click()]);
  const text = readFileSync((await download.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
  return text
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => (line.match(/"((?:[^"]|"")*)"/g) ?? []).map((cell) => cell.slice(1, -1).replaceAll('""', '"')));
}

describe("importing a registrar's 10,000 students", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let plan: Plan;
  let studentsBefore: number;
  let firstKnown: string;

  const choose = async (name: string, content: string) => {
    await page
      .getByTestId("import-page")
      .locator("input[type=file]")
      .setInputFiles({
        name,
        mimeType: "text/csv",
        buffer: Buffer.from(content),
      });
  };
  const totalOf = async (path: string) => {
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem("csc-token")}` } });
      return Number(response.headers.get("x-total-count"));
    }, path);
    return answer;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // the other institution's people, read as provider staff
    const providerContext = await newContext(browser);
    const provider = await providerContext.newPage();
    await provider.goto(`${server.origin()}/login`);
    await fillLogin(provider, "skilllab.admin@example.com");
    await provider.waitForURL((url) => url.pathname.startsWith("/admin"));
    const employees = await api<{ email: string }[]>(provider, "GET", "/api/employees?_start=0&_end=100");
    await providerContext.close();

    context = await newContext(browser);
    page = await context.newPage();
    await page.goto(`${server.origin("kmc")}/login`);
    await fillLogin(page, "college.admin@example.com");
    await page.waitForURL((url) => url.pathname.startsWith("/admin"));
    const students = await api<{ email: string; full_name: string }[]>(page, "GET", "/api/students?_start=0&_end=40");
    studentsBefore = await totalOf("/api/students?_start=0&_end=1");
    plan = planFile(
      students,
      employees.map((employee) => employee.email),
    );
    firstKnown = students[0]?.email ?? "";
    expect(students).toHaveLength(40);
    expect(employees.length).toBeGreaterThanOrEqual(25);
    expect(plan.expected).toHaveLength(300);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("lists exactly the 300 problems under their rows and columns, in English and in Nepali", async () => {
    await page.goto(`${server.origin("kmc")}/admin/learners/students`);
    await page.getByTestId("resource-import").click();
    await page.getByTestId("import-page").waitFor();
    await choose("registrar.csv", plan.broken);
    await page.getByTestId("import-check").click();
    // a large file shows that it is being read
    await page.getByTestId("import-progress").waitFor({ timeout: 10_000 });
    await page.getByTestId("import-summary").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("import-summary").innerText()).toContain("10000 rows: 9700 valid, 300 with errors.");
    expect(await page.getByTestId("import-error-count").innerText()).toBe("300 problems");
    // with a row invalid and "only if every row is valid" ticked, nothing can be imported
    expect(await page.getByTestId("import-commit").isDisabled()).toBe(true);
    const english = await downloadedProblems(page);
    const wanted = plan.expected.map(({ row, field }) => [String(row), COLUMNS[field].en]);
    expect(english.map(([row, column]) => [row, column])).toEqual(wanted);
    expect(english.every(([, , message]) => Boolean(message))).toBe(true);
    expect(
      english.find(([, column, message]) => column === "Email" && /row \d+ of this file/.test(message ?? "")),
    ).toBeTruthy();
    expect(english.find(([, , message]) => /belongs to an account elsewhere/.test(message ?? ""))).toBeTruthy();

    for (const [size, viewport] of [
      ["laptop", LAPTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settleScreen(page);
      await page.screenshot({ path: `/tmp/csc-import-check-${size}.png`, fullPage: true });
      expect(await seriousViolations(page), `the check on a ${size}`).toEqual([]);
    }
    await page.setViewportSize(LAPTOP);

    await page.evaluate(() => localStorage.setItem("i18nextLng", "np-NP"));
    await page.reload();
    await page.getByTestId("import-page").waitFor();
    await choose("registrar.csv", plan.broken);
    await page.getByTestId("import-check").click();
    await page.getByTestId("import-summary").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("import-error-count").innerText()).toBe("३०० समस्या");
    const nepali = await downloadedProblems(page);
    expect(nepali.map(([row, column]) => [row, column])).toEqual(
      plan.expected.map(({ row, field }) => [String(row), COLUMNS[field].np]),
    );
    // every message in Nepali: Devanagari letters, no English sentence
    expect(
      nepali.every(
        ([, , message]) => /[\u0900-\u097F]/.test(message ?? "") && !/\b(the|this|is)\b/i.test(message ?? ""),
      ),
    ).toBe(true);
    expect(await seriousViolations(page), "the check in Nepali").toEqual([]);
    await page.evaluate(() => localStorage.setItem("i18nextLng", "en-US"));
  }, 240_000);

  it("imports the fixed file, creating and updating exactly the right accounts, and the same file again changes nothing", async () => {
    await page.goto(`${server.origin("kmc")}/admin/learners/students/import`);
    await page.getByTestId("import-page").waitFor();
    await choose("registrar-fixed.csv", plan.fixed);
    await page.getByTestId("import-check").click();
    await page.getByTestId("import-summary").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("import-summary").innerText()).toContain("10000 rows: 10000 valid, 0 with errors.");
    expect(await page.getByTestId("import-summary").innerText()).toContain(
      "create 9960, update 40 and leave 0 unchanged",
    );

    const started = Date.now();
    await page.getByTestId("import-commit").click();
    await page.getByTestId("import-done").waitFor({ timeout: 120_000 });
    const seconds = (Date.now() - started) / 1000;
    console.info(`import of ${ROWS} rows, from the click to the answer on screen: ${seconds.toFixed(1)} s`);
    expect(await page.locator(".ant-result-subtitle").innerText()).toBe(
      "9960 created, 40 updated, 0 unchanged, 0 with errors.",
    );
    expect(await totalOf("/api/students?_start=0&_end=1")).toBe(studentsBefore + 9960);
    // a student the college had: updated with the file's values (row 2: a Gregorian date, year 1 in Devanagari)
    const [updated] = await api<{ email: string; year: number; date_of_birth: string }[]>(
      page,
      "GET",
      `/api/students?_start=0&_end=1&q=${encodeURIComponent(firstKnown)}`,
    );
    expect(updated).toMatchObject({ email: firstKnown, year: 1, date_of_birth: "2003-04-15" });
    const made = await api<{ email: string; year: number; date_of_birth: string; program_department_id: number }[]>(
      page,
      "GET",
      `/api/students?_start=0&_end=5&q=${encodeURIComponent(`import.${run}.9999@`)}`,
    );
    expect(made).toEqual([expect.objectContaining({ email: `import.${run}.9999@example.com`, year: 5 })]);

    await page.goto(`${server.origin("kmc")}/admin/learners/students/import`);
    await page.getByTestId("import-page").waitFor();
    await choose("registrar-fixed.csv", plan.fixed);
    await page.getByTestId("import-check").click();
    await page.getByTestId("import-summary").waitFor({ timeout: 60_000 });
    await page.getByTestId("import-commit").click();
    await page.getByTestId("import-done").waitFor({ timeout: 120_000 });
    expect(await page.locator(".ant-result-subtitle").innerText()).toBe(
      "0 created, 0 updated, 10000 unchanged, 0 with errors.",
    );
    expect(await totalOf("/api/students?_start=0&_end=1")).toBe(studentsBefore + 9960);

    // the record of both imports, which the college's admins read
    await page.goto(`${server.origin("kmc")}/admin/learners/imports`);
    await page.locator(".ant-table-row").first().waitFor();
    const records = await api<{ file_name: string; created: number; updated: number; unchanged: number }[]>(
      page,
      "GET",
      "/api/imports?_start=0&_end=10&_sort=at&_order=desc",
    );
    expect(records.slice(0, 2)).toEqual([
      expect.objectContaining({ file_name: "registrar-fixed.csv", created: 0, updated: 0, unchanged: 10000 }),
      expect.objectContaining({ file_name: "registrar-fixed.csv", created: 9960, updated: 40, unchanged: 0 }),
    ]);
    await settleScreen(page);
    expect(await seriousViolations(page), "the imports' record").toEqual([]);
  }, 300_000);
});
