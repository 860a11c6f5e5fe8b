import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, createMailedTestApp, login, type MailedTestApp } from "./helpers.js";

let t: MailedTestApp;
beforeAll(async () => {
  t = await createMailedTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("forgot password over SMTP", () => {
  it("e-mails a reset link that resets the password", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      headers: { host: "kmc.localhost:3000" },
      payload: { email: "college.editor@example.com" },
    });
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    const mail = t.mailbox.received.find((m) => m.to.includes("college.editor@example.com"));
    expect(mail?.raw).toContain("Subject: Reset your password");
    const link = await t.mailbox.linkTo("college.editor@example.com", "/reset-password");
    expect(link.origin).toBe("http://kmc.localhost:3000");
    expect(link.pathname).toBe("/reset-password");

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: {
        token: link.searchParams.get("token"),
        password: "Fresh#Start99",
        password_confirmation: "Fresh#Start99",
      },
    });
    expect(body(reset).message).toBe("Your password has been reset. You can sign in with the new password.");
    expect((await login(t.app, "college.editor@example.com", "kmc", "Fresh#Start99")).statusCode).toBe(200);
    // the outbox records that it went out, and never the link
    const recorded = await t.app.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body", "status"])
      .where("to_address", "=", "college.editor@example.com")
      .execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ subject: "Reset your password", status: "sent" });
    expect(recorded[0]?.text_body).toContain("token=[redacted]");
    expect(recorded[0]?.text_body).not.toContain(link.searchParams.get("token"));
  });

  it("sends the e-mail in Nepali when the request is in Nepali", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      headers: { "accept-language": "np-NP" },
      payload: { email: "learner@example.com" },
    });
    await t.deliverMail();
    const mail = t.mailbox.received.find((m) => m.to.includes("learner@example.com"));
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/i);
    expect(mail?.text).toContain("नयाँ पासवर्ड राख्न यो लिङ्क खोल्नुहोस्");
    expect((await t.mailbox.linkTo("learner@example.com", "/reset-password")).origin).toBe("http://localhost");
  });
});
