import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The applicant export a director can send on: the applicant table's
 * columns under their labels in the caller's language, values as the table shows them, a file
 * named after the posting and the day, as CSV or as an Excel workbook of the same cells, each
 * download in Download Logs with its format.
 */

let t: TestApp;
let editor: Record<string, string>;
let editorId = 0;
let jobId = 0;
const MARK = `exp${Date.now().toString(36)}`;
const TITLE = "Data Analyst Intern — Kathmandu (2026)";
const SLUG = "data-analyst-intern-kathmandu-2026";
const FORMULA = '=HYPERLINK("http://example.com","click")';
const today = () => new Date().toISOString().slice(0, 10);
/** The posting's applicants, oldest first: the view the posting's page exports. */
const view = (extra = "") => `job_opportunity_id=${jobId}&_sort=applied_at&_order=asc${extra}`;

beforeAll(async () => {
  t = await createTestApp();
  editor = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, "college.editor@example.com", "kmc")) };
  const { db } = t.app;
  editorId = (
    await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "college.editor@example.com")
      .executeTakeFirstOrThrow()
  ).id;
  const kmc = (
    await db.selectFrom("institutions").select("id").where("subdomain", "=", "kmc").executeTakeFirstOrThrow()
  ).id;
  const now = new Date().toISOString();
  jobId = (
    await db
      .insertInto("job_opportunities")
      .values({
        title: TITLE,
        job_type: "internship",
        deadline: new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10),
        publish_status: 1,
        institution_id: kmc,
        recruiter_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const posting = { job_opportunity_id: jobId };
  await db
    .insertInto("applications")
    .values([
      applicationRow(posting, {
        full_name: "Bina Thapa",
        email: `bina.${MARK}@example.com`,
        applied_at: "2026-03-05T12:00:00.000Z",
        stage: "hired",
        attendance: 2,
        applicant_type: null,
        contact_number: null,
        department: null,
      }),
      applicationRow(posting, {
        full_name: FORMULA,
        email: `formula.${MARK}@example.com`,
        profession: "+977 analyst",
        applied_at: "2026-11-26T12:00:00.000Z",
        stage: "final_interview",
        attendance: 1,
        applicant_type: "college",
        completion_status: "complete",
        department: "BBA",
      }),
    ])
    .execute();
});
afterAll(async () => {
  await t.close();
});

const exportOf = (query: string, language = "en-US") =>
  t.app.inject({
    url: `/api/applications/export?${query}`,
    headers: { ...editor, "accept-language": language },
  });

/** The cells of a CSV whose every cell is quoted (shared/csv.ts). */
function csvTable(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? "").replace(/""/g, '"')));
}

async function xlsxTable(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no worksheet");
  return sheet;
}

const EN_HEADER = [
  "S.No.",
  "Student Name",
  "Skill match",
  "Email",
  "Contact number",
  "Profession",
  "Institution",
  "Applied Date",
  "Applicant Type",
  "Status",
  "Department/Program",
  "Attendance",
  "Assessment",
  "Completion status",
];

