import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The pipeline as staff use it every day: each change of applicants is one change set
 * that can be undone until its deadline; the applicants hear of it only after that deadline, and
 * never of a change undone; a staff-only note never reaches the applicant; attendance, grades and
 * completion wait for the event to begin.
 */

const nepaliEnums = JSON.parse(readFileSync(new URL("../../../locales/np-NP/enums.json", import.meta.url), "utf8")) as {
  applicationStage: Record<string, string>;
};

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<string, Headers> = {};
const SITES: Record<string, string> = {
  "college.editor@example.com": "kmc",
  "college.viewer@example.com": "kmc",
  "recruiter.editor@example.com": "recruiter",
  "student@example.com": "kmc",
};
let kmc = 0;
let studentId = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, site] of Object.entries(SITES)) {
    as[email] = { host: hostOf(site), ...bearer(await tokenFor(t.app, email, site)) };
  }
  kmc = (
    await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", "kmc").executeTakeFirstOrThrow()
  ).id;
  studentId = (
    await t.app.db.selectFrom("users").select("id").where("email", "=", "student@example.com").executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const stamp = () => new Date().toISOString();

/** A kmc event that began `startedDaysAgo` days ago (negative: it starts in the future). */
async function event(options: { startedDaysAgo?: number; grading?: "grade" | "percentage"; skills?: string[] } = {}) {
  const started = options.startedDaysAgo ?? 1;
  const row = await t.app.db
    .insertInto("learning_events")
    .values({
      title: `Undo event ${++serial}`,
      event_type: "training",
      start_at: daysFromNow(-started),
      end_at: daysFromNow(30),
      publish_status: 1,
      grading_type: options.grading ?? null,
      skills: JSON.stringify(options.skills ?? []),
      institution_id: kmc,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function job() {
  const row = await t.app.db
    .insertInto("job_opportunities")
    .values({
      title: `Undo job ${++serial}`,
      job_type: "internship",
      deadline: daysFromNow(60).slice(0, 10),
      publish_status: 1,
      institution_id: kmc,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function guests(posting: { learning_event_id: number } | { job_opportunity_id: number }, count: number) {
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await t.app.db
      .insertInto("applications")
      .values(applicationRow(posting, { full_name: `Guest ${++serial}`, email: `guest.${serial}@example.com` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    made.push(row.id);
  }
  return made;
}

/** The student applies, in Nepali, as the learner's own screen does. */
async function studentApplies(path: "job-opportunities" | "learning-events", id: number) {
  const applied = await t.app.inject({
    method: "POST",
    url: `/api/${path}/${id}/apply`,
    headers: { ...as["student@example.com"], "accept-language": "np-NP" },
    payload: {},
  });
  expect(applied.statusCode, applied.body).toBe(201);
  return applied.json<{ id: number }>().id;
}

interface ChangeAnswer {
  message: string;
  data: { updated: number; unchanged: number; change_id: number | null; undo_until: string | null };
}
interface HistoryEntry {
  field: string;
  from: unknown;
  to: unknown;
  note: string | null;
  internal: boolean;
  undone: boolean;
}

const bulk = (who: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/applications/bulk", headers: as[who], payload });
const undo = (who: string, changeId: number) =>
  t.app.inject({ method: "POST", url: `/api/applications/changes/${changeId}/undo`, headers: as[who] });
const history = async (who: string, id: number) => {
  const res = await t.app.inject({ url: `/api/applications/${id}/history`, headers: as[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HistoryEntry[]>();
};
const outboxTo = async (email: string) =>
  t.app.db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).execute();
/** Sends whatever mail is due at `at` plus a couple of seconds, as the queue's own timer would then. */
const drainAfter = (at: string) => t.app.mailQueue.drain(new Date(Date.parse(at) + 2_000));
const stageOf = async (id: number) =>
  (await t.app.db.selectFrom("applications").select("stage").where("id", "=", id).executeTakeFirstOrThrow()).stage;

describe("a change of applicants", () => {
  it("answers its change id and deadline, and says how many already had the value", async () => {
    const posting = await job();
    const [first, second, third] = (await guests({ job_opportunity_id: posting }, 3)) as [number, number, number];
    expect((await bulk("college.editor@example.com", { ids: [third], stage: "shortlisted" })).statusCode).toBe(200);

    const before = Date.now();
    const res = await bulk("college.editor@example.com", { ids: [first, second, third], stage: "shortlisted" });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ChangeAnswer>();
    expect(answer.message).toBe("2 updated, 1 already at Shortlisted.");
    expect(answer.data).toMatchObject({ updated: 2, unchanged: 1 });
    expect(answer.data.change_id).toEqual(expect.any(Number));
    const window = Date.parse(answer.data.undo_until ?? "") - before;
    expect(window).toBeGreaterThanOrEqual(14_000);
    expect(window).toBeLessThanOrEqual(16_000);

    // the same in Nepali, the stage in its Nepali words and the counts in Devanagari digits
    const again = await t.app.inject({
      method: "POST",
      url: "/api/applications/bulk",
      headers: { ...as["college.editor@example.com"], "accept-language": "np-NP" },
      payload: { ids: [first, second, third], stage: "shortlisted" },
    });
    const shortlisted = nepaliEnums.applicationStage.shortlisted;
    expect(again.json<ChangeAnswer>().message).toBe(`० अद्यावधिक गरियो, ३ पहिल्यै ${shortlisted} मा छ।`);
    expect(again.json<ChangeAnswer>().data).toEqual({ updated: 0, unchanged: 3, change_id: null, undo_until: null });
  });

  it("is undone whole within its window: every row put back, the history says so, and no mail ever leaves", async () => {
    const posting = await job();
    const mine = await studentApplies("job-opportunities", posting);
    const [guest] = (await guests({ job_opportunity_id: posting }, 1)) as [number];
    // the application's receipt has gone: what follows is the change's mail alone
    await t.app.mailQueue.drain();
    const mailsBefore = (await outboxTo("student@example.com")).length;

    const moved = await bulk("college.editor@example.com", {
      ids: [mine, guest],
      stage: "rejected_after_interview",
      note: "Thank you for applying",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const { change_id: changeId, undo_until: undoUntil } = moved.json<ChangeAnswer>().data;
    expect(await stageOf(mine)).toBe("rejected_after_interview");

    const undone = await undo("college.editor@example.com", changeId as number);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ data: { restored: 2 } });
    expect(await stageOf(mine)).toBe("new_candidates");
    expect(await stageOf(guest)).toBe("new_candidates");

    // staff see the change and its undoing; the applicant sees neither
    const staff = await history("college.editor@example.com", mine);
    expect(
      staff.filter((entry) => entry.field === "stage").map((entry) => [entry.from, entry.to, entry.undone]),
    ).toEqual([
      [null, "new_candidates", false],
      ["new_candidates", "rejected_after_interview", false],
      ["rejected_after_interview", "new_candidates", true],
    ]);
    const own = (await history("student@example.com", mine)).filter((entry) => entry.field === "stage");
    expect(own.map((entry) => [entry.from, entry.to])).toEqual([[null, "new_candidates"]]);

    // long after the window, still nothing
    await drainAfter(undoUntil as string);
    expect(await outboxTo("student@example.com")).toHaveLength(mailsBefore);
    expect(await t.app.db.selectFrom("mail_queue").select("id").where("change_id", "=", changeId).execute()).toEqual(
      [],
    );

    // a second undo, and one after a later change, are refused
    expect((await undo("college.editor@example.com", changeId as number)).statusCode).toBe(409);
    const real = await bulk("college.editor@example.com", { ids: [mine], stage: "shortlisted" });
    const later = await bulk("college.editor@example.com", { ids: [mine], stage: "final_interview" });
    const blocked = await undo("college.editor@example.com", real.json<ChangeAnswer>().data.change_id as number);
    expect(blocked.statusCode).toBe(409);
    expect(await stageOf(mine)).toBe("final_interview");
    expect(later.statusCode).toBe(200);
  });

  it("mails the applicant once, only after the window, in the language they applied in", async () => {
    const posting = await job();
    const mine = await studentApplies("job-opportunities", posting);
    // what earlier tests left waiting goes first
    await t.app.mailQueue.drain(new Date(Date.now() + 60_000));
    const before = (await outboxTo("student@example.com")).length;
    const moved = await bulk("college.editor@example.com", { ids: [mine], stage: "shortlisted" });
    const { undo_until: undoUntil } = moved.json<ChangeAnswer>().data;

    await t.app.mailQueue.drain(new Date(Date.parse(undoUntil as string) - 1_000));
    expect(await outboxTo("student@example.com")).toHaveLength(before);
    await drainAfter(undoUntil as string);
    const mails = (await outboxTo("student@example.com")).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toMatch(/[\u0900-\u097F]/);
    // sent once: another pass finds nothing left
    await drainAfter(undoUntil as string);
    expect(await outboxTo("student@example.com")).toHaveLength(before + 1);
  });

  it("cannot be undone after its window, by a viewer, or by staff who cannot reach its applicants", async () => {
    const posting = await job();
    const [guest] = (await guests({ job_opportunity_id: posting }, 1)) as [number];
    const moved = await bulk("college.editor@example.com", { ids: [guest], stage: "shortlisted" });
    const changeId = moved.json<ChangeAnswer>().data.change_id as number;

    expect((await undo("college.viewer@example.com", changeId)).statusCode).toBe(403);
    expect((await undo("recruiter.editor@example.com", changeId)).statusCode).toBe(404);
    expect((await undo("college.editor@example.com", 999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `/api/applications/changes/${changeId}/undo` })).statusCode).toBe(
      401,
    );

    // the window passes (its deadline set in the past, as time would)
    await t.app.db
      .updateTable("application_changes")
      .set({ undo_until: new Date(Date.now() - 1_000).toISOString() })
      .where("id", "=", changeId)
      .execute();
    const late = await undo("college.editor@example.com", changeId);
    expect(late.statusCode).toBe(409);
    expect(await stageOf(guest)).toBe("shortlisted");
  });

  it("takes back the certificate and the skills a completion gave when it is undone", async () => {
    const posting = await event({ grading: "grade", skills: ["Undo Skill Zeta"] });
    const mine = await studentApplies("learning-events", posting);
    const done = await bulk("college.editor@example.com", { ids: [mine], completion_status: "complete" });
    expect(done.statusCode, done.body).toBe(200);
    const row = await t.app.db
      .selectFrom("applications")
      .select("certificate_code")
      .where("id", "=", mine)
      .executeTakeFirstOrThrow();
    expect(row.certificate_code).toBeTruthy();
    const skill = () =>
      t.app.db
        .selectFrom("learner_skills")
        .select("id")
        .where("user_id", "=", studentId)
        .where("name", "=", "Undo Skill Zeta")
        .execute();
    expect(await skill()).toHaveLength(1);

    expect(
      (await undo("college.editor@example.com", done.json<ChangeAnswer>().data.change_id as number)).statusCode,
    ).toBe(200);
    const after = await t.app.db
      .selectFrom("applications")
      .select(["certificate_code", "completion_status"])
      .where("id", "=", mine)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ certificate_code: null, completion_status: null });
    expect(await skill()).toHaveLength(0);
    const verify = await t.app.inject({ url: `/api/public/certificates/${row.certificate_code}` });
    expect(verify.statusCode).toBe(404);
  });
});

describe("attendance, grades and completion", () => {
  it("are refused under their field before the event has started, and nothing is written", async () => {
    const upcoming = await event({ startedDaysAgo: -3, grading: "percentage" });
    const [guest] = (await guests({ learning_event_id: upcoming }, 1)) as [number];
    for (const [field, value] of [
      ["attendance", 1],
      ["percentage", 80],
      ["completion_status", "complete"],
    ] as const) {
      const res = await bulk("college.editor@example.com", { ids: [guest], [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toEqual([field]);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toMatch(/not started/);
    }
    // a stage is no attendance: shortlisting before the event is how events are run
    expect((await bulk("college.editor@example.com", { ids: [guest], stage: "shortlisted" })).statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom("application_history")
      .select("field")
      .where("application_id", "=", guest)
      .execute();
    expect(rows.map((entry) => entry.field)).toEqual(["stage"]);
  });
});

describe("notes", () => {
  const SECRET = "Internal: weak references, keep as backup 7c1f";

  it("a message alone reaches the applicant's timeline; an internal note only the staff's", async () => {
    const posting = await job();
    const mine = await studentApplies("job-opportunities", posting);
    const message = await bulk("college.editor@example.com", { ids: [mine], note: "Please bring your transcript" });
    expect(message.statusCode, message.body).toBe(200);
    expect(message.json<ChangeAnswer>().data.updated).toBe(0);
    const internal = await bulk("college.editor@example.com", {
      ids: [mine],
      stage: "shortlisted",
      internal_note: SECRET,
    });
    expect(internal.statusCode, internal.body).toBe(200);

    const staff = await history("college.editor@example.com", mine);
    expect(staff).toContainEqual(
      expect.objectContaining({ field: "note", note: "Please bring your transcript", internal: false }),
    );
    expect(staff).toContainEqual(expect.objectContaining({ field: "note", note: SECRET, internal: true }));
    const own = await history("student@example.com", mine);
    expect(own).toContainEqual(expect.objectContaining({ field: "note", note: "Please bring your transcript" }));
    expect(own.some((entry) => entry.internal || entry.note === SECRET)).toBe(false);
    expect(JSON.stringify(own)).not.toContain("7c1f");
    // the college viewer is staff too, and reads it
    expect(JSON.stringify(await history("college.viewer@example.com", mine))).toContain("7c1f");

    // the mail the change sends, once due, does not carry it
    await drainAfter(internal.json<ChangeAnswer>().data.undo_until as string);
    const mails = await outboxTo("student@example.com");
    expect(mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(mails)).not.toContain("7c1f");
    // nor does the staff's export
    const csv = await t.app.inject({
      url: `/api/applications/export?job_opportunity_id=${posting}`,
      headers: as["college.editor@example.com"],
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).not.toContain("7c1f");
  });

  it("never reaches the applicant over any route they can call", async () => {
    const posting = await job();
    const mine = await studentApplies("job-opportunities", posting);
    expect((await bulk("college.editor@example.com", { ids: [mine], internal_note: SECRET })).statusCode).toBe(200);

    // every GET route the API documents, with the application's id where a path names one
    const docs = await t.app.inject({ url: "/api/docs" });
    const paths = Object.entries(docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths)
      .filter(([, operations]) => "get" in operations)
      .map(([path]) => path);
    expect(paths.length).toBeGreaterThan(40);
    const filled = paths
      .map((path) =>
        path.replace("{id}", String(mine)).replace("{lng}", "en-US").replace("{ns}", "api").replace("{sub}", "kmc"),
      )
      // signing out would end the sweep's own session
      .filter((path) => !path.includes("{") && path !== "/api/logout");
    let answered = 0;
    for (const path of filled) {
      const res = await t.app.inject({ url: path, headers: as["student@example.com"] });
      if (res.statusCode === 200) answered++;
      if (process.env.SWEEP_LOG) console.log(res.statusCode, path);
      expect(res.body, path).not.toContain("7c1f");
    }
    // the sweep reached real answers, the applicant's own application among them
    expect(answered).toBeGreaterThan(20);
    const own = await t.app.inject({ url: `/api/applications/${mine}/history`, headers: as["student@example.com"] });
    expect(own.statusCode).toBe(200);
  });
});
