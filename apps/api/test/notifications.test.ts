import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestBoundary } from "../src/domain/notifications.js";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { type DemoCall, demoCalls } from "./demo-calls.js";
import { insertEvent } from "./events.js";
import { body, createMailedTestApp, hostOf, type MailedTestApp } from "./helpers.js";
import type { ReceivedMail } from "./mailbox.js";

/**
 * The notification centre (DESIGN §5b): who is told of what, when, how they chose, and only about
 * rows they may read; the undo window holding a change's news back; mail at once with RFC 8058's
 * one-click unsubscribe, or gathered into a daily or weekly digest, in the person's language.
 */

let t: MailedTestApp;
let call: DemoCall;
let signIn: (email: string) => Promise<unknown>;
let kmcId = 0;
let serial = 0;
interface Row {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  read_at: string | null;
  created_at: string;
}
const listOf = async (email: string, query = "", language = "en-US") => {
  const res = await call(email, "GET", `/api/notifications${query}`, undefined, language);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: body<Row[]>(res), total: Number(res.headers["x-total-count"]) };
};
const unread = async (email: string) =>
  body<{ data: { count: number } }>(await call(email, "GET", "/api/notifications/unread-count")).data.count;

async function event(
  institutionId: number | null,
  title = `Notified workshop ${++serial}`,
  recruiterId: number | null = null,
) {
  return insertEvent(t.app.db, { title, institution_id: institutionId, recruiter_id: recruiterId });
}

async function apply(email: string, postingId: number, language = "en-US") {
  const res = await call(email, "POST", `/api/learning-events/${postingId}/apply`, {}, language);
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: number }>(res).id;
}

const move = (email: string, ids: number[], payload: object) =>
  call(email, "POST", "/api/applications/bulk", { ids, ...payload });

/** Waits past a change's undo window (PIPELINE_UNDO_SECONDS=1, and the second of grace). */
const pastUndo = () => new Promise((resolve) => setTimeout(resolve, 2_200));

/** The mails to an address whose subject or text holds `needle`. */
const mailsTo = (address: string, needle: string): ReceivedMail[] =>
  t.mailbox.received.filter((m) => m.to.includes(address) && (m.text.includes(needle) || m.raw.includes(needle)));

const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "mi")
    .exec(mail.raw)?.[1]
    ?.replace(/\r?\n[ \t]/g, " ")
    .trim() ?? null;

