import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoCall, demoCalls } from "./demo-calls.js";
import { insertEvent } from "./events.js";
import { body, createMailedTestApp, type MailedTestApp } from "./helpers.js";
import type { ReceivedMail } from "./mailbox.js";

/**
 * Saved searches (DESIGN §5b `saved-searches`): a list's query under a name, the owner's alone to
 * change, shared by staff with their institution; and a learner's alert of postings that newly
 * match, each once, in the learner's language, with a one-click unsubscribe that stops the next.
 */

let t: MailedTestApp;
let call: DemoCall;
let kmcId = 0;
let serial = 0;
interface Saved {
  id: number;
  resource: string;
  name: string;
  query: string;
  alert: string;
  shared: boolean;
  user_id: number;
}
const save = (email: string, search: object, language = "en-US") =>
  call(email, "POST", "/api/saved-searches", search, language);
const savedOf = async (email: string, resource = "") =>
  body<Saved[]>(await call(email, "GET", `/api/saved-searches${resource ? `?resource=${resource}` : ""}`));

async function event(title: string, publish = 1) {
  return insertEvent(t.app.db, { title, institution_id: kmcId, publish_status: publish });
}

const mailsTo = (address: string, needle: string): ReceivedMail[] =>
  t.mailbox.received.filter((m) => m.to.includes(address) && m.text.includes(needle));
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "mi")
    .exec(mail.raw)?.[1]
    ?.replace(/\r?\n[ \t]/g, " ")
    .trim() ?? null;

