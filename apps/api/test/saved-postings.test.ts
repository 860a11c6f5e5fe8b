import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoCall, demoCalls } from "./demo-calls.js";
import { insertEvent } from "./events.js";
import { body, createMailedTestApp, type MailedTestApp } from "./helpers.js";
import type { ReceivedMail } from "./mailbox.js";

/**
 * A learner's saved postings (`POST /{posting}/{id}/save`): kept in their "Saved" list
 * (`scope=user-saved`), each read with `saved`, theirs alone; and the day before a saved posting's
 * last day to apply, one reminder in their bell and by mail, in their language, unless they applied.
 */

let t: MailedTestApp;
let call: DemoCall;
let kmcId = 0;
let serial = 0;
const save = (email: string, id: number, saved = true) =>
  call(email, "POST", `/api/learning-events/${id}/save`, { saved });
const savedIds = async (email: string) =>
  body<{ id: number; saved?: boolean }[]>(
    await call(email, "GET", "/api/learning-events?scope=user-saved&_start=0&_end=100"),
  ).map((row) => row.id);

const DAY = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** A workshop of the college, open to everyone, whose last day to apply is `days` from today. */
async function event(title: string, days: number) {
  const made = await insertEvent(t.app.db, { title: `${title} ${++serial}`, institution_id: kmcId });
  await t.app.db
    .updateTable("learning_events")
    .set({ registration_deadline: dayFromNow(days) })
    .where("id", "=", made.id)
    .execute();
  return made;
}

const reminders = async (email: string, language = "en-US") =>
  body<{ kind: string; title: string; body: string; link: string }[]>(
    await call(email, "GET", "/api/notifications?_end=50", undefined, language),
  ).filter((row) => row.kind === "saved-posting-deadline");
const mailsAbout = (address: string, needle: string): ReceivedMail[] =>
  t.mailbox.received.filter((m) => m.to.includes(address) && m.text.includes(needle));

