import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, createTestApp, login, type TestApp } from "./helpers.js";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
let smtp: SMTPServer;
const inbox: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text of a single-part message, whichever transfer encoding nodemailer chose. */
const textOf = (raw: string) => {
  const [headers = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const content = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(content, "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = content
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return content;
};

const linkIn = (raw: string) => new URL(/https?:\/\/[^\s"<>]+token=[\w-]+/.exec(textOf(raw))?.[0] ?? "http://missing/");

describe("forgot password over SMTP", () => {
  it("e-mails a reset link that resets the password", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      headers: { host: "kmc.localhost:3000" },
      payload: { email: "college.editor@example.com" },
    });
    expect(res.statusCode).toBe(200);
    const mail = inbox.find((m) => m.to.includes("college.editor@example.com"));
    expect(mail?.raw).toContain("Subject: Reset your password");
    const link = linkIn(mail?.raw ?? "");
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
    // with a mail server configured nothing is left in the outbox table
    expect(await t.app.db.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
  });

  it("sends the e-mail in Nepali when the request is in Nepali", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      headers: { "accept-language": "np-NP" },
      payload: { email: "learner@example.com" },
    });
    const mail = inbox.find((m) => m.to.includes("learner@example.com"));
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/i);
    expect(textOf(mail?.raw ?? "")).toContain("नयाँ पासवर्ड राख्न यो लिङ्क खोल्नुहोस्");
    expect(linkIn(mail?.raw ?? "").origin).toBe("http://localhost");
  });
});
