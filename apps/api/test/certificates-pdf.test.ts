import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toDevanagariDigits } from "@csc/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_PDF_RULE } from "../src/routes/certificates.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * A certificate worth having: verifying a code says who issued it and where it is
 * verified, and `{code}.pdf` is the printable certificate, read back here with poppler's
 * pdftotext: the holder's name in both scripts (Devanagari shaped and extractable), what was
 * completed, when, by whom, the code and the verify address; in np-NP with Nepali labels and
 * Devanagari digits. Unknown and revoked codes are 404 like the verify route.
 */

let t: TestApp;
const STUDENT = "student@example.com";
const COLLEGE_EDITOR = "college.editor@example.com";
const NAME = "Sita Sharma सीता शर्मा";
/** The port the test requests come in on: the verify address keeps it. */
const HOST = "localhost:3000";
let code = "";
let enrolmentId = 0;
let course = { id: 0, title: "" };
let kmc = { id: 0, name: "" };
let editor: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  kmc = await db
    .selectFrom("institutions")
    .select(["id", "name"])
    .where("subdomain", "=", "kmc")
    .executeTakeFirstOrThrow();
  course = await db
    .selectFrom("courses")
    .select(["id", "title"])
    .where("institution_id", "=", kmc.id)
    .where("recruiter_id", "is", null)
    .where("publish_status", "=", 1)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const student = await db.selectFrom("users").select("id").where("email", "=", STUDENT).executeTakeFirstOrThrow();
  // the student's seeded journey in this course makes way for the one completed here
  await db.deleteFrom("enrolments").where("user_id", "=", student.id).where("course_id", "=", course.id).execute();

  const learner = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, STUDENT, "kmc")) };
  editor = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, COLLEGE_EDITOR, "kmc")) };
  const enrolled = await t.app.inject({ method: "POST", url: `/api/courses/${course.id}/enrol`, headers: learner });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  enrolmentId = enrolled.json<{ id: number }>().id;
  const completed = await t.app.inject({
    method: "PATCH",
    url: `/api/enrolments/${enrolmentId}`,
    headers: editor,
    payload: { completed: true },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  code = completed.json<{ certificate_code: string }>().certificate_code;
  expect(code).toMatch(/^CSC-/);
  await db.updateTable("users").set({ full_name: NAME }).where("id", "=", student.id).execute();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const verify = (certificate: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/public/certificates/${certificate}`, headers: { host: HOST, ...headers } });

const pdf = (certificate: string, query = "", ip = "10.77.0.1") =>
  t.app.inject({
    url: `/api/public/certificates/${certificate}.pdf${query}`,
    headers: { host: HOST },
    remoteAddress: ip,
  });

/** The PDF's text as poppler reads it (whitespace runs as one space), and its page facts. */
function readPdf(res: LightMyRequestResponse): { text: string; info: string } {
  const dir = mkdtempSync(join(tmpdir(), "csc-certificate-"));
  try {
    const file = join(dir, "certificate.pdf");
    writeFileSync(file, res.rawPayload);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    return { text: text.replace(/\s+/g, " "), info };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const verifyUrl = () => `http://kmc.localhost:3000/certificates/${code}`;

describe("verifying a certificate", () => {
  it("says who issued it and where it is verified, and nothing secret", async () => {
    const res = await verify(code);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(data).sort()).toEqual([
      "code",
      "completed_at",
      "holder",
      "issued_by",
      "item_type",
      "title",
      "verify_url",
    ]);
    expect(data).toEqual({
      code,
      holder: NAME,
      title: course.title,
      item_type: "course",
      completed_at: expect.any(String),
      issued_by: kmc.name,
      verify_url: verifyUrl(),
    });
    expect(res.body).not.toContain("@example.com");
  });

  it("names the provider as the product does when the provider owns the item, in the caller's language", async () => {
    const row = await t.app.db
      .selectFrom("enrolments as e")
      .innerJoin("courses as c", "c.id", "e.course_id")
      .select("e.certificate_code")
      .where("c.institution_id", "is", null)
      .where("c.recruiter_id", "is", null)
      .where("e.certificate_code", "is not", null)
      .executeTakeFirstOrThrow();
    const provider = String(row.certificate_code);
    const en = (await verify(provider)).json<{ data: Record<string, unknown> }>().data;
    expect(en).toMatchObject({
      issued_by: "Skill Lab",
      verify_url: `http://localhost:3000/certificates/${provider}`,
    });
    const np = (await verify(provider, { "accept-language": "ne-NP" })).json<{ data: Record<string, unknown> }>().data;
    expect(np.issued_by).toBe("स्किल ल्याब");
  });

  it("issues a learning event's certificate from the event's owner", async () => {
    const row = await t.app.db
      .selectFrom("applications as a")
      .innerJoin("learning_events as e", "e.id", "a.learning_event_id")
      .leftJoin("institutions as i", "i.id", "e.institution_id")
      .select(["a.certificate_code", "i.name", "i.subdomain"])
      .where("a.certificate_code", "is not", null)
      .where("a.completion_status", "=", "complete")
      .where("e.institution_id", "is not", null)
      .executeTakeFirstOrThrow();
    const data = (await verify(String(row.certificate_code))).json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({
      item_type: "learning-event",
      issued_by: row.name,
      verify_url: `http://${row.subdomain}.localhost:3000/certificates/${row.certificate_code}`,
    });
  });
});

describe("the printable certificate", () => {
  it("is an A4 landscape PDF with the holder in both scripts, the item, the date, the issuer, the code and the address", async () => {
    const res = await pdf(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="certificate-${code}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, info } = readPdf(res);
    expect(info).toMatch(/Pages:\s+1\b/);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.2\d pts \(A4\)/);
    expect(text).toContain("Certificate of Completion");
    expect(text).toContain("Sita Sharma");
    // shaped Devanagari still reads back as the letters written
    expect(text).toContain("सीता");
    expect(text).toContain("has completed the course");
    expect(text).toContain(course.title.replace(/\s+/g, " "));
    expect(text).toContain(kmc.name);
    expect(text).toContain(code);
    expect(text).toContain(verifyUrl());
    const completed = await t.app.db
      .selectFrom("enrolments")
      .select("completed_at")
      .where("id", "=", enrolmentId)
      .executeTakeFirstOrThrow();
    const year = String(completed.completed_at).slice(0, 4);
    expect(text).toMatch(new RegExp(`Completed on [A-Z][a-z]{2} \\d{1,2}, ${year}`));
    expect(text).not.toContain("@example.com");
  });

  it("is in Nepali with ?lang=np-NP: Nepali labels, Devanagari digits, the code as issued", async () => {
    const res = await pdf(code.toLowerCase(), "?lang=np-NP");
    expect(res.statusCode, res.body).toBe(200);
    const { text } = readPdf(res);
    expect(text).toContain("समापन प्रमाणपत्र");
    expect(text).toContain("प्रमाणपत्र कोड");
    expect(text).toContain("पाठ्यक्रम");
    expect(text).not.toContain("Certificate of Completion");
    expect(text).toContain("सीता");
    expect(text).toContain("Sita Sharma");
    const completed = await t.app.db
      .selectFrom("enrolments")
      .select("completed_at")
      .where("id", "=", enrolmentId)
      .executeTakeFirstOrThrow();
    expect(text).toContain(toDevanagariDigits(String(completed.completed_at).slice(0, 4)));
    expect(text).not.toContain("Completed on");
    // the code and the address are what a reader types in: never rewritten
    expect(text).toContain(code);
    expect(text).toContain(verifyUrl());
  });

  it("answers an unknown code 404 as the verify route does, and a language it does not know 400", async () => {
    const unknown = await pdf("CSC-2222-2222-2222");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/application\/json/);
    expect(unknown.json()).toEqual({ message: "Not found." });
    const bad = await pdf(code, "?lang=fr-FR");
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toHaveProperty("lang");
  });

  it("is limited per address", async () => {
    const ip = "10.77.0.99";
    // the address has printed its allowance in this window already
    await t.app.db
      .insertInto("auth_throttle")
      .values({
        key: `certificate-pdf:ip:${ip}`,
        window_start: new Date().toISOString(),
        failures: CERTIFICATE_PDF_RULE.limit,
      })
      .execute();
    const refused = await pdf(code, "", ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await pdf(code, "", "10.77.0.100")).statusCode).toBe(200);
  });

  it("answers 503 with a message when its fonts are missing", async () => {
    const config = t.app.config as { certificateFontDir: string };
    const dir = config.certificateFontDir;
    config.certificateFontDir = join(tmpdir(), "no-fonts-here");
    try {
      const res = await pdf(code);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: "Certificates cannot be printed right now. Please try again later." });
    } finally {
      config.certificateFontDir = dir;
    }
    expect((await pdf(code)).statusCode).toBe(200);
  });

  it("is gone once the completion is taken back", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/enrolments/${enrolmentId}`,
      headers: editor,
      payload: { completed: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pdf(code)).statusCode).toBe(404);
    expect((await verify(code)).statusCode).toBe(404);
  });
});
