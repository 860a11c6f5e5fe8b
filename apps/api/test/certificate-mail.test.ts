import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createMailedTestApp, hostOf, type MailedTestApp, tokenFor } from "./helpers.js";

/**
 * The mail that a certificate is ready: staff complete a learner's course, and the
 * learner is told in the language they enrolled in, with the certificate's code and the address of
 * its public page on the issuing site — read from a real mailbox, never from the product's tables.
 */

let t: MailedTestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createMailedTestApp();
  headers.student = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, "student@example.com", "kmc")) };
  headers.editor = { host: hostOf("kmc"), ...bearer(await tokenFor(t.app, "college.editor@example.com", "kmc")) };
});
afterAll(async () => {
  await t.close();
});

describe("a certificate issued", () => {
  it("is mailed to the learner in the language they enrolled in, naming the issuer, with its page", async () => {
    const { db } = t.app;
    const student = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "student@example.com")
      .executeTakeFirstOrThrow();
    const kmc = await db
      .selectFrom("institutions")
      .select(["id", "name"])
      .where("subdomain", "=", "kmc")
      .executeTakeFirstOrThrow();
    const course = await db
      .selectFrom("courses")
      .select(["id", "title"])
      .where("institution_id", "=", kmc.id)
      .where("publish_status", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("enrolments").where("user_id", "=", student.id).where("course_id", "=", course.id).execute();

    const enrolled = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/enrol`,
      headers: { ...headers.student, "accept-language": "np-NP" },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const enrolmentId = enrolled.json<{ id: number }>().id;

    // the editor works in English; the learner enrolled in Nepali
    const completed = await t.app.inject({
      method: "PATCH",
      url: `/api/enrolments/${enrolmentId}`,
      headers: headers.editor,
      payload: { completed: true },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const { certificate_code: code } = completed.json<{ certificate_code: string }>();
    expect(code).toMatch(/^CSC-/);

    await t.app.mailQueue.drain(new Date(Date.now() + 5_000));
    const mails = t.mailbox.received.filter(
      (mail) => mail.to.includes("student@example.com") && mail.text.includes(code),
    );
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(text).toContain("बधाई छ");
    expect(text).toContain(`“${course.title}”`);
    expect(text).toContain(kmc.name);
    // the date in Devanagari digits, the code and the address as written
    expect(text).toMatch(/[०-९]{4}/);
    const link = /https?:\/\/[^\s]+\/certificates\/CSC-[\w-]+/.exec(text)?.[0] ?? "";
    expect(new URL(link).pathname).toBe(`/certificates/${code}`);
    expect(new URL(link).hostname).toBe("kmc.localhost");
    // and the learner's bell says so, in the language they read it in, linking to the certificate
    const bell = await t.app.inject({ url: "/api/notifications", headers: headers.student });
    expect(bell.json<{ kind: string; title: string; body: string; link: string }[]>()[0]).toEqual(
      expect.objectContaining({
        kind: "certificate-issued",
        title: "Your certificate is ready",
        body: `${course.title}: your certificate is ready to view and print.`,
        link: `/certificates/${code}`,
      }),
    );
    // the page it names verifies it
    const verify = await t.app.inject({ url: `/api/public/certificates/${code}`, headers: { host: hostOf("kmc") } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json<{ data: { holder: string } }>().data.holder).toBeTruthy();

    // completing again issues nothing new, and mails nothing more
    await t.app.inject({
      method: "PATCH",
      url: `/api/enrolments/${enrolmentId}`,
      headers: headers.editor,
      payload: { completed: true },
    });
    await t.app.mailQueue.drain(new Date(Date.now() + 5_000));
    expect(
      t.mailbox.received.filter((mail) => mail.to.includes("student@example.com") && mail.text.includes(code)),
    ).toHaveLength(1);
  });
});