beforeAll(async () => {
  t = await createMailedTestApp();
  const demo = await demoCalls(t.app);
  call = demo.call;
  kmcId = await demo.institutionId("kmc");
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("saving a search", () => {
  it("keeps a list's query under a name, for its owner alone to change", async () => {
    const made = await save("college.editor@example.com", {
      resource: "students",
      name: "Final-year BIM",
      query: "year=4&_sort=full_name&_order=asc",
    });
    expect(made.statusCode, made.body).toBe(201);
    const saved = body<Saved>(made);
    expect(saved).toMatchObject({ resource: "students", alert: "off", shared: false });
    expect((await savedOf("college.editor@example.com", "students")).map((row) => row.id)).toContain(saved.id);
    // not shared: the college's admin does not see it, and nobody but its owner changes it
    expect((await savedOf("college.admin@example.com")).map((row) => row.id)).not.toContain(saved.id);
    for (const other of ["college.admin@example.com", "student@example.com", "superadmin@example.com"]) {
      expect((await call(other, "PATCH", `/api/saved-searches/${saved.id}`, { name: "Mine now" })).statusCode).toBe(
        404,
      );
      expect((await call(other, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    }
    const renamed = await call("college.editor@example.com", "PATCH", `/api/saved-searches/${saved.id}`, {
      name: "Final year",
      shared: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // shared: the college's staff read it; another institution's staff and the college's learners do not
    expect((await savedOf("college.admin@example.com")).find((row) => row.id === saved.id)?.name).toBe("Final year");
    expect((await savedOf("company.admin@example.com")).map((row) => row.id)).not.toContain(saved.id);
    expect((await savedOf("student@example.com")).map((row) => row.id)).not.toContain(saved.id);
    const gone = await call("college.editor@example.com", "DELETE", `/api/saved-searches/${saved.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await savedOf("college.admin@example.com")).map((row) => row.id)).not.toContain(saved.id);
  });

  it("names what is wrong under the field it concerns, and saves nothing", async () => {
    const count = (await savedOf("student@example.com")).length;
    const cases: [string, object, string][] = [
      ["student@example.com", { resource: "institutions", name: "x", query: "" }, "resource"],
      ["student@example.com", { resource: "nothing-here", name: "x", query: "" }, "resource"],
      ["student@example.com", { resource: "learning-events", name: "x", query: "_sort=nonsense" }, "query"],
      ["student@example.com", { resource: "learning-events", name: "x", query: "", shared: true }, "shared"],
      [
        "student@example.com",
        { resource: "learning-events", name: "x", query: "type=suggested", alert: "daily" },
        "alert",
      ],
      ["college.admin@example.com", { resource: "learning-events", name: "x", query: "", alert: "daily" }, "alert"],
    ];
    for (const [email, search, field] of cases) {
      const res = await save(email, search);
      expect(res.statusCode, `${JSON.stringify(search)}: ${res.body}`).toBe(400);
      expect(Object.keys(body<{ errors: Record<string, string> }>(res).errors)).toEqual([field]);
    }
    expect((await save("student@example.com", { resource: "learning-events", name: "", query: "" })).statusCode).toBe(
      400,
    );
    expect((await savedOf("student@example.com")).length).toBe(count);
  });
});

describe("a learner's alert", () => {
  it("mails the next daily digest with exactly the postings that newly match, in their language, once", async () => {
    const learner = "student@example.com";
    const word = `Robotics${Date.now()}`;
    // posted before the search was saved: not news
    const old = await event(`${word} old lab ${++serial}`);
    // the learner reads Nepali: their choices saved in it make it their mail's language
    const prefs = await call(learner, "PATCH", "/api/profile/notification-preferences", {}, "np-NP");
    expect(prefs.statusCode, prefs.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const made = await save(learner, {
      resource: "learning-events",
      name: "रोबोटिक्स",
      query: `q=${word}`,
      alert: "daily",
    });
    expect(made.statusCode, made.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const matching = [await event(`${word} camp A`), await event(`${word} camp B`), await event(`${word} camp C`)];
    const other = await event(`Pottery ${++serial}`);
    // a draft is not published: not news either, until it is
    const draft = await event(`${word} draft`, 0);

    expect(await t.app.digests.run(new Date())).toBe(3);
    // told in the bell at once; the mail waits for the digest
    const bell = body<{ kind: string; title: string; body: string; link: string }[]>(
      await call(learner, "GET", "/api/notifications?_end=5"),
    );
    expect(bell.slice(0, 3).map((row) => row.kind)).toEqual([
      "saved-search-match",
      "saved-search-match",
      "saved-search-match",
    ]);
    expect(bell[0]?.title).toBe("New match for “रोबोटिक्स”");
    const before = t.mailbox.received.length;
    await t.deliverMail();
    expect(mailsTo(learner, word)).toEqual([]);

    const tomorrow = new Date(Date.now() + 86_400_000 + 60_000);
    await t.app.digests.run(tomorrow);
    await t.deliverMail();
    await expect.poll(() => mailsTo(learner, word).length).toBe(1);
    expect(t.mailbox.received.length - before).toBeGreaterThanOrEqual(1);
    const digest = mailsTo(learner, word)[0] as ReceivedMail;
    for (const posting of matching) expect(digest.text).toContain(posting.title);
    for (const posting of [old, other, draft]) expect(digest.text).not.toContain(posting.title);
    expect(digest.text).toContain("नमस्ते");
    expect(digest.text).toContain("मिल्छ");
    for (const posting of matching)
      expect(digest.text).toContain(`http://kmc.localhost/job-trainings/show/${posting.id}`);
    // each once: another pass tells of nothing
    expect(await t.app.digests.run(tomorrow)).toBe(0);

    // the one-click unsubscribe stops the next one
    const link = new URL(/<(http[^>]+)>/.exec(header(digest, "List-Unsubscribe") ?? "")?.[1] ?? "");
    const done = await t.app.inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { host: link.host, "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    await t.app.db.updateTable("learning_events").set({ publish_status: 1 }).where("id", "=", draft.id).execute();
    const later = await event(`${word} camp D`);
    expect(await t.app.digests.run(new Date(Date.now() + 3 * 86_400_000))).toBe(2);
    await t.deliverMail();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(learner, later.title)).toEqual([]);
    // still in the bell
    const after = body<{ body: string }[]>(await call(learner, "GET", "/api/notifications?_end=5"));
    expect(after.map((row) => row.body).join(" ")).toContain(later.title);
  });

  it("tells only of postings the learner may read, and sends an instant alert at once", async () => {
    const learner = "learner@example.com";
    const word = `Welding${Date.now()}`;
    const made = await save(learner, {
      resource: "learning-events",
      name: "Welding",
      query: `q=${word}`,
      alert: "instant",
    });
    expect(made.statusCode, made.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // the college's own learners only: not the independent learner's to read
    const local = await event(`${word} local`);
    await t.app.db.updateTable("learning_events").set({ access_scope: "local" }).where("id", "=", local.id).execute();
    const open = await event(`${word} open`);
    expect(await t.app.digests.run(new Date())).toBe(1);
    await t.deliverMail();
    await expect.poll(() => mailsTo(learner, open.title).length).toBe(1);
    expect(mailsTo(learner, local.title)).toEqual([]);
    const mail = mailsTo(learner, open.title)[0] as ReceivedMail;
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  it("tells of a new posting whatever time tab the search was saved on (the learner's list opens on Ongoing)", async () => {
    const learner = "learner@example.com";
    const word = `Plumbing${Date.now()}`;
    const made = await save(learner, {
      resource: "learning-events",
      name: "Plumbing",
      query: `type=ongoing&q=${word}`,
      alert: "instant",
    });
    expect(made.statusCode, made.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // starts in ten days: upcoming, not ongoing
    const upcoming = await event(`${word} upcoming`);
    expect(await t.app.digests.run(new Date())).toBe(1);
    await t.deliverMail();
    await expect.poll(() => mailsTo(learner, upcoming.title).length).toBe(1);
  });
});