beforeAll(async () => {
  t = await createMailedTestApp({ PIPELINE_UNDO_SECONDS: "1" });
  const demo = await demoCalls(t.app);
  call = demo.call;
  signIn = demo.signIn;
  kmcId = await demo.institutionId("kmc");
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("a learner applies and staff move them", () => {
  it("tells the posting's staff who may read the application, and nobody else", async () => {
    const posting = await event(kmcId);
    const before = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) before.set(account.email, (await listOf(account.email)).total);
    await apply("student@example.com", posting.id);
    const told: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const { rows, total } = await listOf(account.email);
      if (total === before.get(account.email)) continue;
      told.push(account.email);
      expect(rows[0]).toMatchObject({
        kind: "new-applicant",
        title: "New applicant",
        body: expect.stringContaining(posting.title),
        link: `/admin/job-trainings/show/${posting.id}`,
        read_at: null,
      });
    }
    // the college's staff; never the learner, another institution, a recruiter or the provider
    expect(told.sort()).toEqual([
      "college.admin@example.com",
      "college.editor@example.com",
      "college.viewer@example.com",
    ]);
  });

  it("tells, of applications to every tenant's postings, exactly the staff who may read the application", async () => {
    const institutions = await t.app.db.selectFrom("institutions").select(["id", "subdomain"]).execute();
    const recruiter = await t.app.db
      .selectFrom("users")
      .select("recruiter_id")
      .where("email", "=", "recruiter.admin@example.com")
      .executeTakeFirstOrThrow();
    const owners: [string, number | null, number | null][] = [
      ["kmc", institutions.find((row) => row.subdomain === "kmc")?.id ?? null, null],
      ["himal", institutions.find((row) => row.subdomain === "himal")?.id ?? null, null],
      ["recruiter", null, recruiter.recruiter_id],
      ["provider", null, null],
    ];
    for (const [name, institutionId, recruiterId] of owners) {
      const posting = await event(institutionId, `Matrix ${name} ${++serial}`, recruiterId);
      const before = new Map<string, number>();
      for (const account of DEMO_ACCOUNTS) before.set(account.email, (await listOf(account.email)).total);
      const application = await apply("learner@example.com", posting.id);
      const told = new Set<string>();
      const readers = new Set<string>();
      for (const account of DEMO_ACCOUNTS) {
        const { rows, total } = await listOf(account.email);
        if (total > (before.get(account.email) ?? 0)) {
          told.add(account.email);
          expect(rows[0]?.body, `${account.email} about ${name}`).toContain(posting.title);
        }
        const read = await call(account.email, "GET", `/api/applications/${application}`);
        // the applicant reads their own, and is not told of themselves applying
        if (read.statusCode === 200 && account.email !== "learner@example.com") readers.add(account.email);
      }
      // nobody is told of an application they may not read; of those who may, the posting's own
      // staff are (provider staff, who read every tenant's, hear of the platform's postings only)
      for (const email of told) expect(readers.has(email), `${email} about ${name}`).toBe(true);
      const ownStaff = DEMO_ACCOUNTS.filter(
        (account) => account.site === name && !/^(student|employee|learner)@/.test(account.email),
      );
      expect([...told].sort(), name).toEqual(
        ownStaff
          .map((account) => account.email)
          .filter((email) => readers.has(email))
          .sort(),
      );
      expect(told.size, name).toBeGreaterThan(0);
    }
  });

  it("holds the learner's news until the undo window has passed, and an undo takes it back", async () => {
    const posting = await event(kmcId);
    const application = await apply("student@example.com", posting.id);
    const count = await unread("student@example.com");
    const moved = await move("college.admin@example.com", [application], { stage: "shortlisted" });
    expect(moved.statusCode, moved.body).toBe(200);
    // within the window: nothing to see, nothing mailed
    expect(await unread("student@example.com")).toBe(count);
    const undone = await call(
      "college.admin@example.com",
      "POST",
      `/api/applications/changes/${body<{ data: { change_id: number } }>(moved).data.change_id}/undo`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    await pastUndo();
    await t.deliverMail();
    expect(await unread("student@example.com")).toBe(count);
    expect(mailsTo("student@example.com", posting.title).filter((m) => /shortlist/i.test(m.text))).toEqual([]);

    const again = await move("college.admin@example.com", [application], { stage: "shortlisted" });
    expect(again.statusCode, again.body).toBe(200);
    await pastUndo();
    expect(await unread("student@example.com")).toBe(count + 1);
    const { rows } = await listOf("student@example.com");
    expect(rows[0]).toMatchObject({
      kind: "application-moved",
      title: "Your application was updated",
      body: `${posting.title}: now Shortlisted.`,
      link: `/job-trainings/show/${posting.id}`,
    });
    // in Nepali for a reader who reads Nepali
    const nepali = await listOf("student@example.com", "", "np-NP");
    expect(nepali.rows[0]?.title).toBe("तपाईंको आवेदन अद्यावधिक भयो");

    // the mail at once (the learner's default), with the one-click unsubscribe of its kind
    await t.deliverMail();
    await expect.poll(() => mailsTo("student@example.com", posting.title).length).toBeGreaterThan(1);
    const mail = mailsTo("student@example.com", posting.title).at(-1) as ReceivedMail;
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /<(http[^>]+)>/.exec(header(mail, "List-Unsubscribe") ?? "")?.[1];
    expect(unsubscribe).toMatch(/^http:\/\/kmc\.localhost(:\d+)?\/api\/notifications\/unsubscribe\?/);
    expect(mail.text.replace(/\r?\n/g, " ")).toContain("To stop these e-mails");
    // the outbox, which staff read, does not keep the link that turns the learner's mail off
    const kept = await t.app.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", "student@example.com")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(kept.text_body).not.toContain(new URL(unsubscribe ?? "http://x").searchParams.get("s") ?? "none");
  });

  it("still mails an applicant whose account was disabled, as any applicant hears of their application, with no bell", async () => {
    const posting = await event(kmcId);
    const application = await apply("student@example.com", posting.id);
    const student = () => t.app.db.updateTable("users").where("email", "=", "student@example.com");
    await student().set({ status: "disabled" }).execute();
    try {
      const moved = await move("college.admin@example.com", [application], { stage: "shortlisted" });
      expect(moved.statusCode, moved.body).toBe(200);
      await pastUndo();
      await t.deliverMail();
      await expect
        .poll(() => mailsTo("student@example.com", posting.title).filter((m) => /shortlist/i.test(m.text)).length)
        .toBe(1);
      const kept = await t.app.db
        .selectFrom("notifications")
        .select("id")
        .where("link", "=", `/job-trainings/show/${posting.id}`)
        .execute();
      expect(kept).toEqual([]);
    } finally {
      await student().set({ status: "active" }).execute();
      // disabling ended their sessions: sign in again for the tests that follow
      await signIn("student@example.com");
    }
  });

  it("marks read only the caller's own, one by one or all at once", async () => {
    const staff = await listOf("college.admin@example.com");
    const learner = await listOf("student@example.com");
    const theirs = learner.rows[0]?.id as number;
    const mine = staff.rows[0]?.id as number;
    const other = await call("college.admin@example.com", "POST", "/api/notifications/read", { ids: [theirs] });
    expect(body<{ data: { updated: number } }>(other).data.updated).toBe(0);
    expect((await listOf("student@example.com")).rows[0]?.read_at).toBeNull();
    const one = await call("college.admin@example.com", "POST", "/api/notifications/read", { ids: [mine] });
    expect(body<{ data: { updated: number } }>(one).data.updated).toBe(1);
    const unreadOnly = await listOf("college.admin@example.com", "?unread=true");
    expect(unreadOnly.rows.map((row) => row.id)).not.toContain(mine);
    const all = await call("college.admin@example.com", "POST", "/api/notifications/read", {});
    expect(all.statusCode).toBe(200);
    expect(await unread("college.admin@example.com")).toBe(0);
    expect(await unread("student@example.com")).toBeGreaterThan(0);
  });
});

describe("choices", () => {
  it("answers each kind the role receives with its defaults, and refuses a kind it does not", async () => {
    const learner = await call("learner@example.com", "GET", "/api/profile/notification-preferences");
    expect(body(learner)).toEqual({
      data: {
        "application-moved": { in_app: true, email: "instant" },
        "certificate-issued": { in_app: true, email: "instant" },
        "saved-search-match": { in_app: true, email: "instant" },
        "saved-posting-deadline": { in_app: true, email: "instant" },
      },
    });
    const staff = body<{ data: Record<string, unknown> }>(
      await call("recruiter.viewer@example.com", "GET", "/api/profile/notification-preferences"),
    ).data;
    expect(Object.keys(staff)).toEqual(["new-applicant"]);
    const refused = await call("learner@example.com", "PATCH", "/api/profile/notification-preferences", {
      "new-applicant": { in_app: true, email: "off" },
    });
    expect(refused.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(refused).errors).toEqual({
      "new-applicant": "You do not receive this kind of notification.",
    });
    const bad = await call("learner@example.com", "PATCH", "/api/profile/notification-preferences", {
      "application-moved": { in_app: true, email: "hourly" },
    });
    expect(bad.statusCode).toBe(400);
    // a saved search's alert says when its mail goes: here only on or off, refused under the field
    const digest = await call("learner@example.com", "PATCH", "/api/profile/notification-preferences", {
      "saved-search-match": { in_app: true, email: "daily" },
    });
    expect(digest.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(digest).errors).toEqual({
      "saved-search-match.email": "This kind of notification is not e-mailed that way.",
    });
    const off = await call("learner@example.com", "PATCH", "/api/profile/notification-preferences", {
      "saved-search-match": { in_app: true, email: "off" },
    });
    expect(body<{ data: Record<string, unknown> }>(off).data["saved-search-match"]).toEqual({
      in_app: true,
      email: "off",
    });
    await call("learner@example.com", "PATCH", "/api/profile/notification-preferences", {
      "saved-search-match": { in_app: true, email: "instant" },
    });
  });

  it("tells nobody in the bell or by mail of a kind they turned off", async () => {
    const saved = await call(
      "employee@example.com",
      "PATCH",
      "/api/profile/notification-preferences",
      { "application-moved": { in_app: false, email: "off" } },
      "np-NP",
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ data: Record<string, unknown> }>(saved).data["application-moved"]).toEqual({
      in_app: false,
      email: "off",
    });
    const himal = (
      await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", "himal").executeTakeFirstOrThrow()
    ).id;
    const posting = await event(himal);
    const application = await apply("employee@example.com", posting.id);
    const count = await unread("employee@example.com");
    const moved = await move("company.admin@example.com", [application], { stage: "shortlisted" });
    expect(moved.statusCode, moved.body).toBe(200);
    await pastUndo();
    await t.deliverMail();
    expect(await unread("employee@example.com")).toBe(count);
    expect(mailsTo("employee@example.com", posting.title).filter((m) => !/received/i.test(m.text))).toEqual([]);
    // the language they saved in is the language of their mail from now on
    const stored = await t.app.db
      .selectFrom("users")
      .select("language")
      .where("email", "=", "employee@example.com")
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe("np-NP");
  });
});

