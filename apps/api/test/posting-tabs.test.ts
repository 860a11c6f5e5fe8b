import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Tabs and list scopes of a learner's postings: `?type=suggested|pending|rejected`
 * and `?scope=all|user-taken|user-preference` on learning events, job opportunities and
 * scholarships, each the learner's own; filters of applications, `registration`
 * among them; and a learning event's link and skills.
 */

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<string, Headers> = {};
const ME = "learner@example.com";
const OTHER = "student@example.com";
const ADMIN = "superadmin@example.com";
const SITES: Record<string, string> = { [ME]: "provider", [OTHER]: "kmc", [ADMIN]: "provider" };

/** Every posting of this file has this word in its title: lists are searched by it, apart from the demo's postings. */
const MARK = "Tabsuite";
let serial = 0;
const stamp = () => new Date().toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, site] of Object.entries(SITES)) {
    as[email] = { host: hostOf(site), ...bearer(await tokenFor(t.app, email, site)) };
  }
});
afterAll(async () => {
  await t.close();
});

/* Postings of the provider, published for everyone, seeded straight into the database. */

interface Posting {
  id: number;
  title: string;
}

async function job(name: string, options: { skills?: string[]; tags?: string[]; deadlineInDays?: number } = {}) {
  const title = `${MARK} ${name} ${++serial}`;
  const row = await t.app.db
    .insertInto("job_opportunities")
    .values({
      title,
      job_type: "internship",
      deadline: daysFromNow(options.deadlineInDays ?? 30).slice(0, 10),
      skills: JSON.stringify(options.skills ?? []),
      tags: JSON.stringify(options.tags ?? []),
      publish_status: 1,
      institution_id: null,
      recruiter_id: null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

async function event(name: string, options: { skills?: string[]; tags?: string[] } = {}) {
  const title = `${MARK} ${name} ${++serial}`;
  const row = await t.app.db
    .insertInto("learning_events")
    .values({
      title,
      event_type: "workshop",
      start_at: daysFromNow(10),
      end_at: daysFromNow(11),
      skills: JSON.stringify(options.skills ?? []),
      tags: JSON.stringify(options.tags ?? []),
      publish_status: 1,
      institution_id: null,
      recruiter_id: null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

async function scholarship(name: string, options: { tags?: string[] } = {}) {
  const title = `${MARK} ${name} ${++serial}`;
  const row = await t.app.db
    .insertInto("scholarships")
    .values({
      title,
      deadline: daysFromNow(30).slice(0, 10),
      tags: JSON.stringify(options.tags ?? []),
      publish_status: 1,
      institution_id: null,
      recruiter_id: null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

async function interestedIn(email: string, interests: { skills: string[]; preferences: string[] }) {
  await t.app.db
    .updateTable("users")
    .set({ skills: JSON.stringify(interests.skills), preferences: JSON.stringify(interests.preferences) })
    .where("email", "=", email)
    .execute();
}

/* The calls, as each user makes them. */

async function apply(who: string, resource: string, posting: Posting): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/${resource}/${posting.id}/apply`,
    headers: as[who],
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function moveTo(stage: string, application: number) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/applications/bulk",
    headers: as[ADMIN],
    payload: { ids: [application], stage },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function withdraw(who: string, application: number) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/applications/${application}/withdraw`,
    headers: as[who],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const list = (who: string, resource: string, query: string) =>
  t.app.inject({ url: `/api/${resource}?q=${MARK}&_end=100&${query}`, headers: as[who] });

/** The titles a user's list shows, sorted. */
async function titles(who: string, resource: string, query: string): Promise<string[]> {
  const res = await list(who, resource, query);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json<{ title: string }[]>();
  expect(res.headers["x-total-count"]).toBe(String(rows.length));
  return rows.map((row) => row.title).sort();
}
const titlesOf = (...postings: Posting[]) => postings.map((p) => p.title).sort();

describe("a learner's tabs and scopes on job opportunities", () => {
  type Job =
    | "waiting"
    | "interviewing"
    | "rejected"
    | "spam"
    | "hired"
    | "withdrawn"
    | "bySkill"
    | "byPreference"
    | "closed"
    | "lookalike"
    | "unrelated";
  const jobs = {} as Record<Job, Posting>;

  beforeAll(async () => {
    await interestedIn(ME, { skills: ["Python", "SQL"], preferences: ["Data"] });
    await interestedIn(OTHER, { skills: ["Cooking"], preferences: [] });
    jobs.waiting = await job("waiting", { skills: ["Python"] });
    jobs.interviewing = await job("interviewing");
    jobs.rejected = await job("rejected");
    jobs.spam = await job("spam");
    jobs.hired = await job("hired", { tags: ["data"] });
    jobs.withdrawn = await job("withdrawn");
    jobs.bySkill = await job("by skill", { skills: ["python"] });
    jobs.byPreference = await job("by preference", { tags: ["DATA", "Finance"] });
    jobs.closed = await job("closed", { skills: ["Python"], deadlineInDays: -2 });
    jobs.lookalike = await job("lookalike", { skills: ["MySQL"], tags: ["Big data"] });
    jobs.unrelated = await job("unrelated", { skills: ["Cooking"] });

    await apply(ME, "job-opportunities", jobs.waiting);
    await moveTo("final_interview", await apply(ME, "job-opportunities", jobs.interviewing));
    await moveTo("rejected_after_interview", await apply(ME, "job-opportunities", jobs.rejected));
    await moveTo("spam", await apply(ME, "job-opportunities", jobs.spam));
    await moveTo("hired", await apply(ME, "job-opportunities", jobs.hired));
    await withdraw(ME, await apply(ME, "job-opportunities", jobs.withdrawn));
    // another learner's applications, in every state, are theirs alone
    await apply(OTHER, "job-opportunities", jobs.bySkill);
    await moveTo("cv_not_matched", await apply(OTHER, "job-opportunities", jobs.byPreference));
    await moveTo("rejected_after_interview", await apply(OTHER, "job-opportunities", jobs.unrelated));
  });

  it("Pending shows the postings whose application waits for an answer: not withdrawn, nothing decided", async () => {
    expect(await titles(ME, "job-opportunities", "type=pending")).toEqual(titlesOf(jobs.waiting, jobs.interviewing));
  });

  it("Rejected shows the postings whose application a rejecting stage turned down", async () => {
    expect(await titles(ME, "job-opportunities", "type=rejected")).toEqual(titlesOf(jobs.rejected, jobs.spam));
  });

  it("Suggested shows open postings matching the learner's skills or preferences that they have not applied to", async () => {
    // by skills (any case) or by preferences against tags; not the closed one, not one applied to,
    // and a name is matched whole ("SQL" is not "MySQL", "Data" is not "Big data")
    expect(await titles(ME, "job-opportunities", "type=suggested")).toEqual(titlesOf(jobs.bySkill, jobs.byPreference));
  });

  it("Taken by me shows every posting the learner applied to, whatever became of the application", async () => {
    expect(await titles(ME, "job-opportunities", "scope=user-taken")).toEqual(
      titlesOf(jobs.waiting, jobs.interviewing, jobs.rejected, jobs.spam, jobs.hired, jobs.withdrawn),
    );
  });

  it("My preferences shows the postings matching the learner's skills or preferences, open or not, applied to or not", async () => {
    expect(await titles(ME, "job-opportunities", "scope=user-preference")).toEqual(
      titlesOf(jobs.waiting, jobs.hired, jobs.bySkill, jobs.byPreference, jobs.closed),
    );
  });

  it("All is every posting the learner may read; a scope combines with a tab and the other filters", async () => {
    expect(await titles(ME, "job-opportunities", "scope=all")).toHaveLength(Object.keys(jobs).length);
    expect(await titles(ME, "job-opportunities", "scope=user-preference&type=expired")).toEqual(titlesOf(jobs.closed));
    expect(await titles(ME, "job-opportunities", "scope=user-taken&type=rejected")).toEqual(
      titlesOf(jobs.rejected, jobs.spam),
    );
    expect(
      await titles(ME, "job-opportunities", `scope=user-taken&id=${jobs.waiting.id}&id=${jobs.bySkill.id}`),
    ).toEqual(titlesOf(jobs.waiting));
  });

  it("never shows one learner another's applications, even for the very same query", async () => {
    expect(await titles(OTHER, "job-opportunities", "scope=user-taken")).toEqual(
      titlesOf(jobs.bySkill, jobs.byPreference, jobs.unrelated),
    );
    expect(await titles(OTHER, "job-opportunities", "type=pending")).toEqual(titlesOf(jobs.bySkill));
    expect(await titles(OTHER, "job-opportunities", "type=rejected")).toEqual(
      titlesOf(jobs.byPreference, jobs.unrelated),
    );
    // their interests are theirs too: "Cooking" suggests nothing open they have not applied to
    expect(await titles(OTHER, "job-opportunities", "type=suggested")).toEqual([]);
    // and asking again as the first learner still answers with the first learner's rows
    expect(await titles(ME, "job-opportunities", "scope=user-taken")).toHaveLength(6);
    expect(await titles(ME, "job-opportunities", "type=pending")).toEqual(titlesOf(jobs.waiting, jobs.interviewing));
  });

  it("follows a change of the learner's preferences at once", async () => {
    const before = await titles(OTHER, "job-opportunities", "scope=user-preference");
    expect(before).toEqual(titlesOf(jobs.unrelated));
    await interestedIn(OTHER, { skills: ["Cooking"], preferences: ["finance"] });
    expect(await titles(OTHER, "job-opportunities", "scope=user-preference")).toEqual(
      titlesOf(jobs.byPreference, jobs.unrelated),
    );
    await interestedIn(OTHER, { skills: ["Cooking"], preferences: [] });
  });
});

describe("a learner's tabs on learning events and scholarships", () => {
  it("Pending and Suggested work on learning events, whose learner stages have no Rejected tab", async () => {
    const waiting = await event("waiting", { skills: ["Python"] });
    const certified = await event("certified");
    const suggested = await event("suggested", { skills: ["SQL"] });
    const unrelated = await event("unrelated", { tags: ["Cooking"] });
    await apply(ME, "learning-events", waiting);
    await moveTo("certified", await apply(ME, "learning-events", certified));
    await apply(OTHER, "learning-events", unrelated);

    expect(await titles(ME, "learning-events", "type=pending")).toEqual(titlesOf(waiting));
    expect(await titles(ME, "learning-events", "type=suggested")).toEqual(titlesOf(suggested));
    expect(await titles(ME, "learning-events", "scope=user-taken")).toEqual(titlesOf(waiting, certified));
    expect(await titles(ME, "learning-events", "scope=user-preference")).toEqual(titlesOf(waiting, suggested));
    const rejected = await list(ME, "learning-events", "type=rejected");
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toMatchObject({ errors: { type: expect.any(String) } });
  });

  it("Pending and Suggested work on scholarships, matched by their tags", async () => {
    const waiting = await scholarship("waiting");
    const suggested = await scholarship("suggested", { tags: ["data"] });
    await scholarship("unrelated", { tags: ["Cooking"] });
    await apply(ME, "scholarship", waiting);

    expect(await titles(ME, "scholarship", "type=pending")).toEqual(titlesOf(waiting));
    expect(await titles(ME, "scholarship", "type=suggested")).toEqual(titlesOf(suggested));
    expect(await titles(ME, "scholarship", "scope=user-taken")).toEqual(titlesOf(waiting));
  });

  it("/api/meta lists the learner's tabs after the time windows, and staff only the time windows", async () => {
    const tabs = async (who: string) => {
      const res = await t.app.inject({ url: "/api/meta", headers: as[who] });
      expect(res.statusCode, res.body).toBe(200);
      const resources = res.json<{ data: { resources: { name: string; timeFilters: string[] }[] } }>().data.resources;
      return Object.fromEntries(resources.map((r) => [r.name, r.timeFilters]));
    };
    const learner = await tabs(ME);
    expect(learner["job-opportunities"]).toEqual(["current", "expired", "suggested", "pending", "rejected"]);
    expect(learner["learning-events"]).toEqual(["ongoing", "upcoming", "expired", "suggested", "pending"]);
    expect(learner.scholarship).toEqual(["current", "expired", "suggested", "pending"]);
    const staff = await tabs(ADMIN);
    expect(staff["job-opportunities"]).toEqual(["current", "expired"]);
    expect(staff["learning-events"]).toEqual(["ongoing", "upcoming", "expired"]);
  });
});

describe("the learner's own lists are for learners", () => {
  it.each([
    ["type=pending", "type"],
    ["type=suggested", "type"],
    ["type=rejected", "type"],
    ["scope=user-taken", "scope"],
    ["scope=user-preference", "scope"],
  ])("answers staff asking for %s with a 400 naming %s", async (query, parameter) => {
    const res = await list(ADMIN, "job-opportunities", query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toEqual([parameter]);
  });

  it("gives staff the whole list for scope=all, and ignores an empty scope", async () => {
    expect((await list(ADMIN, "job-opportunities", "scope=all")).statusCode).toBe(200);
    expect((await list(ADMIN, "job-opportunities", "scope=")).statusCode).toBe(200);
  });

  it.each([
    ["job-opportunities", "scope=mine", "scope"],
    ["job-opportunities", "type=someday", "type"],
    ["learning-events", "scope=USER-TAKEN", "scope"],
    ["courses", "scope=user-taken", "scope"],
    ["courses", "type=pending", "type"],
  ])("answers %s?%s with a 400 naming %s", async (resource, query, parameter) => {
    const res = await list(ME, resource, query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toHaveProperty(parameter);
  });
});

describe("the applications' filters", () => {
  const posting = {} as Record<"job" | "event" | "scholarship", Posting>;
  const byName = {} as Record<"college" | "skillLab" | "guest" | "recruiterGuest" | "event" | "scholarship", number>;

  beforeAll(async () => {
    posting.job = await job("applicants");
    posting.event = await event("applicants");
    posting.scholarship = await scholarship("applicants");
    // a learner of a college, a learner of the skill lab, and guests of the public apply page
    byName.college = await apply(OTHER, "job-opportunities", posting.job);
    byName.skillLab = await apply(ME, "job-opportunities", posting.job);
    const guest = (name: string, applicantType: "skill_lab" | "recruiter" | null) =>
      t.app.db
        .insertInto("applications")
        .values(
          applicationRow(
            { job_opportunity_id: posting.job.id },
            {
              full_name: name,
              email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`,
              applicant_type: applicantType,
            },
          ),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
    byName.guest = (await guest("Guest Tabsuite", null)).id;
    byName.recruiterGuest = (await guest("Recruited Tabsuite", "recruiter")).id;
    await moveTo("shortlisted", byName.college);
    await t.app.db.updateTable("applications").set({ attendance: 1 }).where("id", "=", byName.guest).execute();
    byName.event = await apply(ME, "learning-events", posting.event);
    byName.scholarship = await apply(ME, "scholarship", posting.scholarship);
  });

  const applicationIds = async (query: string) => {
    const res = await t.app.inject({ url: `/api/applications?_end=100&${query}`, headers: as[ADMIN] });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ id: number }[]>()
      .map((row) => row.id)
      .sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
  const ofJob = () => `job_opportunity_id=${posting.job.id}`;

  it("registration: registered applicants have an account and did not come through the skill lab", async () => {
    expect(await applicationIds(`${ofJob()}&registration=registered`)).toEqual(sorted(byName.college));
  });

  it("registration: not registered are the guests, without an account", async () => {
    expect(await applicationIds(`${ofJob()}&registration=not_registered`)).toEqual(
      sorted(byName.guest, byName.recruiterGuest),
    );
  });

  it("registration: skill lab are the applicants who came through the skill lab; values may repeat", async () => {
    expect(await applicationIds(`${ofJob()}&registration=skill_lab`)).toEqual(sorted(byName.skillLab));
    expect(await applicationIds(`${ofJob()}&registration=skill_lab&registration=registered`)).toEqual(
      sorted(byName.college, byName.skillLab),
    );
    expect(await applicationIds(`${ofJob()}&registration=`)).toHaveLength(4);
  });

  it("filters by each posting, stage, attendance, applicant type and free text", async () => {
    expect(await applicationIds(`learning_event_id=${posting.event.id}`)).toEqual(sorted(byName.event));
    expect(await applicationIds(`scholarship_id=${posting.scholarship.id}`)).toEqual(sorted(byName.scholarship));
    expect(await applicationIds(`${ofJob()}&stage=shortlisted`)).toEqual(sorted(byName.college));
    expect(await applicationIds(`${ofJob()}&attendance=1`)).toEqual(sorted(byName.guest));
    expect(await applicationIds(`${ofJob()}&attendance=3`)).toEqual(
      sorted(byName.college, byName.skillLab, byName.recruiterGuest),
    );
    expect(await applicationIds(`${ofJob()}&applicant_type=college`)).toEqual(sorted(byName.college));
    expect(await applicationIds(`${ofJob()}&applicant_type=recruiter`)).toEqual(sorted(byName.recruiterGuest));
    expect(await applicationIds(`${ofJob()}&q=recruited`)).toEqual(sorted(byName.recruiterGuest));
  });

  it("answers a value a filter does not have with a 400 naming it", async () => {
    const bad: [string, string][] = [
      ["registration=maybe", "registration"],
      ["stage=sleeping", "stage"],
      ["attendance=7", "attendance"],
      ["applicant_type=alien", "applicant_type"],
    ];
    for (const [query, parameter] of bad) {
      const res = await t.app.inject({ url: `/api/applications?${query}`, headers: as[ADMIN] });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors, query).toHaveProperty(parameter);
    }
  });

  it("lists registration among the applications' filters in /api/meta", async () => {
    const res = await t.app.inject({ url: "/api/meta", headers: as[ADMIN] });
    type Meta = { name: string; ruleFilters?: { name: string; options: { value: string }[] }[] };
    const applications = res
      .json<{ data: { resources: Meta[] } }>()
      .data.resources.find((r) => r.name === "applications");
    expect(applications?.ruleFilters?.map((f) => [f.name, f.options.map((o) => o.value)])).toEqual([
      ["registration", ["registered", "not_registered", "skill_lab"]],
    ]);
  });
});

describe("a learning event's link and skills", () => {
  const create = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/learning-events",
      headers: as[ADMIN],
      payload: {
        title: `${MARK} made`,
        event_type: "workshop",
        start_at: daysFromNow(5),
        end_at: daysFromNow(6),
        ...payload,
      },
    });

  it("are columns of the migrated database", async () => {
    const columns = (await t.app.db.introspection.getTables())
      .find((table) => table.name === "learning_events")
      ?.columns.map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(["link", "skills", "tags"]));
  });

  it("round-trip: an online event keeps its link, skills and tags", async () => {
    const made = await create({
      delivery_mode: true,
      link: "https://meet.example.com/tabsuite",
      skills: ["Python", "SQL"],
      tags: ["Data"],
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json<{ id: number }>();
    const read = await t.app.inject({ url: `/api/learning-events/${id}`, headers: as[ADMIN] });
    expect(read.json()).toMatchObject({
      delivery_mode: true,
      link: "https://meet.example.com/tabsuite",
      skills: ["Python", "SQL"],
      tags: ["Data"],
    });
  });

  it("asks an online event for its link and an offline one for its venue", async () => {
    const online = await create({ delivery_mode: true, venue: "Hall A" });
    expect(online.statusCode).toBe(400);
    expect(online.json()).toMatchObject({ errors: { link: expect.any(String) } });
    const offline = await create({ delivery_mode: false, link: "https://meet.example.com/x" });
    expect(offline.statusCode).toBe(400);
    expect(offline.json()).toMatchObject({ errors: { venue: expect.any(String) } });
    expect((await create({ delivery_mode: false, venue: "Hall A" })).statusCode).toBe(201);
    expect((await create({})).statusCode).toBe(201);
  });

  it("checks the place again when an edit changes the mode", async () => {
    const made = await create({ delivery_mode: false, venue: "Hall B" });
    const { id } = made.json<{ id: number }>();
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: `/api/learning-events/${id}`, headers: as[ADMIN], payload });
    const toOnline = await patch({ delivery_mode: true });
    expect(toOnline.statusCode).toBe(400);
    expect(toOnline.json()).toMatchObject({ errors: { link: expect.any(String) } });
    expect((await patch({ delivery_mode: true, link: "https://meet.example.com/b" })).statusCode).toBe(200);
    expect((await patch({ title: `${MARK} renamed` })).statusCode).toBe(200);
  });
});
