import { IMPORT_MAX_ROWS } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createMailedTestApp, hostOf, type MailedTestApp, multipartBody, tokenFor } from "./helpers.js";

/**
 * Importing learners from a spreadsheet: the template in the caller's language, a check that
 * writes nothing and names every row's every problem under its column, a commit in one
 * transaction whose new accounts are mailed a link (read from a real SMTP mailbox on loopback),
 * and the record of each import.
 */
let t: MailedTestApp;
let collegeAdmin: string;
let collegeViewer: string;
let companyAdmin: string;
let provider: string;
let kmcId: number;
let himalId: number;

beforeAll(async () => {
  t = await createMailedTestApp();
  collegeAdmin = await tokenFor(t.app, "college.admin@example.com", "kmc");
  collegeViewer = await tokenFor(t.app, "college.viewer@example.com", "kmc");
  companyAdmin = await tokenFor(t.app, "company.admin@example.com", "himal");
  provider = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
  const institutions = await t.app.db.selectFrom("institutions").select(["id", "subdomain"]).execute();
  kmcId = institutions.find((row) => row.subdomain === "kmc")?.id ?? 0;
  himalId = institutions.find((row) => row.subdomain === "himal")?.id ?? 0;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Result {
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: { row: number; field: string; message: string }[];
}

const importFile = (
  token: string,
  site: string,
  list: "students" | "employees",
  query: string,
  file: { name: string; content: Buffer | string },
  fields: Record<string, string> = {},
  language = "en-US",
) => {
  const { payload, headers } = multipartBody(file, fields);
  return t.app.inject({
    method: "POST",
    url: `/api/${list}/import?${query}`,
    headers: { ...bearer(token), ...headers, host: hostOf(site), "accept-language": language },
    payload,
  });
};
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: Result }>().data;
const csv = (rows: string[][]) => `${rows.map((row) => row.map((cell) => `"${cell}"`).join(",")).join("\r\n")}\r\n`;
const HEADER = [
  "Full name",
  "Email",
  "Contact number",
  "Program/Department",
  "Year",
  "Date of birth",
  "Province",
  "District",
  "Municipality",
  "Skills",
];
const userCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the template", () => {
  it("names the columns in the caller's language, as CSV or Excel", async () => {
    for (const [language, first] of [
      ["en-US", "Full name"],
      ["np-NP", "पूरा नाम"],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/students/import/template?format=csv",
        headers: { ...bearer(collegeAdmin), host: hostOf("kmc"), "accept-language": language },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/csv/);
      expect(res.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toContain(`"${first}"`);
    }
    const xlsx = await t.app.inject({
      method: "GET",
      url: "/api/students/import/template?format=xlsx",
      headers: { ...bearer(collegeAdmin), host: hostOf("kmc") },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("is for whoever may add the list's learners", async () => {
    const get = (token: string, site: string, list: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/${list}/import/template`,
        headers: { ...bearer(token), host: hostOf(site) },
      });
    expect((await get(collegeViewer, "kmc", "students")).statusCode).toBe(403);
    const student = await tokenFor(t.app, "student@example.com", "kmc");
    const recruiter = await tokenFor(t.app, "recruiter.admin@example.com", "recruiter");
    expect((await get(student, "kmc", "students")).statusCode).toBe(403);
    expect((await get(recruiter, "recruiter", "employees")).statusCode).toBe(403);
    expect((await get(companyAdmin, "himal", "students")).statusCode).toBe(403);
    expect((await get(companyAdmin, "himal", "employees")).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/students/import/template" })).statusCode).toBe(401);
  });
});

describe("a check", () => {
  it("names every problem of every row under its column, in the caller's language, and writes nothing", async () => {
    const before = await userCount();
    const file = csv([
      HEADER,
      [
        "Asha Rai",
        "asha.import@example.com",
        "+977 ९८४१२३४५६७",
        "BBA",
        "२",
        "2058-05-12 BS",
        "Bagmati",
        "Kathmandu",
        "Kathmandu Metropolitan City",
        "Excel; Python",
      ],
      ["", "not-an-email", "98x", "Astrology", "51", "2001-02-30", "Atlantis", "", "", ""],
      ["Bina Rai", "asha.import@example.com", "", "", "", "", "", "", "", ""],
      ["Chandra Rai", "employee@example.com", "", "", "", "", "Koshi", "Kathmandu", "", ""],
      ["Deepa Rai", "college.admin@example.com", "", "", "", "", "", "", "", ""],
    ]);
    const res = await importFile(collegeAdmin, "kmc", "students", "mode=check", { name: "intake.csv", content: file });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    expect(data).toMatchObject({ total: 5, valid: 1, invalid: 4, created: 1, updated: 0, unchanged: 0 });
    expect(data.errors.map(({ row, field }) => [row, field])).toEqual([
      [3, "full_name"],
      [3, "email"],
      [3, "phone"],
      [3, "program_department_id"],
      [3, "year"],
      [3, "date_of_birth"],
      [3, "province_id"],
      [4, "email"],
      [5, "email"],
      [5, "district_id"],
      [6, "email"],
    ]);
    expect(data.errors.find((error) => error.row === 4)?.message).toMatch(/row 2/);
    expect(data.errors.find((error) => error.row === 5 && error.field === "email")?.message).toMatch(/elsewhere/);
    expect(data.errors.find((error) => error.row === 6)?.message).toMatch(/another kind/);
    expect(await userCount()).toBe(before);

    const nepali = dataOf(
      await importFile(
        collegeAdmin,
        "kmc",
        "students",
        "mode=check",
        { name: "intake.csv", content: file },
        {},
        "np-NP",
      ),
    );
    expect(nepali.errors).toHaveLength(data.errors.length);
    expect(nepali.errors.find((error) => error.row === 4)?.message).toMatch(/पङ्क्ति २/);
  });

  it("reads headers in Nepali, a BOM, and refuses a file without the name or e-mail column", async () => {
    const nepaliHeader = csv([
      ["पूरा नाम", "इमेल", "वर्ष"],
      ["Gita Rai", "gita.import@example.com", "३"],
    ]);
    const res = await importFile(collegeAdmin, "kmc", "students", "mode=check", {
      name: "np.csv",
      content: `\uFEFF${nepaliHeader}`,
    });
    expect(dataOf(res)).toMatchObject({ total: 1, valid: 1, created: 1, errors: [] });
    const bad = await importFile(collegeAdmin, "kmc", "students", "mode=check", {
      name: "x.csv",
      content: csv([["Name only"], ["Hari"]]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors.file).toMatch(/Full name, Email/);
    const latin1 = await importFile(collegeAdmin, "kmc", "students", "mode=check", {
      name: "x.csv",
      content: Buffer.from([0x46, 0x75, 0x6c, 0x6c, 0xe9, 0x0a]),
    });
    expect(latin1.json<{ errors: Record<string, string> }>().errors.file).toMatch(/UTF-8/);
  });
});

describe("a file", () => {
  it("is refused whole when it is not a workbook or CSV it can read, or is too long", async () => {
    const notAZip = await importFile(collegeAdmin, "kmc", "students", "mode=check", {
      name: "bomb.xlsx",
      content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2_000, 7)]),
    });
    expect(notAZip.statusCode).toBe(400);
    expect(notAZip.json<{ errors: Record<string, string> }>().errors.file).toMatch(/cannot be read/);
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`P ${i}`, `p${i}@example.com`]);
    const long = await importFile(collegeAdmin, "kmc", "students", "mode=check", {
      name: "long.csv",
      content: csv([["Full name", "Email"], ...rows]),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ errors: Record<string, string> }>().errors.file).toMatch(/more than 20000 rows/);
    // the limit itself fits, blank lines after it are no rows
    const fits = await importFile(collegeAdmin, "kmc", "students", "mode=check", {
      name: "fits.csv",
      content: `${csv([["Full name", "Email"], ...rows.slice(1)])}\r\n\r\n\r\n`,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(dataOf(fits).total).toBe(IMPORT_MAX_ROWS);
  });
});

describe("a commit", () => {
  const file = csv([
    HEADER,
    ["Hari Karki", "hari.import@example.com", "9841000001", "BBA", "1", "२०५८-०५-१२", "बागमती", "काठमाडौं", "", "Excel"],
    ["Sita Karki", "sita.import@example.com", "", "BIM", "2", "2001-08-28", "", "", "", ""],
    ["Bad Row", "bad", "", "", "", "", "", "", "", ""],
  ]);

  it("with all_or_nothing writes nothing while a row is invalid", async () => {
    const before = await userCount();
    const res = await importFile(collegeAdmin, "kmc", "students", "mode=commit&all_or_nothing=true", {
      name: "all.csv",
      content: file,
    });
    expect(dataOf(res)).toMatchObject({ total: 3, invalid: 1, created: 0, updated: 0 });
    expect(await userCount()).toBe(before);
  });

  it("makes accounts of the valid rows, mails each a link, records the import, and changes nothing the second time", async () => {
    const first = dataOf(
      await importFile(collegeAdmin, "kmc", "students", "mode=commit", { name: "intake.csv", content: file }),
    );
    expect(first).toMatchObject({ total: 3, valid: 2, invalid: 1, created: 2, updated: 0, unchanged: 0 });
    // whoever loaded it is told what became of it (in their bell: their choice by default)
    const bell = await t.app.inject({
      url: "/api/notifications",
      headers: { host: hostOf("kmc"), authorization: `Bearer ${collegeAdmin}` },
    });
    expect(bell.json<{ kind: string; body: string; link: string }[]>()[0]).toEqual(
      expect.objectContaining({
        kind: "import-finished",
        body: "intake.csv: 2 added, 0 updated, 1 not loaded.",
        link: "/admin/learners/imports",
      }),
    );
    const hari = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "hari.import@example.com")
      .executeTakeFirstOrThrow();
    expect(hari).toMatchObject({
      role: "STUDENT",
      institution_id: kmcId,
      year: 1,
      date_of_birth: "2001-08-28",
      skills: '["Excel"]',
    });
    expect(hari.province_id).not.toBeNull();
    expect(hari.district_id).not.toBeNull();

    await t.app.mailQueue.drain(new Date(Date.now() + 5_000));
    const link = await t.mailbox.linkTo("hari.import@example.com", "/reset-password");
    expect(link.host).toBe("kmc.localhost");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      headers: { host: hostOf("kmc") },
      payload: {
        token: link.searchParams.get("token"),
        password: "Imported#2026",
        password_confirmation: "Imported#2026",
      },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: hostOf("kmc") },
      payload: { email: "hari.import@example.com", password: "Imported#2026" },
    });
    expect(login.statusCode, login.body).toBe(200);

    const second = dataOf(
      await importFile(collegeAdmin, "kmc", "students", "mode=commit", { name: "intake.csv", content: file }),
    );
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const changed = csv([HEADER, ["Sita Karki", "sita.import@example.com", "", "BIM", "3", "", "", "", "", ""]]);
    const third = dataOf(
      await importFile(collegeAdmin, "kmc", "students", "mode=commit", { name: "year.csv", content: changed }),
    );
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 0 });

    const records = await t.app.inject({
      method: "GET",
      url: "/api/imports?_sort=at&_order=desc",
      headers: { ...bearer(collegeAdmin), host: hostOf("kmc") },
    });
    expect(records.statusCode).toBe(200);
    const rows = records.json<Record<string, unknown>[]>();
    expect(rows[0]).toMatchObject({
      resource: "students",
      file_name: "year.csv",
      total: 1,
      updated: 1,
      by: expect.any(String),
    });
    expect(rows.find((row) => row.file_name === "intake.csv" && row.created === 2)).toMatchObject({ invalid: 1 });
    // the all-or-nothing refusal wrote no record
    expect(rows.some((row) => row.file_name === "all.csv")).toBe(false);
    // another institution reads none of them
    const company = await t.app.inject({
      method: "GET",
      url: "/api/imports",
      headers: { ...bearer(companyAdmin), host: hostOf("himal") },
    });
    const theirs = company.json<{ institution_id: number }[]>();
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.institution_id === himalId)).toBe(true);
    const viewer = await t.app.inject({
      method: "GET",
      url: "/api/imports",
      headers: { ...bearer(collegeViewer), host: hostOf("kmc") },
    });
    expect(viewer.statusCode).toBe(403);
  });

  it("leaves another institution's learner as they were", async () => {
    const employee = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "employee@example.com")
      .executeTakeFirstOrThrow();
    const res = await importFile(collegeAdmin, "kmc", "students", "mode=commit", {
      name: "theirs.csv",
      content: csv([HEADER, ["Renamed", "employee@example.com", "", "", "7", "", "", "", "", ""]]),
    });
    expect(dataOf(res)).toMatchObject({ invalid: 1, created: 0, updated: 0 });
    expect(
      await t.app.db.selectFrom("users").selectAll().where("id", "=", employee.id).executeTakeFirstOrThrow(),
    ).toEqual(employee);
  });

  it("reads an Excel workbook", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Students");
    sheet.addRow(HEADER);
    sheet.addRow([
      "Kamal Shah",
      "kamal.import@example.com",
      "9800000000",
      "BSc CSIT",
      4,
      new Date(Date.UTC(2002, 0, 15)),
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(collegeAdmin, "kmc", "students", "mode=commit", {
      name: "intake.xlsx",
      content: bytes,
    });
    expect(dataOf(res)).toMatchObject({ total: 1, created: 1, errors: [] });
    const kamal = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "kamal.import@example.com")
      .executeTakeFirstOrThrow();
    expect(kamal).toMatchObject({ year: 4, date_of_birth: "2002-01-15", phone: "9800000000" });
  });
});

describe("provider staff", () => {
  it("name the institution, which must be of the list's kind", async () => {
    const content = csv([HEADER, ["Nabin Lama", "nabin.import@example.com", "", "", "", "", "", "", "", ""]]);
    const none = await importFile(provider, "provider", "employees", "mode=check", { name: "e.csv", content });
    expect(none.json<{ errors: Record<string, string> }>().errors.institution_id).toBeTruthy();
    const college = await importFile(
      provider,
      "provider",
      "employees",
      "mode=check",
      { name: "e.csv", content },
      {
        institution_id: String(kmcId),
      },
    );
    expect(college.json<{ errors: Record<string, string> }>().errors.institution_id).toBeTruthy();
    const company = await importFile(
      provider,
      "provider",
      "employees",
      "mode=commit",
      { name: "e.csv", content },
      {
        institution_id: String(himalId),
      },
    );
    expect(dataOf(company)).toMatchObject({ created: 1 });
    const nabin = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "nabin.import@example.com")
      .executeTakeFirstOrThrow();
    expect(nabin).toMatchObject({ role: "EMPLOYEE", institution_id: himalId });
  });

  it("and institution staff cannot load another list or institution", async () => {
    const content = csv([HEADER, ["Om Lama", "om.import@example.com", "", "", "", "", "", "", "", ""]]);
    expect(
      (await importFile(companyAdmin, "himal", "students", "mode=check", { name: "s.csv", content })).statusCode,
    ).toBe(403);
    expect(
      (await importFile(collegeViewer, "kmc", "students", "mode=check", { name: "s.csv", content })).statusCode,
    ).toBe(403);
    // a college admin naming another institution still loads their own
    const own = await importFile(
      collegeAdmin,
      "kmc",
      "students",
      "mode=commit",
      { name: "s.csv", content },
      {
        institution_id: String(himalId),
      },
    );
    expect(dataOf(own)).toMatchObject({ created: 1 });
    const om = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "om.import@example.com")
      .executeTakeFirstOrThrow();
    expect(om.institution_id).toBe(kmcId);
  });
});
