import type { GradingType } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * The applicant pipeline: learners apply once to postings they may see,
 * the staff of whoever owns a posting move its applicants through the stages of its variant, all
 * or nothing, and every change keeps a history row that whoever may read the application may read.
 */

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<string, Headers> = {};
const SITES: Record<string, string> = {
  "superadmin@example.com": "provider",
  "college.editor@example.com": "kmc",
  "college.viewer@example.com": "kmc",
  "company.editor@example.com": "himal",
  "recruiter.editor@example.com": "recruiter",
  "student@example.com": "kmc",
  "employee@example.com": "himal",
  "learner@example.com": "provider",
};
const ids = { kmc: 0, himal: 0, everest: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, site] of Object.entries(SITES)) {
    as[email] = { host: hostOf(site), ...bearer(await tokenFor(t.app, email, site)) };
  }
  const institution = async (sub: string) =>
    (await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", sub).executeTakeFirstOrThrow()).id;
  ids.kmc = await institution("kmc");
  ids.himal = await institution("himal");
  ids.everest = (
    await t.app.db
      .selectFrom("recruiters")
      .select("id")
      .where("name", "=", "Everest Recruiters")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

/* Seeding straight into the database: postings of a known owner, state and grading. */

type Owner = { institution_id?: number; recruiter_id?: number };
let serial = 0;
const stamp = () => new Date().toISOString();
/** An instant `days` from now (negative: in the past), so the postings stay open or closed whenever the tests run. */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function event(
  owner: Owner,
  options: { published?: boolean; grading?: GradingType; endsInDays?: number; registrationDeadline?: string } = {},
) {
  const endsInDays = options.endsInDays ?? 50;
  const row = await t.app.db
    .insertInto("learning_events")
    .values({
      title: `Pipeline event ${++serial}`,
      event_type: "training",
      // begun a day ago (or before it ended): attendance and grades are taken once an event has started
      start_at: daysFromNow(Math.min(-1, endsInDays - 2)),
      end_at: daysFromNow(endsInDays),
      registration_deadline: options.registrationDeadline ?? null,
      publish_status: options.published === false ? 0 : 1,
      grading_type: options.grading ?? null,
      institution_id: owner.institution_id ?? null,
      recruiter_id: owner.recruiter_id ?? null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function job(owner: Owner, options: { deadlineInDays?: number } = {}) {
  const row = await t.app.db
    .insertInto("job_opportunities")
    .values({
      title: `Pipeline job ${++serial}`,
      job_type: "internship",
      deadline: daysFromNow(options.deadlineInDays ?? 70).slice(0, 10),
      publish_status: 1,
      institution_id: owner.institution_id ?? null,
      recruiter_id: owner.recruiter_id ?? null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Public applicants (no account) to a posting, as the public apply page leaves them. */
async function applicants(posting: { learning_event_id: number } | { job_opportunity_id: number }, count: number) {
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await t.app.db
      .insertInto("applications")
      .values(applicationRow(posting, { full_name: `Applicant ${++serial}`, email: `applicant.${serial}@example.com` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    made.push(row.id);
  }
  return made;
}

/* The calls, as each user makes them. */

const bulk = (who: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/applications/bulk", headers: as[who], payload });
const history = (who: string, id: number) => t.app.inject({ url: `/api/applications/${id}/history`, headers: as[who] });
const applyTo = (who: string, path: string, id: number, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: `/api/${path}/${id}/apply`, headers: as[who], payload });

/** The tracked values of some applications and the number of their history rows: what "nothing changed" compares. */
async function snapshot(applicationIds: number[]) {
  const rows = await t.app.db
    .selectFrom("applications")
    .select(["id", "stage", "attendance", "grade", "percentage", "completion_status", "updated_at"])
    .where("id", "in", applicationIds)
    .orderBy("id")
    .execute();
  const { count } = await t.app.db
    .selectFrom("application_history")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("application_id", "in", applicationIds)
    .executeTakeFirstOrThrow();
  return { rows, history: Number(count) };
}

type Entry = { field: string; from: unknown; to: unknown; note: string | null; by: { id: number; full_name: string } };

describe("a recruiter's pipeline", () => {
  it("takes a learner's application and moves it through the stages, and the history says who, from, to and why", async () => {
    const posting = await job({ recruiter_id: ids.everest });
    const applied = await applyTo("learner@example.com", "job-opportunities", posting, { note: "Keen to join" });
    expect(applied.statusCode, applied.body).toBe(201);
    const application = applied.json<Record<string, unknown>>();
    expect(application).toMatchObject({
      posting_type: "job-opportunity",
      job_opportunity_id: posting,
      full_name: expect.any(String),
      email: "learner@example.com",
      applicant_type: "skill_lab",
      stage: "new_candidates",
      attendance: 3,
      withdrawn_at: null,
    });
    const id = application.id as number;

    const screened = await bulk("recruiter.editor@example.com", {
      ids: [id],
      stage: "phone_screening_completed",
      note: "Good call",
    });
    expect(screened.statusCode, screened.body).toBe(200);
    expect(screened.json()).toMatchObject({ data: { updated: 1 } });
    expect(
      (await bulk("recruiter.editor@example.com", { ids: [id], stage: "rejected_after_interview" })).statusCode,
    ).toBe(200);

    const recruiter = await t.app.db
      .selectFrom("users")
      .select(["id", "full_name"])
      .where("email", "=", "recruiter.editor@example.com")
      .executeTakeFirstOrThrow();
    const read = await history("recruiter.editor@example.com", id);
    expect(read.statusCode, read.body).toBe(200);
    const entries = read.json<Entry[]>();
    expect(entries.map(({ field, from, to, note }) => ({ field, from, to, note }))).toEqual([
      { field: "stage", from: null, to: "new_candidates", note: "Keen to join" },
      { field: "stage", from: "new_candidates", to: "phone_screening_completed", note: "Good call" },
      { field: "stage", from: "phone_screening_completed", to: "rejected_after_interview", note: null },
    ]);
    expect(entries[0]?.by.id).toBe(application.user_id);
    expect(entries[1]?.by).toEqual({ id: recruiter.id, full_name: recruiter.full_name });
    expect(entries.every((entry: Entry & { at?: string }) => /^\d{4}-/.test(String(entry.at)))).toBe(true);
    // the applicant follows their own application's history too
    expect((await history("learner@example.com", id)).json<Entry[]>()).toHaveLength(3);
  });
});

describe("bulk changes", () => {
  it("records attendance, grades, completion and stage of 20 applicants of an event in one go", async () => {
    const graded = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const twenty = await applicants({ learning_event_id: graded }, 20);
    const res = await bulk("college.editor@example.com", {
      ids: twenty,
      stage: "certified",
      attendance: 1,
      grade: "A+",
      completion_status: "complete",
      note: "Batch 1 results",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { updated: 20 } });
    const after = await snapshot(twenty);
    expect(
      after.rows.every(
        (row) =>
          row.stage === "certified" &&
          row.attendance === 1 &&
          row.grade === "A+" &&
          row.completion_status === "complete",
      ),
    ).toBe(true);
    // four fields changed on each of the twenty
    expect(after.history).toBe(80);
    const entries = (await history("college.editor@example.com", twenty[7] as number)).json<Entry[]>();
    expect(entries.map((entry) => [entry.field, entry.from, entry.to, entry.note])).toEqual([
      ["stage", "new_candidate", "certified", "Batch 1 results"],
      ["attendance", 3, 1, "Batch 1 results"],
      ["grade", null, "A+", "Batch 1 results"],
      ["completion_status", null, "complete", "Batch 1 results"],
    ]);
    // setting what is already there changes nothing and writes no history
    const again = await bulk("college.editor@example.com", { ids: twenty, attendance: 1 });
    expect(again.json()).toMatchObject({ data: { updated: 0 } });
    expect((await snapshot(twenty)).history).toBe(80);
  });

  it("gives a learner marked complete a certificate nobody could guess, and takes it back if marked incomplete", async () => {
    const graded = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const three = await applicants({ learning_event_id: graded }, 3);
    const codes = async () =>
      (
        await t.app.db
          .selectFrom("applications")
          .select("certificate_code")
          .where("id", "in", three)
          .orderBy("id")
          .execute()
      ).map((row) => row.certificate_code);
    expect(await codes()).toEqual([null, null, null]);
    await bulk("college.editor@example.com", { ids: three, completion_status: "complete" });
    const issued = await codes();
    expect(
      issued.every((code) => /^CSC-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/.test(String(code))),
    ).toBe(true);
    expect(new Set(issued).size).toBe(3);
    // marking complete again keeps the certificate it has
    await bulk("college.editor@example.com", { ids: three, completion_status: "complete", attendance: 1 });
    expect(await codes()).toEqual(issued);
    const [first] = three as [number];
    await bulk("college.editor@example.com", { ids: [first], completion_status: "in_complete" });
    expect(await codes()).toEqual([null, ...issued.slice(1)]);

    // an opportunity's candidates are hired or not: they never complete
    const opening = await job({ institution_id: ids.kmc });
    const [candidate] = (await applicants({ job_opportunity_id: opening }, 1)) as [number];
    const refused = await bulk("college.editor@example.com", { ids: [candidate], completion_status: "complete" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors).toHaveProperty("completion_status");
  });

  it("changes nothing when one value does not fit one of the rows", async () => {
    const byPercentage = await event({ institution_id: ids.kmc }, { grading: "percentage" });
    const byGrade = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const opening = await job({ institution_id: ids.kmc });
    const percentageRows = await applicants({ learning_event_id: byPercentage }, 3);
    const [gradeRow] = await applicants({ learning_event_id: byGrade }, 1);
    const [jobRow] = await applicants({ job_opportunity_id: opening }, 1);
    const everything = [...percentageRows, gradeRow, jobRow] as number[];
    const before = await snapshot(everything);

    // a learner stage for a job opportunity's applicant
    const wrongVariant = await bulk("college.editor@example.com", {
      ids: [...percentageRows, jobRow],
      stage: "certified",
      attendance: 2,
    });
    expect(wrongVariant.statusCode).toBe(400);
    expect(wrongVariant.json<{ errors: Record<string, string> }>().errors.stage).toContain(String(jobRow));

    // a percentage for an applicant of a letter-graded event, and a grade for a percentage one
    const percentageOnGrades = await bulk("college.editor@example.com", {
      ids: [...percentageRows, gradeRow],
      percentage: 72.5,
    });
    expect(percentageOnGrades.statusCode).toBe(400);
    expect(percentageOnGrades.json<{ errors: Record<string, string> }>().errors).toHaveProperty("percentage");
    const gradeOnPercentage = await bulk("college.editor@example.com", { ids: percentageRows, grade: "B" });
    expect(gradeOnPercentage.statusCode).toBe(400);
    expect(gradeOnPercentage.json<{ errors: Record<string, string> }>().errors).toHaveProperty("grade");

    // a value no field holds at all, and an empty change
    const unknownStage = await bulk("college.editor@example.com", { ids: percentageRows, stage: "promoted" });
    expect(unknownStage.statusCode).toBe(400);
    expect(unknownStage.json<{ errors: Record<string, string> }>().errors).toHaveProperty("stage");
    expect((await bulk("college.editor@example.com", { ids: percentageRows })).statusCode).toBe(400);
    expect((await bulk("college.editor@example.com", { ids: percentageRows, note: "   " })).statusCode).toBe(400);

    expect(await snapshot(everything)).toEqual(before);
    // the same change where it fits goes through
    const fits = await bulk("college.editor@example.com", { ids: percentageRows, percentage: 72.5 });
    expect(fits.json()).toMatchObject({ data: { updated: 3 } });
  });

  it("reaches no applicant of another tenant's posting, by id, and changes nothing", async () => {
    const kmcEvent = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const kmcRows = await applicants({ learning_event_id: kmcEvent }, 2);
    const everestJob = await job({ recruiter_id: ids.everest });
    const [everestRow] = (await applicants({ job_opportunity_id: everestJob }, 1)) as [number];
    const before = await snapshot([...kmcRows, everestRow]);

    for (const outsider of ["company.editor@example.com", "recruiter.editor@example.com"]) {
      expect((await bulk(outsider, { ids: kmcRows, attendance: 2 })).statusCode, outsider).toBe(404);
      expect((await history(outsider, kmcRows[0] as number)).statusCode, outsider).toBe(404);
    }
    // one row of one's own and one of another tenant's: the whole change is refused
    const mixed = await bulk("college.editor@example.com", { ids: [kmcRows[0], everestRow], attendance: 2 });
    expect(mixed.statusCode).toBe(404);
    expect((await history("college.editor@example.com", everestRow)).statusCode).toBe(404);
    expect(await snapshot([...kmcRows, everestRow])).toEqual(before);
  });

  it("is not for learners or viewers", async () => {
    const kmcEvent = await event({ institution_id: ids.kmc });
    const rows = await applicants({ learning_event_id: kmcEvent }, 1);
    const before = await snapshot(rows);
    expect((await bulk("student@example.com", { ids: rows, stage: "certified" })).statusCode).toBe(403);
    expect((await bulk("college.viewer@example.com", { ids: rows, stage: "certified" })).statusCode).toBe(403);
    // the viewer still reads the history of its institution's applicants
    expect((await history("college.viewer@example.com", rows[0] as number)).statusCode).toBe(200);
    expect(await snapshot(rows)).toEqual(before);
  });
});

describe("a learner applying", () => {
  it("applies once, with their own details; again is a conflict", async () => {
    const posting = await event({ institution_id: ids.kmc });
    const first = await applyTo("student@example.com", "learning-events", posting, { note: "Count me in" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      posting_type: "learning-event",
      learning_event_id: posting,
      email: "student@example.com",
      institution_id: ids.kmc,
      applicant_type: "college",
      stage: "new_candidate",
      attendance: 3,
    });
    const again = await applyTo("student@example.com", "learning-events", posting);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/already applied/);
    const count = await t.app.db
      .selectFrom("applications")
      .select("id")
      .where("learning_event_id", "=", posting)
      .execute();
    expect(count).toHaveLength(1);
  });

  it("cannot apply to a posting they may not read: unpublished, or another institution's", async () => {
    const draft = await event({}, { published: false });
    expect((await applyTo("learner@example.com", "learning-events", draft)).statusCode).toBe(404);
    const himalEvent = await event({ institution_id: ids.himal });
    expect((await applyTo("student@example.com", "learning-events", himalEvent)).statusCode).toBe(404);
    expect((await applyTo("student@example.com", "learning-events", 999_999)).statusCode).toBe(404);
    const none = await t.app.db
      .selectFrom("applications")
      .select("id")
      .where("learning_event_id", "in", [draft, himalEvent])
      .execute();
    expect(none).toEqual([]);
  });

  it("cannot apply to a posting that has closed: past its end or its registration deadline", async () => {
    const ended = await event({}, { endsInDays: -1 });
    const registrationClosed = await event({}, { registrationDeadline: daysFromNow(-1).slice(0, 10) });
    const lastDay = await event({}, { registrationDeadline: daysFromNow(0).slice(0, 10) });
    expect((await applyTo("learner@example.com", "learning-events", ended)).statusCode).toBe(404);
    expect((await applyTo("learner@example.com", "learning-events", registrationClosed)).statusCode).toBe(404);
    // the registration deadline's own day is still open
    expect((await applyTo("learner@example.com", "learning-events", lastDay)).statusCode).toBe(201);
    const closedJob = await job({}, { deadlineInDays: -1 });
    expect((await applyTo("learner@example.com", "job-opportunities", closedJob)).statusCode).toBe(404);
    const none = await t.app.db
      .selectFrom("applications")
      .select("id")
      .where((eb) =>
        eb.or([eb("learning_event_id", "in", [ended, registrationClosed]), eb("job_opportunity_id", "=", closedJob)]),
      )
      .execute();
    expect(none).toEqual([]);
  });

  it("applies to scholarships too, and staff never apply", async () => {
    const scholarship = await t.app.db
      .insertInto("scholarships")
      .values({
        title: "Pipeline scholarship",
        publish_status: 1,
        institution_id: null,
        recruiter_id: null,
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await applyTo("employee@example.com", "scholarship", scholarship.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      posting_type: "scholarship",
      scholarship_id: scholarship.id,
      stage: "new_candidate",
    });
    expect((await applyTo("college.editor@example.com", "scholarship", scholarship.id)).statusCode).toBe(403);
  });

  it("cannot withdraw once staff have decided, and staff cannot change a withdrawn application", async () => {
    const posting = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const decided = (await applyTo("student@example.com", "learning-events", posting)).json<{ id: number }>().id;
    expect((await bulk("college.editor@example.com", { ids: [decided], attendance: 1 })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/applications/${decided}/withdraw`,
      headers: as["student@example.com"],
    });
    expect(refused.statusCode).toBe(409);

    const other = await event({ institution_id: ids.kmc });
    const withdrawn = (await applyTo("student@example.com", "learning-events", other)).json<{ id: number }>().id;
    const done = await t.app.inject({
      method: "POST",
      url: `/api/applications/${withdrawn}/withdraw`,
      headers: as["student@example.com"],
    });
    expect(done.statusCode).toBe(200);
    // the posting's staff see when the applicant withdrew, and who did it
    const entries = (await history("college.editor@example.com", withdrawn)).json<
      { field: string; from: string | null; to: string | null; by: { full_name: string } | null }[]
    >();
    expect(entries.map((e) => e.field)).toEqual(["stage", "withdrawn_at"]);
    expect(entries[1]).toMatchObject({ from: null, to: done.json<{ withdrawn_at: string }>().withdrawn_at });
    expect(entries[1]?.by?.full_name).toBeTruthy();
    const before = await snapshot([withdrawn, decided]);
    const change = await bulk("college.editor@example.com", { ids: [decided, withdrawn], stage: "shortlisted" });
    expect(change.statusCode).toBe(409);
    expect(change.json<{ message: string }>().message).toMatch(/withdrawn/);
    expect(await snapshot([withdrawn, decided])).toEqual(before);
  });
});

describe("stage-change mail", () => {
  // the mails about one posting: every change now mails its applicants, earlier tests' too
  const outboxOf = async (email: string, posting?: number) =>
    (
      await t.app.db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", email)
        .orderBy("id")
        .execute()
    ).filter((mail) => posting === undefined || mail.text_body.includes(`/job-trainings/show/${posting}`));

  it("tells the learner of each change, in the language they applied in, once its window has passed", async () => {
    const posting = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const applied = await t.app.inject({
      method: "POST",
      url: `/api/learning-events/${posting}/apply`,
      headers: { ...as["student@example.com"], "accept-language": "np-NP" },
      payload: {},
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json<{ id: number }>().id;
    // the application's receipt goes first: it is queued with the application and sent soon after
    await t.app.mailQueue.drain();
    const before = (await outboxOf("student@example.com", posting)).length;

    // the editor works in English; the mail is in the applicant's Nepali
    const moved = await bulk("college.editor@example.com", { ids: [id], stage: "shortlisted", note: "बधाई छ" });
    expect(moved.statusCode, moved.body).toBe(200);
    // nothing leaves while the change can still be undone
    const { undo_until } = moved.json<{ data: { undo_until: string } }>().data;
    await t.app.mailQueue.drain(new Date(Date.parse(undo_until) - 1000));
    expect(await outboxOf("student@example.com", posting)).toHaveLength(before);
    await t.app.mailQueue.drain(new Date(Date.parse(undo_until) + 2000));
    const mails = (await outboxOf("student@example.com", posting)).slice(before);
    expect(mails).toHaveLength(1);
    // It names the learner's site and links to their application there (messages.test.ts has the rest)
    expect(mails[0]?.subject).toContain("तपाईंको आवेदनबारे जानकारी");
    expect(mails[0]?.text_body).toContain("• चरण: छनोट सूचीमा परेका");
    expect(mails[0]?.text_body).toContain("बधाई छ");
    expect(mails[0]?.text_body).toContain(`/job-trainings/show/${posting}`);

    // attendance is told too, after its own window
    const attended = await bulk("college.editor@example.com", { ids: [id], attendance: 1 });
    await t.app.mailQueue.drain(
      new Date(Date.parse(attended.json<{ data: { undo_until: string } }>().data.undo_until) + 2000),
    );
    const after = (await outboxOf("student@example.com", posting)).slice(before);
    expect(after).toHaveLength(2);
    expect(after[1]?.text_body).toContain("• उपस्थिति: उपस्थित");
  });
});

describe("export of an event's applicants", () => {
  it("gives the CSV of the current view with attendance and grades, and logs it in Download Logs", async () => {
    const graded = await event({ institution_id: ids.kmc }, { grading: "grade" });
    const twenty = await applicants({ learning_event_id: graded }, 20);
    const [first, ...rest] = twenty as [number, ...number[]];
    expect((await bulk("college.editor@example.com", { ids: twenty, attendance: 1, grade: "B+" })).statusCode).toBe(
      200,
    );
    expect((await bulk("college.editor@example.com", { ids: [first], attendance: 2, grade: "F" })).statusCode).toBe(
      200,
    );

    const view = `learning_event_id=${graded}&attendance=1&_sort=full_name&_order=asc`;
    const res = await t.app.inject({
      url: `/api/applications/export?${view}`,
      headers: as["college.editor@example.com"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const [header = "", ...lines] = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // every cell is quoted (formula-safe CSV, shared/csv.ts)
    const cells = (line: string) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? "").replace(/""/g, '"'));
    const columns = cells(header);
    // the applicant table's columns under their labels (applications-export.test.ts checks them cell by cell)
    for (const column of ["Student Name", "Email", "Applied Date", "Status", "Attendance", "Assessment"]) {
      expect(columns).toContain(column);
    }
    // the view is the 19 present applicants, each with its grade; the absent one is not in it
    expect(lines).toHaveLength(rest.length);
    const cell = (line: string, name: string) => cells(line)[columns.indexOf(name)];
    expect(lines.every((line) => cell(line, "Attendance") === "Present" && cell(line, "Assessment") === "B+")).toBe(
      true,
    );

    const logs = await t.app.inject({
      url: "/api/download-logs?resource=applications&_sort=created_at&_order=desc&_start=0&_end=1",
      headers: as["superadmin@example.com"],
    });
    const [log] = logs.json<{ user_id: number; resource: string; filters: string; row_count: number }[]>();
    const editor = await t.app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "college.editor@example.com")
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: editor.id, resource: "applications", row_count: 19 });
    expect(JSON.parse(log?.filters ?? "{}")).toMatchObject({ learning_event_id: String(graded), attendance: "1" });
  });
});
