import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { MAX_ATTEMPTS, queueMails, STALE_CLAIM_MS } from "../src/platform/mail-queue.js";
import type { Mail } from "../src/platform/mailer.js";
import { bearer, body, createMailedTestApp, hostOf, type MailedTestApp, tokenFor } from "./helpers.js";

/**
 * Every mail is a row of the mail queue, written in the transaction of the change that causes
 * it, and sent by a worker in every API process with retries and back-off: a crash between the
 * commit and the send loses nothing, a retry sends nothing twice, and the provider's
 * administrators see what waits and what failed. Mail is read from a real SMTP mailbox on loopback
 * that can refuse it; time moves by draining the queue at a later moment, never by sleeping.
 */
let t: MailedTestApp;
let admin: string;

beforeAll(async () => {
  t = await createMailedTestApp();
  admin = await tokenFor(t.app, "skilllab.admin@example.com", "provider");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const mailsTo = (address: string) => t.mailbox.received.filter((mail) => mail.to.includes(address));
const rowsTo = (address: string) =>
  t.app.db.selectFrom("mail_queue").selectAll().where("to_address", "=", address).execute();
const note = (to: string): Mail => ({
  to,
  subject: `A note for ${to}`,
  text: `Hello,\n\nChoose your password: http://localhost/reset-password?token=secret-of-${to}\n`,
});
/** Another API process on the same database, as a second server or a restart would be. */
async function anotherProcess(): Promise<FastifyInstance> {
  const app = await buildApp(t.app.config, { prepareDatabase: false, logger: false });
  await app.ready();
  return app;
}
const later = (from: number, ms: number) => new Date(from + ms);

describe("the mail queue", () => {
  it("queues a change's mail in its transaction: a change rolled back mails nobody", async () => {
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await queueMails(trx, [note("rolled.back@example.com")]);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowsTo("rolled.back@example.com")).toEqual([]);

    // a real change: the invitation and its mail commit together, and the mail arrives once
    const res = await t.app.inject({
      method: "POST",
      url: "/api/invitations",
      headers: { ...bearer(admin), host: hostOf("provider") },
      payload: { full_name: "Queued Person", email: "queued.person@example.com", role: "SKILLLAB_EDITOR" },
    });
    expect(res.statusCode).toBe(201);
    await t.mailbox.linkTo("queued.person@example.com", "/invitation");
    await t.app.mailQueue.drain();
    expect(mailsTo("queued.person@example.com")).toHaveLength(1);
    expect(await rowsTo("queued.person@example.com")).toEqual([]);
  });

  it("sends, from the next process, the mail of a change committed by one that stopped before sending", {
    timeout: 90_000,
  }, async () => {
    const crashed = await anotherProcess();
    // this process's sender is gone, as if it had died the moment the change committed
    await crashed.mailQueue.stop();
    const forgot = await crashed.inject({
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: "learner@example.com" },
    });
    expect(forgot.statusCode).toBe(200);
    await crashed.close();
    expect(await rowsTo("learner@example.com")).toHaveLength(1);

    const next = await anotherProcess();
    try {
      await next.mailQueue.drain();
      await t.app.mailQueue.drain();
    } finally {
      await next.close();
    }
    const link = await t.mailbox.linkTo("learner@example.com", "/reset-password");
    expect(link.pathname).toBe("/reset-password");
    expect(mailsTo("learner@example.com")).toHaveLength(1);
    expect(await rowsTo("learner@example.com")).toEqual([]);
  });

  it("takes over the mail of a process that died while sending it, once its claim is stale", async () => {
    const now = Date.now();
    await t.app.db.transaction().execute(async (trx) => {
      await queueMails(trx, [note("claimed@example.com")]);
      await trx
        .updateTable("mail_queue")
        .set({ claimed_by: "a process that died", claimed_at: new Date(now).toISOString() })
        .where("to_address", "=", "claimed@example.com")
        .execute();
    });
    await t.app.mailQueue.drain(later(now, 10_000));
    expect(mailsTo("claimed@example.com")).toHaveLength(0);
    await t.app.mailQueue.drain(later(now, STALE_CLAIM_MS + 1_000));
    expect(mailsTo("claimed@example.com")).toHaveLength(1);
    expect(await rowsTo("claimed@example.com")).toEqual([]);
  });

  it("tries a refused mail again after a back-off, sending it once and the rest of its batch once", async () => {
    t.mailbox.refuse("busy@example.com", 2);
    await queueMails(t.app.db, ["first@example.com", "busy@example.com", "last@example.com"].map(note));
    const start = Date.now();
    await t.app.mailQueue.drain();
    expect(mailsTo("first@example.com")).toHaveLength(1);
    expect(mailsTo("last@example.com")).toHaveLength(1);
    const [refused] = await rowsTo("busy@example.com");
    expect(refused).toMatchObject({ state: "waiting", attempts: 1, claimed_by: null });
    expect(refused?.last_error).toMatch(/452/);
    // 30 seconds, give or take a fifth
    expect(Date.parse(refused?.send_after ?? "")).toBeGreaterThanOrEqual(start + 24_000);
    expect(Date.parse(refused?.send_after ?? "")).toBeLessThanOrEqual(Date.now() + 36_000);

    await t.app.mailQueue.drain(later(start, 20_000));
    expect((await rowsTo("busy@example.com"))[0]?.attempts).toBe(1);
    await t.app.mailQueue.drain(later(start, 40_000));
    const [again] = await rowsTo("busy@example.com");
    expect(again?.attempts).toBe(2);
    // a minute, give or take a fifth, from the second try
    expect(Date.parse(again?.send_after ?? "")).toBeGreaterThanOrEqual(start + 40_000 + 48_000);
    await t.app.mailQueue.drain(later(start, 40_000 + 80_000));

    expect(mailsTo("busy@example.com")).toHaveLength(1);
    expect(mailsTo("first@example.com")).toHaveLength(1);
    expect(mailsTo("last@example.com")).toHaveLength(1);
    expect(await rowsTo("busy@example.com")).toEqual([]);
    // every try of a queued mail carries the same Message-ID, made from its row
    expect(mailsTo("busy@example.com")[0]?.raw).toMatch(/^Message-ID: <mail-\d+-\d+@[^>]+>/im);
  });

  it("gives a mail up as failed after its last try, shows it to the provider's administrators, and sends it again when asked", async () => {
    // the demo's own failed mails are counted too
    const failedBefore = await t.app.db
      .selectFrom("mail_queue")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "=", "failed")
      .executeTakeFirstOrThrow();
    t.mailbox.refuse("full@example.com", Number.POSITIVE_INFINITY);
    await queueMails(t.app.db, [note("full@example.com")]);
    let at = Date.now();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await t.app.mailQueue.drain(new Date(at));
      at += 2 * 3_600_000;
    }
    const [given] = await rowsTo("full@example.com");
    expect(given).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
    await t.app.mailQueue.drain(new Date(at));
    expect((await rowsTo("full@example.com"))[0]?.attempts).toBe(MAX_ATTEMPTS);

    const list = await t.app.inject({ url: "/api/mail-queue?state=failed&_start=0&_end=25", headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers["x-total-count"])).toBeGreaterThanOrEqual(1);
    const shown = body<Record<string, unknown>[]>(list).find((row) => row.to_address === "full@example.com");
    expect(shown).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS, last_error: expect.stringMatching(/452/) });
    const counts = await t.app.inject({ url: "/api/mail-queue/counts", headers: bearer(admin) });
    expect(body<{ data: Record<string, number> }>(counts).data).toMatchObject({ failed: Number(failedBefore.n) + 1 });
    expect(body<{ data: Record<string, number> }>(counts).data.sent_last_24h).toBeGreaterThan(0);

    t.mailbox.refuse("full@example.com", 0);
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/mail-queue/${given?.id}/resend`,
      headers: bearer(admin),
    });
    expect(resend.statusCode).toBe(200);
    await t.app.mailQueue.drain();
    expect(mailsTo("full@example.com")).toHaveLength(1);
    expect(await rowsTo("full@example.com")).toEqual([]);
    // a mail that waits is not one to send again
    await queueMails(t.app.db, [note("not.failed@example.com")], { sendAfter: new Date(at).toISOString() });
    const [waiting] = await rowsTo("not.failed@example.com");
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/mail-queue/${waiting?.id}/resend`,
      headers: bearer(admin),
    });
    expect(refused.statusCode).toBe(404);
  });

  it("sends every mail once when two processes drain the queue at the same moment", { timeout: 90_000 }, async () => {
    const addresses = Array.from({ length: 60 }, (_, i) => `crowd.${i}@example.com`);
    await queueMails(t.app.db, addresses.map(note));
    const second = await anotherProcess();
    try {
      await Promise.all([t.app.mailQueue.drain(), second.mailQueue.drain(), second.mailQueue.drain()]);
      await t.app.mailQueue.drain();
    } finally {
      await second.close();
    }
    for (const address of addresses) expect(mailsTo(address), address).toHaveLength(1);
    const left = await t.app.db.selectFrom("mail_queue").select("id").where("to_address", "like", "crowd.%").execute();
    expect(left).toEqual([]);
  });

  it("shows the queue to the provider's administrators only, with the secrets taken out of the text", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await queueMails(
      t.app.db,
      [
        note("shown@example.com"),
        { to: "code@example.com", subject: "Your code", text: "Your sign-in code is 424242.", secrets: ["424242"] },
      ],
      { sendAfter: future },
    );
    const res = await t.app.inject({ url: "/api/mail-queue?_start=0&_end=100", headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const rows = body<Record<string, unknown>[]>(res);
    for (const row of rows) expect(row).not.toHaveProperty("text_body");
    const shown = await t.app.inject({
      url: `/api/mail-queue/${rows.find((row) => row.to_address === "shown@example.com")?.id}`,
      headers: bearer(admin),
    });
    expect(shown.body).not.toContain("secret-of-");
    expect(body<{ redacted_body: string }>(shown).redacted_body).toContain("token=[redacted]");
    expect(res.body).not.toContain("424242");
    const code = rows.find((row) => row.to_address === "code@example.com");
    const codeRow = await t.app.inject({ url: `/api/mail-queue/${code?.id}`, headers: bearer(admin) });
    expect(codeRow.body).not.toContain("424242");

    const superAdmin = await tokenFor(t.app, "superadmin@example.com", "provider");
    expect((await t.app.inject({ url: "/api/mail-queue", headers: bearer(superAdmin) })).statusCode).toBe(200);
    for (const email of ["skilllab.editor@example.com", "skilllab.viewer@example.com", "learner@example.com"]) {
      const token = await tokenFor(t.app, email, "provider");
      for (const url of ["/api/mail-queue", "/api/mail-queue/counts"]) {
        expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, `${email} ${url}`).toBe(403);
      }
    }
    const college = await tokenFor(t.app, "college.admin@example.com", "kmc");
    expect(
      (await t.app.inject({ url: "/api/mail-queue", headers: { ...bearer(college), host: hostOf("kmc") } })).statusCode,
    ).toBe(403);
  });
});
