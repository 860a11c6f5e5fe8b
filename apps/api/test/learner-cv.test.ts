import type { LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CV_BYTES } from "../src/domain/learner-cv.js";
import { UPLOAD_QUOTA_BYTES } from "../src/routes/uploads.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { applicationRow } from "./applications-fixture.js";
import { bearer, body, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * A learner's CV is a PDF by its content, counted against their uploads like an image,
 * and read only by them and the staff who may read one of their applications or their account.
 * Everybody else is told nothing (404); nobody signed in is turned away (401).
 */

interface Account {
  id: number;
  headers: Record<string, string>;
}

let t: TestApp;
const accounts = new Map<string, Account>();
const account = (email: string) => {
  const found = accounts.get(email);
  if (!found) throw new Error(`no demo account ${email}`);
  return found;
};

/** A small, well-formed PDF: header, one empty page, cross-reference table and trailer. */
function pdf(text = "CV"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}

function uploadCv(who: Account | null, content: Buffer, name = "cv.pdf", type = "application/pdf") {
  const boundary = "----csc-cv-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/profile/cv",
    headers: {
      ...(who?.headers ?? { host: hostOf("kmc") }),
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

const fileError = (res: LightMyRequestResponse) => body<{ errors?: { file?: string } }>(res).errors?.file;
const get = (who: Account | null, url: string) =>
  t.app.inject({ url, headers: who?.headers ?? { host: hostOf("kmc") } });
const cvRow = async (userId: number) =>
  t.app.db
    .selectFrom("users")
    .select(["cv_upload_id", "cv_file_name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

let everestJob = 0;
let studentApplication = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const demo of DEMO_ACCOUNTS) {
    const token = await tokenFor(t.app, demo.email, demo.site);
    const headers = { ...bearer(token), host: hostOf(demo.site) };
    const profile = body<{ data: { id: number } }>(await t.app.inject({ url: "/api/profile", headers })).data;
    accounts.set(demo.email, { id: profile.id, headers });
  }
  const db = t.app.db;
  const everest = (
    await db.selectFrom("recruiters").select("id").where("name", "=", "Everest Recruiters").executeTakeFirstOrThrow()
  ).id;
  const now = new Date().toISOString();
  // biome-ignore lint/suspicious/noExplicitAny: a catalogue row with only the columns this test needs
  const anyDb = db as unknown as Kysely<any>;
  everestJob = (
    (await anyDb
      .insertInto("job_opportunities")
      .values({
        title: "CV test job",
        job_type: "internship",
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        publish_status: 1,
        institution_id: null,
        recruiter_id: everest,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()) as { id: number }
  ).id;
  const student = await db
    .selectFrom("users")
    .select(["id", "institution_id", "full_name", "email"])
    .where("email", "=", "student@example.com")
    .executeTakeFirstOrThrow();
  studentApplication = (
    await db
      .insertInto("applications")
      .values(
        applicationRow(
          { job_opportunity_id: everestJob },
          {
            user_id: student.id,
            institution_id: student.institution_id,
            full_name: student.full_name,
            email: student.email,
            profession: "Student",
          },
        ),
      )
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe("a learner's CV upload is a PDF by its content, within the upload limits", () => {
  it("stores a real PDF, names it as given, and gives it back to its owner", async () => {
    const student = account("student@example.com");
    const res = await uploadCv(student, pdf("first"), "Sita Sharma CV.pdf");
    expect(res.statusCode).toBe(201);
    expect(body<{ data: { file_name: string } }>(res).data.file_name).toBe("Sita Sharma CV.pdf");
    const summary = body<{ data: { file_name: string; url: string } | null }>(await get(student, "/api/profile/cv"));
    expect(summary.data?.file_name).toBe("Sita Sharma CV.pdf");
    const file = await get(student, summary.data?.url ?? "");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(String(file.headers["content-disposition"])).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(pdf("first"))).toBe(true);
  });

  it("refuses a PNG named .pdf and declared as a PDF", async () => {
    const learner = account("learner@example.com");
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const res = await uploadCv(learner, png, "cv.pdf", "application/pdf");
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toBe("Choose a PDF file.");
    expect((await cvRow(learner.id)).cv_upload_id).toBeNull();
  });

  it("refuses a text file that holds %PDF- in the middle", async () => {
    const learner = account("learner@example.com");
    const text = Buffer.from(`Curriculum vitae\n${pdf().toString("latin1")}`, "latin1");
    const res = await uploadCv(learner, text, "cv.pdf");
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toBe("Choose a PDF file.");
  });

  it("refuses a PDF larger than the limit, and stores nothing of it", async () => {
    const learner = account("learner@example.com");
    const before = await t.app.db.selectFrom("uploads").select("id").where("user_id", "=", learner.id).execute();
    const padding = Buffer.alloc(MAX_CV_BYTES + 1024, 0x20);
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n", "latin1"), padding, Buffer.from("\n%%EOF\n", "latin1")]);
    const res = await uploadCv(learner, big, "big.pdf");
    expect(res.statusCode).toBe(400);
    expect(fileError(res)).toBe(`The CV must be at most ${MAX_CV_BYTES / 1024 / 1024} MB.`);
    const after = await t.app.db.selectFrom("uploads").select("id").where("user_id", "=", learner.id).execute();
    expect(after.length).toBe(before.length);
  });

  it("refuses a CV past the learner's upload quota with 413 under the file", async () => {
    const employee = account("employee@example.com");
    await t.app.db
      .insertInto("uploads")
      .values({
        name: "quota-filler.png",
        user_id: employee.id,
        bytes: UPLOAD_QUOTA_BYTES - 100,
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .execute();
    const res = await uploadCv(employee, pdf("quota"));
    expect(res.statusCode).toBe(413);
    expect(fileError(res)).toMatch(/this CV cannot be stored/);
    expect((await cvRow(employee.id)).cv_upload_id).toBeNull();
  });

  it("is for learners: a staff member has no CV to upload", async () => {
    const res = await uploadCv(account("recruiter.editor@example.com"), pdf());
    expect(res.statusCode).toBe(403);
  });

  it("turns away an upload from nobody signed in", async () => {
    const res = await uploadCv(null, pdf());
    expect(res.statusCode).toBe(401);
  });
});

describe("who may read a learner's CV", () => {
  const studentCv = () => `/api/learners/${account("student@example.com").id}/cv`;

  it("the staff who own a posting the learner applied to: through the applicant and by the learner", async () => {
    const recruiter = account("recruiter.editor@example.com");
    const res = await get(recruiter, `/api/applications/${studentApplication}/applicant`);
    expect(res.statusCode).toBe(200);
    const applicant = body<{ data: Record<string, unknown> & { cv: { url: string; file_name: string } } }>(res).data;
    // the essentials and nothing else of the account
    expect(Object.keys(applicant).sort()).toEqual(
      ["contact_number", "cv", "department", "email", "full_name", "institution", "profession", "skills"].sort(),
    );
    expect(applicant.email).toBe("student@example.com");
    expect(applicant.profession).toBe("Student");
    expect(applicant.cv.file_name).toBe("Sita Sharma CV.pdf");
    const file = await get(recruiter, applicant.cv.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await get(account("recruiter.viewer@example.com"), studentCv())).statusCode).toBe(200);
  });

  it("the staff of the learner's own institution", async () => {
    expect((await get(account("college.editor@example.com"), studentCv())).statusCode).toBe(200);
    expect((await get(account("college.viewer@example.com"), studentCv())).statusCode).toBe(200);
  });

  it("not another learner", async () => {
    expect((await get(account("learner@example.com"), studentCv())).statusCode).toBe(404);
    expect((await get(account("employee@example.com"), studentCv())).statusCode).toBe(404);
  });

  it("not a recruiter or company with no application from that learner", async () => {
    // the demo data has the student apply to the recruiter's postings too: none of them is left
    const studentId = account("student@example.com").id;
    const theirs = t.app.db.selectFrom("applications").select("id").where("user_id", "=", studentId);
    await t.app.db.deleteFrom("application_history").where("application_id", "in", theirs).execute();
    await t.app.db.deleteFrom("applications").where("user_id", "=", studentId).execute();
    expect((await get(account("recruiter.editor@example.com"), studentCv())).statusCode).toBe(404);
    expect((await get(account("company.admin@example.com"), studentCv())).statusCode).toBe(404);
    expect(
      (await get(account("recruiter.editor@example.com"), `/api/applications/${studentApplication}/applicant`))
        .statusCode,
    ).toBe(404);
  });

  it("not nobody signed in", async () => {
    expect((await get(null, studentCv())).statusCode).toBe(401);
    expect((await get(null, "/api/profile/cv/file")).statusCode).toBe(401);
  });

  it("never as a public upload", async () => {
    const row = await t.app.db
      .selectFrom("users as u")
      .innerJoin("uploads as up", "up.id", "u.cv_upload_id")
      .select("up.name")
      .where("u.id", "=", account("student@example.com").id)
      .executeTakeFirstOrThrow();
    expect((await get(null, `/api/uploads/${row.name}`)).statusCode).toBe(404);
  });
});

describe("replacing and removing a CV", () => {
  it("a new CV replaces the old one and frees its share of the quota; removing leaves none", async () => {
    const student = account("student@example.com");
    const before = await cvRow(student.id);
    const res = await uploadCv(student, pdf("second"), "New CV.pdf");
    expect(res.statusCode).toBe(201);
    const after = await cvRow(student.id);
    expect(after.cv_file_name).toBe("New CV.pdf");
    expect(after.cv_upload_id).not.toBe(before.cv_upload_id);
    const old = await t.app.db
      .selectFrom("uploads")
      .select("id")
      .where("id", "=", before.cv_upload_id ?? 0)
      .executeTakeFirst();
    expect(old).toBeUndefined();
    expect((await get(student, "/api/profile/cv/file")).rawPayload.equals(pdf("second"))).toBe(true);

    const removed = await t.app.inject({ method: "DELETE", url: "/api/profile/cv", headers: student.headers });
    expect(removed.statusCode).toBe(200);
    expect(body<{ data: unknown }>(await get(student, "/api/profile/cv")).data).toBeNull();
    expect((await get(student, "/api/profile/cv/file")).statusCode).toBe(404);
    expect((await get(account("college.editor@example.com"), `/api/learners/${student.id}/cv`)).statusCode).toBe(404);
    const left = await t.app.db.selectFrom("uploads").select("id").where("user_id", "=", student.id).execute();
    expect(left).toEqual([]);
  });
});