describe("digests", () => {
  it("gathers the day's news into one mail at 08:00 in Nepal, with an unsubscribe that stops the next", async () => {
    const admin = "college.admin@example.com";
    // flush whatever earlier tests left waiting for this person's digest
    await t.app.digests.run(new Date(Date.now() + 2 * 86_400_000));
    await t.deliverMail();
    const postings = [await event(kmcId), await event(kmcId)];
    for (const posting of postings) await apply("student@example.com", posting.id);
    // not due before the next 08:00
    expect(await t.app.digests.run(new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000 + 60_000);
    expect(await t.app.digests.run(tomorrow)).toBeGreaterThan(0);
    await t.deliverMail();
    await expect.poll(() => mailsTo(admin, postings[1]?.title ?? "").length).toBe(1);
    const digest = mailsTo(admin, postings[1]?.title ?? "")[0] as ReceivedMail;
    expect(digest.text).toContain(postings[0]?.title);
    expect(digest.text.replace(/\r?\n/g, " ")).toContain("Here is what happened");
    // each row is mailed once: a second pass finds nothing
    expect(await t.app.digests.run(tomorrow)).toBe(0);

    const link = /<(http[^>]+)>/.exec(header(digest, "List-Unsubscribe") ?? "")?.[1] as string;
    const url = new URL(link);
    const inject = (method: "GET" | "POST", search: string) =>
      t.app.inject({
        method,
        url: `${url.pathname}${search}`,
        headers: { host: url.host, "content-type": "application/x-www-form-urlencoded" },
        ...(method === "POST" ? { payload: "List-Unsubscribe=One-Click" } : {}),
      });
    // the page asks first (mail scanners open links); a forged signature changes nothing
    const page = await inject("GET", url.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const forged = await inject("POST", url.search.replace(/s=[^&]+/, "s=forged"));
    expect(forged.statusCode).toBe(404);
    const prefs = () =>
      call(admin, "GET", "/api/profile/notification-preferences").then(
        (res) => body<{ data: Record<string, { email: string }> }>(res).data,
      );
    expect((await prefs())["new-applicant"]?.email).toBe("daily");
    const done = await inject("POST", url.search);
    expect(done.statusCode).toBe(200);
    expect((await prefs())["new-applicant"]).toEqual({ in_app: true, email: "off" });

    // the next applicant still rings the bell, but no digest is written for it
    const next = await event(kmcId);
    await apply("student@example.com", next.id);
    expect((await listOf(admin)).rows[0]?.body).toContain(next.title);
    // (the college's other staff, who kept their digest, get theirs)
    expect(await t.app.digests.run(new Date(Date.now() + 3 * 86_400_000))).toBe(2);
    await t.deliverMail();
    await expect.poll(() => mailsTo("college.editor@example.com", next.title).length).toBe(1);
    expect(mailsTo(admin, next.title)).toEqual([]);
  });

  it("places the periods at 08:00 Nepal time, weekly on Sundays", () => {
    // 02:15 UTC is 08:00 in Nepal
    expect(digestBoundary("daily", new Date("2026-11-27T02:14:00Z")).toISOString()).toBe("2026-11-26T02:15:00.000Z");
    expect(digestBoundary("daily", new Date("2026-11-27T02:15:00Z")).toISOString()).toBe("2026-11-27T02:15:00.000Z");
    // 2026-11-29 is a Sunday
    expect(digestBoundary("weekly", new Date("2026-11-28T12:00:00Z")).toISOString()).toBe("2026-11-22T02:15:00.000Z");
    expect(digestBoundary("weekly", new Date("2026-11-29T03:00:00Z")).toISOString()).toBe("2026-11-29T02:15:00.000Z");
  });
});

describe("requests waiting for a decision", () => {
  it("tells the college's staff of a person asking to join, and the provider's of a company asking to recruit", async () => {
    const before = await unread("college.admin@example.com");
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: hostOf("kmc") },
      payload: { full_name: "Asha Waiting", email: "asha.notified@example.com", password: "Str0ng#Passw0rd!" },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(await unread("college.admin@example.com")).toBe(before + 1);
    expect((await listOf("college.admin@example.com")).rows[0]).toMatchObject({
      kind: "join-request",
      body: "Asha Waiting (asha.notified@example.com) asks to join your site.",
      link: "/admin/join-requests",
    });
    // the company's staff across the road hear nothing of it
    expect((await listOf("company.admin@example.com")).rows.map((row) => row.kind)).not.toContain("join-request");

    const company = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: hostOf("recruiter") },
      payload: {
        full_name: "Ram Hiring",
        email: "ram.hiring@example.com",
        password: "Str0ng#Passw0rd!",
        phone: "9841234567",
        company_name: "Notified Hiring Pvt Ltd",
      },
    });
    expect(company.statusCode, company.body).toBe(201);
    expect((await listOf("superadmin@example.com")).rows[0]).toMatchObject({
      kind: "recruiter-request",
      body: "Notified Hiring Pvt Ltd registered and waits for approval.",
    });
    expect((await listOf("college.admin@example.com")).rows.map((row) => row.kind)).not.toContain("recruiter-request");
  });
});
