import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailDate } from "../src/domain/site-mail.js";
import { queueMails } from "../src/platform/mail-queue.js";
import type { Change } from "../src/resources/applications/history.js";
import { changeMails } from "../src/resources/applications/stage-mail.js";
import { bearer, createMailedTestApp, type MailedTestApp, tokenFor } from "./helpers.js";
import type { ReceivedMail } from "./mailbox.js";

/**
 * Every message arrives in a real mailbox, in the recipient's language (Nepali
 * with Devanagari digits and, for a Bikram Sambat user, dates in that calendar), naming the site
 * and linking to the exact page. A guest's receipt opens their private status page.
 */

let t: MailedTestApp;
const PORT = 3000;
const host = (site: string) => `${site === "provider" ? "localhost" : `${site}.localhost`}:${PORT}`;
const origin = (site: string) => `http://${host(site)}`;
const ids = { kmc: 0 };
let kmcName = "";
let serial = 0;
const stamp = () => new Date().toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function event(institutionId: number | null, scope: "local" | "all") {
  const row = await t.app.db
    .insertInto("learning_events")
    .values({
      title: `Messages workshop ${++serial}`,
      event_type: "workshop",
      description: null,
      delivery_mode: 1,
      venue: "Hall A",
      link: null,
      start_at: daysFromNow(10),
      end_at: daysFromNow(11),
      registration_deadline: null,
      capacity: 40,
      access_scope: scope,
      publish_status: 1,
      tags: "[]",
      skills: "[]",
      institution_id: institutionId,
      recruiter_id: null,
      grading_type: "percentage",
      created_by: "1_provider",
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest mail to an address whose text holds `needle`, waiting for it (a guest's leaves after the answer). */
async function mailTo(address: string, needle: string): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = [...t.mailbox.received].reverse().find((m) => m.to.includes(address) && m.text.includes(needle));
    // SMTP carries lines ended by CR LF; the mail was written with LF
    if (mail) return { ...mail, text: mail.text.replace(/\r\n/g, "\n") };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail holding "${needle}" reached ${address}`);
}

/** A mail's subject as its reader sees it: nodemailer encodes one with any non-ASCII character. */
function subjectOf(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? "";
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}

const statusLink = (text: string) => {
  const found = /http:\/\/[^\s]+\/applications\/status\/([\w-]+)/.exec(text);
  if (!found?.[1]) throw new Error(`no status link in: ${text}`);
  return { url: new URL(found[0]), token: found[1] };
};

async function learnerApply(email: string, site: string, postingId: number, language: string) {
  const token = await tokenFor(t.app, email, site === "kmc" ? "kmc" : "provider");
  return t.app.inject({
    method: "POST",
    url: `/api/learning-events/${postingId}/apply`,
    headers: { host: host(site), "accept-language": language, ...bearer(token) },
    payload: {},
  });
}

let guestAddresses = 0;
async function guestApply(site: string, postingId: number, language: string, email: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/public/learning-events/${postingId}/apply`,
    headers: { host: host(site), "accept-language": language },
    remoteAddress: `10.20.0.${++guestAddresses}`,
    payload: { full_name: "Sita Gurung", email, contact_number: "9841234567" },
  });
}

const guestStatus = (token: string, ip = "10.30.0.1") =>
  t.app.inject({ url: `/api/public/applications/${token}`, headers: { host: host("kmc") }, remoteAddress: ip });

beforeAll(async () => {
  t = await createMailedTestApp();
  const kmc = await t.app.db
    .selectFrom("institutions")
    .select(["id", "name"])
    .where("subdomain", "=", "kmc")
    .executeTakeFirstOrThrow();
  ids.kmc = kmc.id;
  kmcName = kmc.name;
});
afterAll(async () => {
  await t.close();
});

describe("the receipt of an application", () => {
  it("tells a learner in English, names their college's site and links to their application there", async () => {
    const posting = await event(ids.kmc, "local");
    const res = await learnerApply("student@example.com", "kmc", posting, "en-US");
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo("student@example.com", `${origin("kmc")}/job-trainings/show/${posting}`);
    expect(subjectOf(mail)).toBe(`${kmcName}: we have received your application to “Messages workshop ${serial}”`);
    expect(mail.text).toContain(`Messages workshop ${serial}`);
    expect(mail.text).toContain(`on ${kmcName}`);
    expect(mail.text).toContain(`received on ${mailDate(stamp(), "en-US")}`);
    expect(mail.text).toContain("New Candidate");
    // a learner follows it signed in: no private link
    expect(mail.text).not.toContain("/applications/status/");
  });

  it("tells a Bikram Sambat learner in Nepali, with Devanagari digits and the date in their calendar", async () => {
    await t.app.db
      .updateTable("users")
      .set({ calendar: "bikram-sambat" })
      .where("email", "=", "learner@example.com")
      .execute();
    const posting = await event(null, "all");
    const res = await learnerApply("learner@example.com", "provider", posting, "np-NP");
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo("learner@example.com", `${origin("provider")}/job-trainings/show/${posting}`);
    const date = mailDate(stamp(), "np-NP", "bikram-sambat");
    // a Bikram Sambat year in Devanagari digits (२०८x), and no Western digit in the date
    expect(date).toMatch(/^[०-९]+ \S+ २०[८९][०-९]$/);
    expect(mail.text).toContain(date);
    expect(mail.text).toContain("नमस्ते");
    expect(mail.text).toContain("स्किल ल्याब");
    expect(mail.text).toContain("यो चरणमा छ: नयाँ उम्मेदवार");
    expect(subjectOf(mail)).toBe(`स्किल ल्याब: “Messages workshop ${serial}” मा तपाईंको आवेदन प्राप्त भयो`);
  });

  it("gives a guest a private link to their status page on the posting's site, kept out of the outbox", async () => {
    const posting = await event(ids.kmc, "all");
    const res = await guestApply("kmc", posting, "np-NP", "sita.guest@example.org");
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo("sita.guest@example.org", "/applications/status/");
    expect(mail.text).toContain("नमस्ते Sita Gurung");
    expect(mail.text).toContain(kmcName);
    expect(mail.text).toContain(mailDate(stamp(), "np-NP"));
    const { url, token } = statusLink(mail.text);
    expect(url.origin).toBe(origin("kmc"));
    // the outbox records a mail once the SMTP server has taken it: a moment after the mailbox has it
    const recorded = await vi.waitFor(() =>
      t.app.db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", "sita.guest@example.org")
        .executeTakeFirstOrThrow(),
    );
    expect(recorded.text_body).toContain("/applications/status/[redacted]");
    expect(recorded.text_body).not.toContain(token);
    // only the token's hash is kept
    const stored = await t.app.db.selectFrom("guest_status_tokens").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });
});

describe("a guest's status page (GET /public/applications/{token})", () => {
  let token = "";
  let applicationId = 0;
  beforeAll(async () => {
    const posting = await event(ids.kmc, "all");
    await guestApply("kmc", posting, "en-US", "ram.guest@example.org");
    token = statusLink((await mailTo("ram.guest@example.org", "/applications/status/")).text).token;
    applicationId = (
      await t.app.db
        .selectFrom("applications")
        .select("id")
        .where("email", "=", "ram.guest@example.org")
        .executeTakeFirstOrThrow()
    ).id;
  });

  it("answers the posting, the stage and the timeline, with no one's id", async () => {
    const res = await guestStatus(token);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({
      posting: { title: expect.stringMatching(/^Messages workshop/), type: "learning-event" },
      full_name: "Sita Gurung",
      applied_at: expect.any(String),
      stage: "new_candidate",
      withdrawn_at: null,
      history: [{ field: "stage", from: null, to: "new_candidate", note: null, at: expect.any(String) }],
    });
    expect(res.body).not.toMatch(/"(by|id|user_id|email|application_id)"/);
  });

  it("never answers a staff-only note, and shows the note to the applicant", async () => {
    // the pipeline's `internal` flag on history rows (migration 20261127T0000), added
    // here as that migration adds it when this database predates it
    const columns = (await t.app.db.introspection.getTables()).find((table) => table.name === "application_history");
    if (!columns?.columns.some((column) => column.name === "internal")) {
      await t.app.db.schema
        .alterTable("application_history")
        .addColumn("internal", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    }
    const at = stamp();
    await t.app.db
      .insertInto("application_history")
      .values([
        {
          application_id: applicationId,
          field: "note",
          from_value: null,
          to_value: null,
          note: "Bring your ID",
          by_user_id: 1,
          at,
          internal: 0,
        } as never,
        {
          application_id: applicationId,
          field: "note",
          from_value: null,
          to_value: null,
          note: "Staff only: weak references",
          by_user_id: 1,
          at,
          // 1: staff only, as the pipeline's migration keeps the flag (an integer on both databases)
          internal: 1,
        } as never,
      ])
      .execute();
    const res = await guestStatus(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Bring your ID");
    expect(res.body).not.toContain("weak references");
  });

  it("is 404 for a token that is not one, well formed or not", async () => {
    expect((await guestStatus("A".repeat(43))).statusCode).toBe(404);
    expect((await guestStatus("nope")).statusCode).toBe(404);
    expect((await guestStatus(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).statusCode).toBe(404);
  });

  it("is throttled per address: a flood of guesses gets 429, another address still reads its page", async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await guestStatus("B".repeat(43), "10.40.0.1")).statusCode;
    expect(last).toBe(429);
    expect((await guestStatus(token, "10.40.0.1")).statusCode).toBe(429);
    expect((await guestStatus(token, "10.40.0.2")).statusCode).toBe(200);
  });
});

describe("the mail of a change (changeMails)", () => {
  /** The request of a staff member on KMC's site, as the bulk command has it. */
  const staffRequest = () => ({ server: t.app, host: host("kmc"), protocol: "http" }) as unknown as FastifyRequest;

  it("tells each applicant everything that changed, once, in their language, with the certificate and the note", async () => {
    const posting = await event(ids.kmc, "all");
    await learnerApply("student@example.com", "kmc", posting, "en-US");
    await guestApply("kmc", posting, "np-NP", "maya.guest@example.org");
    const rows = await t.app.db
      .selectFrom("applications")
      .select(["id", "email"])
      .where("learning_event_id", "=", posting)
      .execute();
    const student = rows.find((row) => row.email === "student@example.com")?.id ?? 0;
    const guest = rows.find((row) => row.email === "maya.guest@example.org")?.id ?? 0;
    const code = "CSC-2345-6789-ABCD";
    const changes: Change[] = [
      { applicationId: student, field: "stage", from: "new_candidate", to: "certified" },
      { applicationId: student, field: "attendance", from: 3, to: 1 },
      { applicationId: student, field: "percentage", from: null, to: 85 },
      { applicationId: student, field: "completion_status", from: null, to: "complete" },
      { applicationId: guest, field: "attendance", from: 3, to: 1 },
      { applicationId: guest, field: "percentage", from: null, to: 85 },
    ];
    const news = await t.app.db.transaction().execute(async (trx) => {
      // the command writes the certificate before it builds the mails
      await trx.updateTable("applications").set({ certificate_code: code }).where("id", "=", student).execute();
      return changeMails(trx, staffRequest(), changes, "See you at the ceremony.");
    });
    expect(news.map(({ stage, certified, to }) => [to.row.email, stage, certified]).sort()).toEqual([
      ["maya.guest@example.org", null, false],
      ["student@example.com", "certified", true],
    ]);
    const mails = news.map((entry) => entry.mail);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["maya.guest@example.org", "student@example.com"]);
    await queueMails(t.app.db, mails);
    await t.app.mailQueue.drain();

    const learnerMail = await mailTo("student@example.com", code);
    expect(subjectOf(learnerMail)).toMatch(new RegExp(`^${kmcName}: your certificate for “Messages workshop \\d+”$`));
    for (const line of ["• Stage: Certified", "• Attendance: Present", "• Percentage: 85%", "• Completion: Complete"]) {
      expect(learnerMail.text).toContain(line);
    }
    expect(learnerMail.text).toContain(`${origin("kmc")}/certificates/${code}`);
    expect(learnerMail.text).toContain("A message about your application:\nSee you at the ceremony.");
    expect(learnerMail.text).toContain(
      `There is news about your application to “Messages workshop ${serial}” on ${kmcName}`,
    );
    expect(learnerMail.text).toContain(`${origin("kmc")}/job-trainings/show/${posting}`);

    const guestMail = await mailTo("maya.guest@example.org", "उपस्थिति");
    expect(guestMail.text).toContain("• उपस्थिति: उपस्थित");
    expect(guestMail.text).toContain("• प्रतिशत: ८५%");
    expect(guestMail.text).not.toContain("85");
    expect(guestMail.text).toContain(kmcName);
    // a fresh private link, which opens the same page
    const { token } = statusLink(guestMail.text);
    const page = await guestStatus(token, "10.50.0.1");
    expect(page.statusCode).toBe(200);
    expect(page.json<{ data: { full_name: string } }>().data.full_name).toBe("Sita Gurung");
  });

  it("sends nothing for an applicant's own withdrawal, and a note alone to whom it is for", async () => {
    const posting = await event(ids.kmc, "all");
    await learnerApply("student@example.com", "kmc", posting, "en-US");
    const { id } = await t.app.db
      .selectFrom("applications")
      .select("id")
      .where("learning_event_id", "=", posting)
      .executeTakeFirstOrThrow();
    const withdrawal: Change[] = [{ applicationId: id, field: "withdrawn_at", from: null, to: stamp() }];
    expect(await changeMails(t.app.db, staffRequest(), withdrawal, null)).toEqual([]);
    const [note] = await changeMails(t.app.db, staffRequest(), [], "Room changed to Hall B.", [id]);
    expect(note?.mail.text).toContain("Room changed to Hall B.");
    expect(note?.mail.text).not.toContain("•");
    expect(note?.stage).toBeNull();
  });
});

describe("a recruiter company's request decided", () => {
  const asSuperAdmin = async () => ({
    host: host("provider"),
    ...bearer(await tokenFor(t.app, "superadmin@example.com", "provider")),
  });
  const pending = async () =>
    t.app.db
      .selectFrom("recruiters")
      .select(["id", "name", "email"])
      .where("status", "=", "pending")
      .orderBy("id")
      .execute();

  it("tells the company it is approved, in English and Nepali, with the recruiter site's sign-in page", async () => {
    const [company] = await pending();
    if (!company) throw new Error("the demo data has a pending request");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/recruiters-request/approve",
      headers: await asSuperAdmin(),
      payload: { ids: [company.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(company.email, "/login");
    expect(mail.text).toContain(`Skill Lab has approved the request of ${company.name}`);
    expect(mail.text).toContain(`स्किल ल्याब ले करियर सेवा केन्द्रमा भर्ती गर्न ${company.name} को अनुरोध स्वीकृत`);
    expect(mail.text).toContain(`${origin("recruiter")}/login`);
  });

  it("tells the company it is declined and why; a refusal without a reason is a 400 and sends nothing", async () => {
    const [company] = await pending();
    if (!company) throw new Error("the demo data has a second pending request");
    const headers = await asSuperAdmin();
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/recruiters-request/reject",
      headers,
      payload: { ids: [company.id] },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ errors: Record<string, string> }>().errors).toHaveProperty("reason");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/recruiters-request/reject",
      headers,
      payload: { ids: [company.id], reason: "The company registration number could not be verified." },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(company.email, "could not be verified");
    expect(mail.text).toContain(`Skill Lab has declined the request of ${company.name}`);
    expect(mail.text).toContain("Reason: The company registration number could not be verified.");
    expect(mail.text).toContain("कारण: The company registration number could not be verified.");
    expect(mail.text).toContain(`${origin("recruiter")}/login`);
    expect(t.mailbox.received.filter((m) => m.to.includes(company.email))).toHaveLength(1);
  });
});

describe("an account made for someone (the invitation)", () => {
  it("names the site the account signs in on and links to choosing a password there, in the maker's language", async () => {
    const admin = await tokenFor(t.app, "college.admin@example.com", "kmc");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { host: host("kmc"), "accept-language": "np-NP", ...bearer(admin) },
      payload: { full_name: "Invited Viewer", email: "invited.viewer@example.com", role: "COLLEGE_VIEWER" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await mailTo("invited.viewer@example.com", "/reset-password?token=");
    expect(subjectOf(mail)).toBe(`${kmcName}: तपाईंको करियर सेवा केन्द्र खाता`);
    expect(mail.text).toContain(`${kmcName} ले करियर सेवा केन्द्रमा तपाईंका लागि खाता बनाएको छ`);
    expect(mail.text).toContain(`${origin("kmc")}/reset-password?token=`);
  });

  it("names the provider on the provider's site", async () => {
    const admin = await tokenFor(t.app, "superadmin@example.com", "provider");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { host: host("provider"), ...bearer(admin) },
      payload: { full_name: "Invited Editor", email: "invited.editor@example.com", role: "SKILLLAB_EDITOR" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await mailTo("invited.editor@example.com", "/reset-password?token=");
    expect(subjectOf(mail)).toBe("Skill Lab: your Career Service Center account");
    expect(mail.text).toContain("Skill Lab has created an account for you");
    expect(mail.text).toContain(`${origin("provider")}/reset-password?token=`);
  });
});