describe("the applicant export", () => {
  it("writes a posting's applicants as CSV under the table's labels, values as words, named after the posting", async () => {
    const res = await exportOf(view());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const name = `${SLUG}-applicants-${today()}.csv`;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    const [header, bina, formula, ...more] = csvTable(res.body);
    expect(more).toEqual([]);
    expect(header).toEqual(EN_HEADER);
    expect(bina).toEqual([
      "1",
      "Bina Thapa",
      "",
      `bina.${MARK}@example.com`,
      "",
      "",
      "",
      "Mar 5, 2026",
      "N/A",
      "Hired",
      "",
      "Absent",
      "",
      "",
    ]);
    expect(formula).toEqual([
      "2",
      // a spreadsheet would run it: the leading ' keeps it text
      `'${FORMULA}`,
      "",
      `formula.${MARK}@example.com`,
      "",
      "'+977 analyst",
      "",
      "Nov 26, 2026",
      "College",
      "Final Interview",
      "BBA",
      "Present",
      "",
      "Complete",
    ]);
    expect(res.body).not.toMatch(/null|undefined/);
  });

  it("speaks the caller's language: Nepali labels, words and Devanagari digits", async () => {
    const res = await exportOf(view(), "np-NP");
    expect(res.statusCode, res.body).toBe(200);
    const [header, bina, formula] = csvTable(res.body);
    expect(header).toEqual([
      "क्र.सं.",
      "विद्यार्थीको नाम",
      "सीप मेल",
      "इमेल",
      "सम्पर्क नम्बर",
      "पेशा",
      "संस्था",
      "आवेदन मिति",
      "आवेदकको प्रकार",
      "स्थिति",
      "विभाग/कार्यक्रम",
      "उपस्थिति",
      "मूल्याङ्कन",
      "पूरा भएको स्थिति",
    ]);
    expect(bina?.[0]).toBe("१");
    expect(bina?.[7]).toBe("मार्च ५, २०२६");
    expect(bina?.[8]).toBe("उपलब्ध छैन");
    expect(bina?.[9]).toBe("नियुक्त");
    expect(bina?.[11]).toBe("अनुपस्थित");
    expect(formula?.[7]).toBe("नोभे. २६, २०२६");
    expect(formula?.[8]).toBe("कलेज");
    expect(formula?.[9]).toBe("अन्तिम अन्तर्वार्ता");
    expect(formula?.[11]).toBe("उपस्थित");
    expect(formula?.[13]).toBe("पूरा");
    expect(res.body).not.toMatch(/null|undefined/);
  });

  it("writes dates in Bikram Sambat for a caller who reads that calendar, as their screen does", async () => {
    const calendarOf = (calendar: "gregorian" | "bikram-sambat") =>
      t.app.db.updateTable("users").set({ calendar }).where("id", "=", editorId).execute();
    await calendarOf("bikram-sambat");
    try {
      const [, bina, formula] = csvTable((await exportOf(view())).body);
      // 5 March 2026 is 21 Falgun 2082; 26 November 2026 is 10 Mangsir 2083
      expect(bina?.[7]).toBe("21 Falgun 2082");
      expect(formula?.[7]).toBe("10 Mangsir 2083");
      const [, binaNp] = csvTable((await exportOf(view(), "np-NP")).body);
      expect(binaNp?.[7]).toBe("२१ फागुन २०८२");
    } finally {
      await calendarOf("gregorian");
    }
  });

  it("gives the same view as an Excel workbook: bold header, the same words, formulas kept as text", async () => {
    const res = await exportOf(view("&format=xlsx"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const name = `${SLUG}-applicants-${today()}.xlsx`;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    const sheet = await xlsxTable(res.rawPayload);
    expect(sheet.rowCount).toBe(3);
    const rowValues = (n: number) => EN_HEADER.map((_, i) => sheet.getRow(n).getCell(i + 1).value ?? "");
    expect(rowValues(1)).toEqual(EN_HEADER);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).not.toBe(true);
    expect(rowValues(2)).toEqual([
      "1",
      "Bina Thapa",
      "",
      `bina.${MARK}@example.com`,
      "",
      "",
      "",
      "Mar 5, 2026",
      "N/A",
      "Hired",
      "",
      "Absent",
      "",
      "",
    ]);
    const formulaRow = rowValues(3);
    expect(formulaRow[7]).toBe("Nov 26, 2026");
    expect(formulaRow[9]).toBe("Final Interview");
    expect(formulaRow[11]).toBe("Present");
    // the formula-looking values are the text they were, in string cells, never formulas
    for (const [column, text] of [
      [2, FORMULA],
      [6, "+977 analyst"],
    ] as const) {
      const cell = sheet.getRow(3).getCell(column);
      expect(cell.value).toBe(text);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    // and in the file itself: no formula element anywhere in the sheet
    const xml = await (await JSZip.loadAsync(res.rawPayload)).file("xl/worksheets/sheet1.xml")?.async("string");
    expect(xml).toBeTruthy();
    expect(xml).not.toMatch(/<f[ >]/);
    sheet.eachRow((row) => row.eachCell((cell) => expect(String(cell.value)).not.toMatch(/null|undefined/)));
  });

  it("writes Nepali headers in the workbook too", async () => {
    const sheet = await xlsxTable((await exportOf(view("&format=xlsx"), "np-NP")).rawPayload);
    expect(sheet.getRow(1).getCell(2).value).toBe("विद्यार्थीको नाम");
    expect(sheet.getRow(2).getCell(8).value).toBe("मार्च ५, २०२६");
    expect(sheet.getRow(2).getCell(10).value).toBe("नियुक्त");
  });

  it("names applicants of several postings by date alone, with each row's posting by its title", async () => {
    const res = await exportOf(`q=${MARK}&_sort=applied_at&_order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const name = `applicants-${today()}.csv`;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    const [header, bina] = csvTable(res.body);
    expect(header?.at(-1)).toBe("Posting");
    expect(bina?.at(-1)).toBe(TITLE);
  });

  it("logs every download with its view and format, and refuses a format it does not make", async () => {
    const before = await t.app.db
      .selectFrom("download_logs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect((await exportOf(view())).statusCode).toBe(200);
    expect((await exportOf(view("&format=xlsx"))).statusCode).toBe(200);
    const logs = await t.app.db
      .selectFrom("download_logs")
      .selectAll()
      .where("resource", "=", "applications")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(
      Number(
        (
          await t.app.db
            .selectFrom("download_logs")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(before.n) + 2);
    const [xlsx, csv] = logs;
    for (const [log, format] of [
      [csv, "csv"],
      [xlsx, "xlsx"],
    ] as const) {
      expect(log).toMatchObject({ user_id: editorId, resource: "applications", row_count: 2 });
      expect(JSON.parse(log?.filters ?? "{}")).toEqual({
        job_opportunity_id: String(jobId),
        _sort: "applied_at",
        _order: "asc",
        format,
      });
    }

    const bad = await exportOf(view("&format=pdf"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toHaveProperty("format");
  });

  it("leaves other resources' exports as they were: field names, the resource's file name", async () => {
    const admin = bearer(await tokenFor(t.app, "superadmin@example.com", "provider"));
    const res = await t.app.inject({
      url: "/api/institutions/export?_end=5",
      headers: { ...admin, host: hostOf("provider") },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="institutions.csv"; filename*=UTF-8''institutions.csv`,
    );
    const [header] = csvTable(res.body);
    expect(header).toContain("subdomain");
    const xlsx = await t.app.inject({
      url: "/api/institutions/export?format=xlsx",
      headers: { ...admin, host: hostOf("provider") },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await xlsxTable(xlsx.rawPayload);
    expect(sheet.getRow(1).values).toContain("subdomain");
  });
});
