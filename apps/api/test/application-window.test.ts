import { isOpenForApplications, type PostingType } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Applying closes when the shared rule says (@csc/shared `isOpenForApplications`):
 * around each posting type's deadline, a learner's application and a guest's are taken exactly
 * when the rule the admin shows "Registration closed" by says the posting is open, refused with
 * 404 otherwise, and a refusal writes nothing.
 */

let t: TestApp;
let learner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  learner = { host: hostOf("provider"), ...bearer(await tokenFor(t.app, "learner@example.com", "provider")) };
});
afterAll(async () => {
  await t.close();
});

const stamp = () => new Date().toISOString();
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const DAY = 86_400_000;
const day = (days: number) => fromNow(days * DAY).slice(0, 10);
let serial = 0;

/** A published posting of the provider's for everyone, its closing fields as given. */
async function posting(type: PostingType, closing: Record<string, string | null>): Promise<Record<string, unknown>> {
  const common = {
    title: `Window ${type} ${++serial}`,
    publish_status: 1,
    institution_id: null,
    recruiter_id: null,
    created_at: stamp(),
    updated_at: stamp(),
  };
  const { db } = t.app;
  if (type === "learning-event") {
    const values = {
      ...common,
      access_scope: "all" as const,
      event_type: "workshop" as const,
      delivery_mode: 1,
      start_at: fromNow(-DAY),
      end_at: fromNow(30 * DAY),
      registration_deadline: null,
      created_by: "1_provider",
      ...closing,
    };
    const { id } = await db.insertInto("learning_events").values(values).returning("id").executeTakeFirstOrThrow();
    return { id, ...values };
  }
  if (type === "job-opportunity") {
    const values = {
      ...common,
      access_scope: "all" as const,
      job_type: "internship" as const,
      deadline: day(30),
      created_by: "1_provider",
      ...closing,
    };
    const { id } = await db
      .insertInto("job_opportunities")
      .values(values as typeof values & { deadline: string })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id, ...values };
  }
  const values = { ...common, deadline: null, ...closing };
  const { id } = await db.insertInto("scholarships").values(values).returning("id").executeTakeFirstOrThrow();
  return { id, ...values };
}

const RESOURCE = {
  "learning-event": "learning-events",
  "job-opportunity": "job-opportunities",
  scholarship: "scholarship",
};

/** Each posting type just inside and just outside its window, with the verdict the test expects of the rule. */
const CASES: [string, PostingType, Record<string, string | null>, boolean][] = [
  ["an event ending in two minutes", "learning-event", { end_at: fromNow(2 * 60_000) }, true],
  [
    "an event that ended two minutes ago",
    "learning-event",
    { start_at: fromNow(-DAY), end_at: fromNow(-2 * 60_000) },
    false,
  ],
  ["an event whose registration closes at the end of today", "learning-event", { registration_deadline: day(0) }, true],
  ["an event whose registration closed yesterday", "learning-event", { registration_deadline: day(-1) }, false],
  ["a job whose deadline is today", "job-opportunity", { deadline: day(0) }, true],
  ["a job whose deadline was yesterday", "job-opportunity", { deadline: day(-1) }, false],
  ["a scholarship with no deadline", "scholarship", { deadline: null }, true],
  ["a scholarship whose deadline is today", "scholarship", { deadline: day(0) }, true],
  ["a scholarship whose deadline was yesterday", "scholarship", { deadline: day(-1) }, false],
];

async function applicationsTo(type: PostingType, id: number) {
  const column = {
    "learning-event": "learning_event_id",
    "job-opportunity": "job_opportunity_id",
    scholarship: "scholarship_id",
  } as const;
  return t.app.db.selectFrom("applications").select("id").where(column[type], "=", id).execute();
}

describe("applying around the deadline", () => {
  it.each(CASES)("%s: the shared rule, a learner's apply and a guest's agree", async (_name, type, closing, open) => {
    const row = await posting(type, closing);
    const id = Number(row.id);
    // the rule itself, on the posting as stored
    expect(isOpenForApplications(type, row)).toBe(open);

    const applied = await t.app.inject({
      method: "POST",
      url: `/api/${RESOURCE[type]}/${id}/apply`,
      headers: learner,
      payload: {},
    });
    expect(applied.statusCode, applied.body).toBe(open ? 201 : 404);

    if (type !== "scholarship") {
      // scholarships have no public apply page
      const guest = await t.app.inject({
        method: "POST",
        url: `/api/public/${RESOURCE[type]}/${id}/apply`,
        headers: { host: hostOf("provider") },
        remoteAddress: `10.77.0.${serial}`,
        payload: { full_name: "Guest Window", email: `window.${serial}@example.org`, contact_number: "9841234567" },
      });
      expect(guest.statusCode, guest.body).toBe(open ? 201 : 404);
      const shown = await t.app.inject({
        url: `/api/public/${RESOURCE[type]}/${id}`,
        headers: { host: hostOf("provider") },
      });
      expect(shown.statusCode).toBe(open ? 200 : 404);
    }
    // a refusal writes nothing; an acceptance the learner's and the guest's
    expect(await applicationsTo(type, id)).toHaveLength(open ? (type === "scholarship" ? 1 : 2) : 0);
  });
});
