import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHART_DOWNLOAD_RULE } from "../src/routes/dashboard.js";
import { APPLIED_AGAIN_MAIL_RULE } from "../src/routes/public-postings.js";
import { bearer, createMailedTestApp, hostOf, type MailedTestApp, tokenFor } from "./helpers.js";
import type { ReceivedMail } from "./mailbox.js";

/**
 * Findings of an outside probe about accounts, each written as the attack it stops: the public
 * apply page told who had applied, an old token came back to life when a role was changed and
 * changed back, and anyone signed in could write the Download Logs full. Runs on SQLite and, with
 * TEST_POSTGRES_URL, on PostgreSQL.
 */

let t: MailedTestApp;
beforeAll(async () => {
  t = await createMailedTestApp();
});
afterAll(async () => {
  await t.close();
});

const userId = async (email: string) =>
  (await t.app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("the public apply page does not tell who applied", () => {
  let serial = 0;
  const stamp = () => new Date().toISOString();
  /** A published job for everyone, open for two months: every site shows it. */
  async function openJob() {
    const title = `Probe job ${++serial}`;
    const { id } = await t.app.db
      .insertInto("job_opportunities")
      .values({
        title,
        job_type: "internship",
        description: "<p>Paid internship.</p>",
        deadline: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
        access_scope: "all",
        publish_status: 1,
        institution_id: null,
        recruiter_id: null,
        created_by: "1_provider",
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id, title };
  }

  let ip = 0;
  const guestApply = (id: number, payload: Record<string, unknown>, language = "en-US") =>
    t.app.inject({
      method: "POST",
      url: `/api/public/job-opportunities/${id}/apply`,
      headers: { host: hostOf("provider"), "accept-language": language },
      // each from its own address: the page's throttle is not what is tested here
      remoteAddress: `10.77.0.${++ip}`,
      payload,
    });

  const applications = async (id: number, email: string) =>
    t.app.db
      .selectFrom("applications")
      .select(["id", "full_name", "user_id"])
      .where("job_opportunity_id", "=", id)
      .where("email", "=", email)
      .execute();

  /** A header of a received mail, its RFC 2047 encoded words decoded. */
  function headerOf(mail: ReceivedMail, name: string): string {
    const [head = ""] = mail.raw.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
    const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? "";
    return line
      .slice(name.length + 1)
      .trim()
      .replace(/\?=\s+=\?/g, "?==?")
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
        encoding.toLowerCase() === "b"
          ? Buffer.from(text, "base64").toString("utf8")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              "latin1",
            ).toString("utf8"),
      );
  }

  const mailsTo = (address: string) => t.mailbox.received.filter((mail) => mail.to.includes(address));

  /** The mails `address` has received, once there are `count` of them (the mail follows the answer). */
  async function awaitMails(address: string, count: number) {
    for (let attempt = 0; attempt < 100 && mailsTo(address).length < count; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return mailsTo(address);
  }

  it("answers a second application with the same e-mail exactly as the first, stores nothing and mails the owner", async () => {
    const job = await openJob();
    const first = await guestApply(
      job.id,
      { full_name: "Asha Rai", email: "asha.probe@example.org", contact_number: "+977 1 4412345" },
      "np-NP",
    );
    // somebody else, who wants to know whether Asha applied
    const second = await guestApply(
      job.id,
      { full_name: "Curious Visitor", email: " Asha.Probe@Example.ORG ", contact_number: "+977 1 5550101" },
      "np-NP",
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["content-length"]).toBe(first.headers["content-length"]);

    const rows = await applications(job.id, "asha.probe@example.org");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.full_name).toBe("Asha Rai");

    // the owner of the address is told, in the language the page was used in; the first got its receipt
    const mails = await awaitMails("asha.probe@example.org", 2);
    expect(mails).toHaveLength(2);
    const receipt = mails.find((m) => headerOf(m, "Subject").includes("आवेदन प्राप्त भयो"));
    expect(receipt?.text).toContain("नमस्ते Asha Rai");
    const [mail, ...more] = mails.filter((m) => m !== receipt);
    expect(more).toEqual([]);
    expect(headerOf(mail as ReceivedMail, "Subject")).toBe("तपाईंले पहिले नै आवेदन दिइसक्नुभएको छ");
    expect(mail?.text).toContain(`“${job.title}”`);
    expect(mail?.text).toContain("पहिलेको आवेदन कायमै छ");
    // nothing the visitor typed reaches the owner's mailbox
    expect(mail?.raw).not.toContain("Curious Visitor");
  });

  it("answers alike for the e-mail of an account that applied signed in, and mails its owner in English", async () => {
    const job = await openJob();
    const student = await tokenFor(t.app, "student@example.com", "kmc");
    const own = await t.app.inject({
      method: "POST",
      url: `/api/job-opportunities/${job.id}/apply`,
      headers: { host: hostOf("kmc"), ...bearer(student) },
      payload: {},
    });
    expect(own.statusCode, own.body).toBe(201);

    const stranger = await guestApply(job.id, {
      full_name: "New Visitor",
      email: "new.visitor@example.org",
      contact_number: "+977 1 4412345",
    });
    const probe = await guestApply(job.id, {
      full_name: "Curious Visitor",
      email: "Student@Example.com",
      contact_number: "+977 1 4412345",
    });
    expect(stranger.statusCode, stranger.body).toBe(201);
    expect(probe.statusCode, probe.body).toBe(201);
    expect(probe.body).toBe(stranger.body);

    const rows = await applications(job.id, "student@example.com");
    expect(rows).toEqual([expect.objectContaining({ user_id: await userId("student@example.com") })]);
    // the student's own receipt, then the word that the address applied again
    const told = (await awaitMails("student@example.com", 2))
      .filter((mail) => mail.text.includes(job.title))
      .filter((mail) => !headerOf(mail, "Subject").includes("we have received your application"));
    expect(told).toHaveLength(1);
    expect(headerOf(told[0] as ReceivedMail, "Subject")).toBe("You have already applied");
    expect(told[0]?.text).toContain("Your earlier application stands");
    // the new visitor gets their receipt, nothing else
    const visitor = await awaitMails("new.visitor@example.org", 1);
    expect(visitor.map((mail) => headerOf(mail, "Subject"))).toEqual([
      expect.stringContaining("we have received your application"),
    ]);
  });

  it("does not let a stranger flood the owner's mailbox through the page", async () => {
    const job = await openJob();
    const details = { full_name: "Mina Gurung", email: "mina.probe@example.org", contact_number: "+977 1 4412345" };
    const answers = [];
    for (let i = 0; i < APPLIED_AGAIN_MAIL_RULE.limit + 3; i++) answers.push(await guestApply(job.id, details));
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`))).toEqual(
      new Set([`201 ${answers[0]?.body}`]),
    );
    expect(await applications(job.id, "mina.probe@example.org")).toHaveLength(1);
    // the first application's receipt, then "already applied" no more often than the rule allows
    await awaitMails("mina.probe@example.org", APPLIED_AGAIN_MAIL_RULE.limit + 2);
    const again = mailsTo("mina.probe@example.org").filter(
      (mail) => headerOf(mail, "Subject") === "You have already applied",
    );
    expect(again).toHaveLength(APPLIED_AGAIN_MAIL_RULE.limit);
    expect(mailsTo("mina.probe@example.org")).toHaveLength(APPLIED_AGAIN_MAIL_RULE.limit + 1);
  });
});

describe("a token dies with any change of its account's access, and stays dead when it is changed back", () => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = { host: hostOf("provider"), ...bearer(await tokenFor(t.app, "superadmin@example.com", "provider")) };
  });

  const profileStatus = async (token: string) =>
    (await t.app.inject({ url: "/api/profile", headers: bearer(token) })).statusCode;

  const expectOk = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBeLessThan(300);

  const edit = async (email: string, payload: Record<string, unknown>) =>
    expectOk(
      await t.app.inject({ method: "PATCH", url: `/api/users/${await userId(email)}`, headers: admin, payload }),
    );

  it.each([
    ["role", "skilllab.editor@example.com", "provider", { role: "SKILLLAB_VIEWER" }, { role: "SKILLLAB_EDITOR" }],
    ["permissions", "skilllab.viewer@example.com", "provider", { permissions: ["users"] }, { permissions: [] }],
    ["status", "company.viewer@example.com", "himal", { status: "disabled" }, { status: "active" }],
  ] as const)("after an admin changes its %s and changes it back", async (_, email, site, change, back) => {
    const token = await tokenFor(t.app, email, site);
    expect(await profileStatus(token)).toBe(200);
    await edit(email, change);
    await edit(email, back);
    expect(await profileStatus(token)).toBe(401);
    // the account itself goes on: a new sign-in works
    expect(await profileStatus(await tokenFor(t.app, email, site))).toBe(200);
  });

  it("after an admin moves it to another institution and back", async () => {
    const institutions = await t.app.db.selectFrom("institutions").select(["id", "subdomain"]).execute();
    const idOf = (subdomain: string) => institutions.find((i) => i.subdomain === subdomain)?.id;
    const token = await tokenFor(t.app, "company.editor@example.com", "himal");
    await edit("company.editor@example.com", { institution_id: idOf("kmc") });
    await edit("company.editor@example.com", { institution_id: idOf("himal") });
    expect(await profileStatus(token)).toBe(401);
  });

  it("after the account is deleted and restored", async () => {
    const email = "recruiter.editor@example.com";
    const token = await tokenFor(t.app, email, "recruiter");
    const id = await userId(email);
    expectOk(await t.app.inject({ method: "DELETE", url: `/api/users/${id}?reason=probe`, headers: admin }));
    expectOk(
      await t.app.inject({ method: "POST", url: `/api/deleted-users/${id}/restore`, headers: admin, payload: {} }),
    );
    expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(await tokenFor(t.app, email, "recruiter"))).toBe(200);
  });

  it("whoever writes the change: a write straight to the table revokes too", async () => {
    const email = "college.viewer@example.com";
    const token = await tokenFor(t.app, email, "kmc");
    for (const status of ["disabled", "active"] as const) {
      await t.app.db.updateTable("users").set({ status }).where("email", "=", email).execute();
    }
    expect(await profileStatus(token)).toBe(401);
  });

  it("but not after an unrelated edit, nor one that writes the same role and status again", async () => {
    const email = "college.editor@example.com";
    const token = await tokenFor(t.app, email, "kmc");
    await edit(email, { phone: "+977 1 5550199", full_name: "College Editor Renamed" });
    await edit(email, { role: "INSTITUTION_EDITOR", status: "active", permissions: [] });
    expect(await profileStatus(token)).toBe(200);
  });
});

describe("the chart's download log cannot be written full", () => {
  const download = (token: string, payload: unknown, site = "kmc") =>
    t.app.inject({
      method: "POST",
      url: "/api/dashboard/downloads",
      headers: { host: hostOf(site), ...bearer(token) },
      payload: payload as object,
    });
  const logged = async (id: number) =>
    Number(
      (
        await t.app.db
          .selectFrom("download_logs")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("user_id", "=", id)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it(`logs ${CHART_DOWNLOAD_RULE.limit} downloads of one account in a window, then refuses with 429 and writes nothing`, async () => {
    const token = await tokenFor(t.app, "student@example.com", "kmc");
    const id = await userId("student@example.com");
    const before = await logged(id);
    for (let i = 0; i < CHART_DOWNLOAD_RULE.limit; i++) {
      const res = await download(token, { kind: i % 2 ? "png" : "csv", filename: "progression.csv" });
      expect(res.statusCode, res.body).toBe(204);
    }
    const refused = await download(token, { kind: "csv" });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CHART_DOWNLOAD_RULE.windowMs / 1000);
    expect(refused.json<{ message: string }>().message).toMatch(/Too many chart downloads/);
    expect(await logged(id)).toBe(before + CHART_DOWNLOAD_RULE.limit);
    // another account has its own allowance
    const other = await tokenFor(t.app, "college.admin@example.com", "kmc");
    expect((await download(other, { kind: "png" })).statusCode).toBe(204);
  });

  it("refuses a body beyond a download's few fields, and writes nothing", async () => {
    const token = await tokenFor(t.app, "employee@example.com", "himal");
    const id = await userId("employee@example.com");
    const before = await logged(id);
    const huge = await download(token, { kind: "csv", filename: "x".repeat(64 * 1024) }, "himal");
    expect(huge.statusCode).toBe(413);
    const padded = await download(token, { kind: "csv", padding: "x".repeat(500) }, "himal");
    expect(padded.statusCode).toBe(400);
    const longName = await download(token, { kind: "csv", filename: "x".repeat(101) }, "himal");
    expect(longName.statusCode).toBe(400);
    expect(await logged(id)).toBe(before);
  });
});