beforeAll(async () => {
  t = await createMailedTestApp();
  const demo = await demoCalls(t.app);
  call = demo.call;
  kmcId = await demo.institutionId("kmc");
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("saving a posting", () => {
  it("keeps it in the learner's own Saved list, once, until they take it out", async () => {
    const learner = "student@example.com";
    const posting = await event("Saved workshop", 5);
    const other = await event("Unsaved workshop", 5);
    for (let i = 0; i < 2; i++) {
      const saved = await save(learner, posting.id);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(body(saved)).toEqual({ message: "The posting is in your saved list.", data: { saved: true } });
    }
    const rows = await t.app.db
      .selectFrom("saved_postings")
      .select("id")
      .where("learning_event_id", "=", posting.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await savedIds(learner)).toContain(posting.id);
    expect(await savedIds(learner)).not.toContain(other.id);
    // each posting as the learner reads it says whether they saved it
    const one = body<{ saved: boolean }>(await call(learner, "GET", `/api/learning-events/${posting.id}`));
    expect(one.saved).toBe(true);
    expect(body<{ saved: boolean }>(await call(learner, "GET", `/api/learning-events/${other.id}`)).saved).toBe(false);
    // theirs alone: another learner's list does not have it
    expect(await savedIds("learner@example.com")).not.toContain(posting.id);

    const unsaved = await save(learner, posting.id, false);
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    expect(body(unsaved)).toEqual({ message: "The posting is no longer in your saved list.", data: { saved: false } });
    expect(await savedIds(learner)).not.toContain(posting.id);
  });

  it("is a learner's alone, on postings they may read, and tells nobody the posting changed", async () => {
    const posting = await event("Local workshop", 5);
    await t.app.db.updateTable("learning_events").set({ access_scope: "local" }).where("id", "=", posting.id).execute();
    // the college's own learners only: the independent learner may not read it, so may not save it
    expect((await save("learner@example.com", posting.id)).statusCode).toBe(404);
    // staff do not save postings, nor ask for a learner's Saved list
    expect((await save("college.admin@example.com", posting.id)).statusCode).toBe(403);
    const staffList = await call("college.admin@example.com", "GET", "/api/learning-events?scope=user-saved");
    expect(staffList.statusCode).toBe(400);
    // the body says which
    const bad = await call("student@example.com", "POST", `/api/learning-events/${posting.id}/save`, {});
    expect(bad.statusCode).toBe(400);

    const before = await t.app.db.selectFrom("live_events").select(t.app.db.fn.max("id").as("last")).executeTakeFirst();
    expect((await save("student@example.com", posting.id)).statusCode).toBe(200);
    const events = await t.app.db
      .selectFrom("live_events")
      .select(["resource", "ids"])
      .where("id", ">", Number(before?.last ?? 0))
      .execute();
    expect(events.filter((row) => row.resource === "learning-events")).toEqual([]);
  });
});

describe("the reminder the day before a saved posting closes", () => {
  it("tells the learner once, in their language, of exactly the saved postings closing tomorrow they did not apply to", async () => {
    const learner = "student@example.com";
    const prefs = await call(learner, "PATCH", "/api/profile/notification-preferences", {}, "np-NP");
    expect(prefs.statusCode, prefs.body).toBe(200);
    const closing = await event("Closing tomorrow", 1);
    const later = await event("Closing later", 3);
    const applied = await event("Applied to", 1);
    const notSaved = await event("Not saved", 1);
    for (const posting of [closing, later, applied]) expect((await save(learner, posting.id)).statusCode).toBe(200);
    const application = await call(learner, "POST", `/api/learning-events/${applied.id}/apply`, {});
    expect(application.statusCode, application.body).toBe(201);
    // an event closes at its end whatever its registration deadline: one ending tomorrow is reminded of too
    const ending = await event("Ending tomorrow", 9);
    const endsAt = new Date(Date.now() + DAY);
    endsAt.setUTCHours(23, 0, 0, 0);
    await t.app.db
      .updateTable("learning_events")
      .set({ start_at: new Date(Date.now() - DAY).toISOString(), end_at: endsAt.toISOString() })
      .where("id", "=", ending.id)
      .execute();
    expect((await save(learner, ending.id)).statusCode).toBe(200);

    await t.app.digests.run(new Date());
    // the bell reads in the language of the page; the mail is written in the learner's own
    const told = await reminders(learner, "np-NP");
    const named = told.map((row) => row.body).join("\n");
    expect(named).toContain(closing.title);
    expect(named).toContain(ending.title);
    for (const posting of [later, applied, notSaved]) expect(named).not.toContain(posting.title);
    expect(told.find((row) => row.body.includes(closing.title))).toMatchObject({
      title: "भोलि आवेदन बन्द हुन्छ",
      link: `/job-trainings/show/${closing.id}`,
    });
    await t.deliverMail();
    await expect.poll(() => mailsAbout(learner, closing.title).length).toBe(1);
    const mail = mailsAbout(learner, closing.title)[0] as ReceivedMail;
    expect(mail.text).toContain("भोलि आवेदन बन्द हुन्छ");
    expect(mail.text).toContain("नमस्ते");
    expect(mail.text).toContain(`http://kmc.localhost/job-trainings/show/${closing.id}`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    // once: another pass the same day tells of nothing more
    await t.app.digests.run(new Date());
    expect((await reminders(learner)).length).toBe(told.length);
    // a deadline moved to the next day is a new last day: the day before it, one more reminder
    await t.app.db
      .updateTable("learning_events")
      .set({ registration_deadline: dayFromNow(2) })
      .where("id", "=", closing.id)
      .execute();
    await t.app.digests.run(new Date(Date.now() + DAY));
    const again = (await reminders(learner)).filter((row) => row.body.includes(closing.title));
    expect(again).toHaveLength(2);
  });

  it("on the last day, tells of a saved posting nobody could remind of the day before, saying it closes today", async () => {
    const learner = "student@example.com";
    // reminded the day before its last day (today), as planned: nothing more on its last day
    const told = await event("Told the day before", 0);
    expect((await save(learner, told.id)).statusCode).toBe(200);
    await t.app.digests.run(new Date(Date.now() - DAY));
    // saved after the day before's last pass: nobody could remind of it then
    const missed = await event("Missed the day before", 0);
    expect((await save(learner, missed.id)).statusCode).toBe(200);
    const before = await reminders(learner);
    expect(before.filter((row) => row.body.includes(told.title))).toHaveLength(1);
    expect(before.filter((row) => row.body.includes(missed.title))).toHaveLength(0);

    await t.app.digests.run(new Date());
    const now = await reminders(learner);
    expect(now.filter((row) => row.body.includes(told.title))).toHaveLength(1);
    expect(now.filter((row) => row.body.includes(missed.title))).toEqual([
      expect.objectContaining({
        title: "Applications close today",
        body: `${missed.title}, which you saved, takes applications until the end of today.`,
      }),
    ]);
    expect((await reminders(learner, "np-NP")).find((row) => row.body.includes(missed.title))?.title).toBe(
      "आज आवेदन बन्द हुन्छ",
    );
    // once: another pass on the last day tells of nothing more
    await t.app.digests.run(new Date());
    expect((await reminders(learner)).length).toBe(now.length);
  });

  it("does not tell a learner of a posting they may no longer read", async () => {
    const learner = "learner@example.com";
    const posting = await event("Soon private", 1);
    expect((await save(learner, posting.id)).statusCode).toBe(200);
    await t.app.db.updateTable("learning_events").set({ access_scope: "local" }).where("id", "=", posting.id).execute();
    await t.app.digests.run(new Date());
    expect((await reminders(learner)).map((row) => row.body).join("\n")).not.toContain(posting.title);
  });
});
