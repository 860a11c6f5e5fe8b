import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { GUEST_APPLY_RULE } from "../src/routes/public-postings.js";
import { bearer, createTestApp, hostOf, JWT_SECRET, type TestApp, tokenFor } from "./helpers.js";

/**
 * The public apply pages: each site lists the published, open learning
 * events and job opportunities its access scopes let it show, and nothing else; a visitor without
 * an account applies once per e-mail address (again answers alike and writes nothing), throttled
 * per address and behind the captcha when one is configured; a refusal writes nothing. Learners read and apply by the same scopes.
 */

let t: TestApp;
const ids = { kmc: 0, himal: 0, everest: 0 };
const as: Record<string, Record<string, string>> = {};
const LEARNERS: Record<string, string> = {
  "student@example.com": "kmc",
  "employee@example.com": "himal",
  "learner@example.com": "provider",
};

beforeAll(async () => {
  t = await createTestApp();
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
  for (const [email, site] of Object.entries(LEARNERS)) {
    as[email] = { host: hostOf(site), ...bearer(await tokenFor(t.app, email, site)) };
  }
});
afterAll(async () => {
  await t.close();
});

/* Postings of a known owner, scope and state, straight into the database. */

type Owner = { institution_id?: number; recruiter_id?: number };
type Scope = "local" | "all" | "default" | null;
interface PostingOptions {
  scope?: Scope;
  published?: boolean;
  /** Events: ends this many days from now; jobs: the deadline is this many days from now. */
  inDays?: number;
  registrationDeadline?: string;
}
let serial = 0;
const stamp = () => new Date().toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function insertEvent(db: TestApp["app"]["db"], owner: Owner, options: PostingOptions = {}) {
  const endsInDays = options.inDays ?? 40;
  const row = await db
    .insertInto("learning_events")
    .values({
      title: `Public event ${++serial}`,
      event_type: "workshop",
      description: "<p>Bring a laptop.</p>",
      delivery_mode: 1,
      venue: "Hall A",
      link: "https://meet.example.org/workshop",
      start_at: daysFromNow(endsInDays - 1),
      end_at: daysFromNow(endsInDays),
      registration_deadline: options.registrationDeadline ?? null,
      capacity: 40,
      access_scope: options.scope ?? null,
      publish_status: options.published === false ? 0 : 1,
      tags: JSON.stringify(["Design"]),
      skills: JSON.stringify(["Figma"]),
      institution_id: owner.institution_id ?? null,
      recruiter_id: owner.recruiter_id ?? null,
      created_by: "1_provider",
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
const event = (owner: Owner, options: PostingOptions = {}) => insertEvent(t.app.db, owner, options);

async function job(owner: Owner, options: PostingOptions = {}) {
  const row = await t.app.db
    .insertInto("job_opportunities")
    .values({
      title: `Public job ${++serial}`,
      job_type: "internship",
      description: "<p>Paid internship.</p>",
      company_name: "Everest Recruiters",
      location_text: "Kathmandu",
      deadline: daysFromNow(options.inDays ?? 60).slice(0, 10),
      access_scope: options.scope ?? null,
      publish_status: options.published === false ? 0 : 1,
      skills: JSON.stringify(["Excel", "Communication"]),
      institution_id: owner.institution_id ?? null,
      recruiter_id: owner.recruiter_id ?? null,
      created_by: "1_provider",
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/* Calls as a visitor makes them: a site by its host, an address of their own. */

type Site = "provider" | "kmc" | "himal" | "recruiter" | "nowhere";
type Kind = "learning-events" | "job-opportunities";
let addresses = 0;
/** A fresh client address, so that one test's applications never count against another's throttle. */
const freshIp = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const publicGet = (site: Site, url: string) =>
  t.app.inject({ url: `/api/public/${url}`, headers: { host: hostOf(site) } });

/** Every id a site's public list shows, page by page (100 at most a page), and the total it announced. */
async function listed(site: Site, kind: Kind) {
  const seen: number[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let start = 0; start < total; start += 100) {
    const res = await publicGet(site, `${kind}?_start=${start}&_end=${start + 100}`);
    expect(res.statusCode, res.body).toBe(200);
    total = Number(res.headers["x-total-count"]);
    const page = res.json<{ data: { id: number }[] }>().data;
    expect(page.length).toBeLessThanOrEqual(100);
    if (page.length === 0) break;
    seen.push(...page.map((row) => row.id));
  }
  expect(seen).toHaveLength(total);
  return seen;
}

const guestApply = (
  site: Site,
  kind: Kind,
  id: number,
  payload: Record<string, unknown>,
  options: { ip?: string; language?: string } = {},
  app = t.app,
) =>
  app.inject({
    method: "POST",
    url: `/api/public/${kind}/${id}/apply`,
    headers: { host: hostOf(site), ...(options.language ? { "accept-language": options.language } : {}) },
    remoteAddress: options.ip ?? freshIp(),
    payload,
  });

let applicantSerial = 0;
const applicant = (overrides: Record<string, unknown> = {}) => ({
  full_name: `Guest Applicant ${++applicantSerial}`,
  email: `guest.${applicantSerial}@example.org`,
  contact_number: "+977 (1) 441-2345",
  ...overrides,
});

/** How many applications and history rows there are: what "nothing written" compares. */
async function written(app = t.app) {
  const count = async (table: "applications" | "application_history") =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return { applications: await count("applications"), history: await count("application_history") };
}

const errorsOf = (res: LightMyRequestResponse) => res.json<{ message: string; errors?: Record<string, string> }>();

describe("what each site's public pages show", () => {
  // every posting of the test, by who owns it and its scope, and the sites that show it
  const made: Record<string, { events: number; jobs: number; shownOn: Site[] }> = {};
  const SITES: Site[] = ["provider", "kmc", "himal", "recruiter"];

  beforeAll(async () => {
    const both = async (name: string, owner: Owner, options: PostingOptions, shownOn: Site[]) => {
      made[name] = { events: await event(owner, options), jobs: await job(owner, options), shownOn };
    };
    const kmc = { institution_id: ids.kmc };
    const himal = { institution_id: ids.himal };
    const everest = { recruiter_id: ids.everest };
    await both("kmc local", kmc, { scope: "local" }, ["kmc"]);
    await both("kmc default", kmc, { scope: "default" }, ["kmc"]);
    await both("kmc unset", kmc, { scope: null }, ["kmc"]);
    await both("kmc all", kmc, { scope: "all" }, SITES);
    await both("himal local", himal, { scope: "local" }, ["himal"]);
    await both("himal all", himal, { scope: "all" }, SITES);
    await both("provider local", {}, { scope: "local" }, ["provider"]);
    await both("provider default", {}, { scope: "default" }, SITES);
    await both("provider unset", {}, { scope: null }, SITES);
    await both("provider all", {}, { scope: "all" }, SITES);
    await both("recruiter local", everest, { scope: "local" }, ["provider"]);
    await both("recruiter default", everest, { scope: "default" }, SITES);
    await both("kmc all, unpublished", kmc, { scope: "all", published: false }, []);
    await both("provider all, unpublished", {}, { scope: "all", published: false }, []);
    await both("provider all, closed", {}, { scope: "all", inDays: -1 }, []);
    made["provider all, registration closed"] = {
      events: await event({}, { scope: "all", registrationDeadline: daysFromNow(-1).slice(0, 10) }),
      jobs: 0,
      shownOn: [],
    };
    made["kmc all, registration open until today"] = {
      events: await event(kmc, { scope: "all", registrationDeadline: daysFromNow(0).slice(0, 10) }),
      jobs: 0,
      shownOn: SITES,
    };
  });

  it.each(SITES)("lists on the %s site exactly the postings its scopes let it show", async (site) => {
    for (const [kind, key] of [
      ["learning-events", "events"],
      ["job-opportunities", "jobs"],
    ] as const) {
      const shown = new Set(await listed(site, kind));
      for (const [name, posting] of Object.entries(made)) {
        if (posting[key] === 0) continue;
        expect(shown.has(posting[key]), `${kind} ${name} on ${site}`).toBe(posting.shownOn.includes(site));
        const one = await publicGet(site, `${kind}/${posting[key]}`);
        expect(one.statusCode, `${kind}/${posting[key]} (${name}) on ${site}`).toBe(
          posting.shownOn.includes(site) ? 200 : 404,
        );
      }
    }
  });

  it("lists nothing unpublished or closed, whoever posted it (the seeded postings too)", async () => {
    const today = stamp().slice(0, 10);
    for (const site of SITES) {
      const events = await listed(site, "learning-events");
      const eventRows = await t.app.db
        .selectFrom("learning_events")
        .select(["publish_status", "end_at", "registration_deadline"])
        .where("id", "in", events)
        .execute();
      expect(eventRows).toHaveLength(events.length);
      for (const row of eventRows) {
        expect(row.publish_status).toBe(1);
        expect(row.end_at >= stamp()).toBe(true);
        expect(row.registration_deadline === null || row.registration_deadline >= today).toBe(true);
      }
      const jobs = await listed(site, "job-opportunities");
      const jobRows = await t.app.db
        .selectFrom("job_opportunities")
        .select(["publish_status", "deadline"])
        .where("id", "in", jobs)
        .execute();
      expect(jobRows).toHaveLength(jobs.length);
      for (const row of jobRows) {
        expect(row.publish_status).toBe(1);
        expect(row.deadline >= today).toBe(true);
      }
    }
  });

  it("sends a visitor only the public fields, with the institution's name", async () => {
    const res = await publicGet("kmc", `learning-events/${made["kmc local"]?.events}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(Object.keys(data).sort()).toEqual(
      [
        "id",
        "title",
        "event_type",
        "description",
        "delivery_mode",
        "venue",
        "link",
        "start_at",
        "end_at",
        "registration_deadline",
        "capacity",
        "skills",
        "tags",
        "institution_name",
      ].sort(),
    );
    expect(data).toMatchObject({
      event_type: "workshop",
      delivery_mode: true,
      venue: "Hall A",
      link: "https://meet.example.org/workshop",
      skills: ["Figma"],
      tags: ["Design"],
      institution_name: "Kathmandu Model College",
    });
    const jobRes = await publicGet("provider", `job-opportunities/${made["recruiter local"]?.jobs}`);
    const jobData = jobRes.json<{ data: Record<string, unknown> }>().data;
    expect(jobData).toMatchObject({
      company_name: "Everest Recruiters",
      location_text: "Kathmandu",
      skills: ["Excel", "Communication"],
      institution_name: null,
    });
    for (const internal of [
      "created_by",
      "publish_status",
      "access_scope",
      "institution_id",
      "recruiter_id",
      "hiring_source",
      "created_at",
      "updated_at",
    ]) {
      expect(data, internal).not.toHaveProperty(internal);
      expect(jobData, internal).not.toHaveProperty(internal);
    }
    // the list sends the same shape
    const list = await publicGet("kmc", "learning-events?_start=0&_end=1");
    const [first] = list.json<{ data: Record<string, unknown>[] }>().data;
    expect(Object.keys(first ?? {}).sort()).toEqual(Object.keys(data).sort());
  });

  it("pages with _start and _end, at most 100 a page, and refuses other parameters", async () => {
    const two = await publicGet("provider", "learning-events?_start=0&_end=2");
    expect(two.json<{ data: unknown[] }>().data).toHaveLength(2);
    expect(Number(two.headers["x-total-count"])).toBeGreaterThan(2);
    const capped = await publicGet("provider", "learning-events?_start=0&_end=100000");
    expect(capped.json<{ data: unknown[] }>().data.length).toBeLessThanOrEqual(100);
    expect((await publicGet("provider", "learning-events?publish_status=false")).statusCode).toBe(400);
    expect((await publicGet("provider", "learning-events?_start=-1")).statusCode).toBe(400);
  });

  it("answers 404 on the site of an unknown or inactive institution", async () => {
    expect((await publicGet("nowhere", "learning-events")).statusCode).toBe(404);
    await t.app.db.updateTable("institutions").set({ status: "inactive" }).where("id", "=", ids.himal).execute();
    try {
      expect((await publicGet("himal", "job-opportunities")).statusCode).toBe(404);
    } finally {
      await t.app.db.updateTable("institutions").set({ status: "active" }).where("id", "=", ids.himal).execute();
    }
  });

  it("shows nothing of a feature the institution's plan lacks", async () => {
    const plan = await t.app.db
      .insertInto("feature_profiles")
      .values({
        name: "No opportunities",
        features: JSON.stringify(["job-role-trainings"]),
        created_at: stamp(),
        updated_at: stamp(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = await t.app.db
      .selectFrom("institutions")
      .select("feature_profile_id")
      .where("id", "=", ids.himal)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable("institutions")
      .set({ feature_profile_id: plan.id })
      .where("id", "=", ids.himal)
      .execute();
    try {
      const jobs = await publicGet("himal", "job-opportunities");
      expect(jobs.json<{ data: unknown[] }>().data).toEqual([]);
      expect((await publicGet("himal", `job-opportunities/${made["himal local"]?.jobs}`)).statusCode).toBe(404);
      const count = await written();
      const refused = await guestApply("himal", "job-opportunities", made["himal local"]?.jobs ?? 0, applicant());
      expect(refused.statusCode).toBe(404);
      expect(await written()).toEqual(count);
      // its events are still shown
      expect(await listed("himal", "learning-events")).toContain(made["himal local"]?.events);
    } finally {
      await t.app.db
        .updateTable("institutions")
        .set({ feature_profile_id: before.feature_profile_id })
        .where("id", "=", ids.himal)
        .execute();
    }
  });

  it("lets a learner read and apply to exactly the postings their institution's site shows", async () => {
    const cases: [string, string, boolean][] = [
      ["student@example.com", "himal local", false],
      ["student@example.com", "provider local", false],
      ["student@example.com", "recruiter local", false],
      ["student@example.com", "kmc local", true],
      ["student@example.com", "himal all", true],
      ["employee@example.com", "kmc default", false],
      ["employee@example.com", "kmc all", true],
      ["learner@example.com", "kmc local", false],
      ["learner@example.com", "provider local", true],
      ["learner@example.com", "recruiter local", true],
      ["learner@example.com", "kmc all, unpublished", false],
    ];
    for (const [who, name, may] of cases) {
      for (const [kind, key] of [
        ["learning-events", "events"],
        ["job-opportunities", "jobs"],
      ] as const) {
        const id = made[name]?.[key] as number;
        const read = await t.app.inject({ url: `/api/${kind}/${id}`, headers: as[who] });
        expect(read.statusCode, `${who} reads ${kind} ${name}`).toBe(may ? 200 : 404);
        const count = await written();
        const applied = await t.app.inject({
          method: "POST",
          url: `/api/${kind}/${id}/apply`,
          headers: as[who],
          payload: {},
        });
        expect(applied.statusCode, `${who} applies to ${kind} ${name}: ${applied.body}`).toBe(may ? 201 : 404);
        if (!may) expect(await written()).toEqual(count);
      }
    }
    // a list asked for by id holds only what the learner may read
    const asked = [made["kmc local"]?.events, made["himal local"]?.events, made["provider local"]?.events];
    const list = await t.app.inject({
      url: `/api/learning-events?${asked.map((id) => `id=${id}`).join("&")}`,
      headers: as["student@example.com"],
    });
    expect(list.json<{ id: number }[]>().map((row) => row.id)).toEqual([made["kmc local"]?.events]);
  });
});

describe("a guest applying", () => {
  let open: { kmcLocal: number; kmcJob: number; providerJob: number; everestJob: number; himalEvent: number };
  beforeAll(async () => {
    open = {
      kmcLocal: await event({ institution_id: ids.kmc }, { scope: "local" }),
      kmcJob: await job({ institution_id: ids.kmc }, { scope: "all" }),
      providerJob: await job({}, { scope: "all" }),
      everestJob: await job({ recruiter_id: ids.everest }, { scope: "default" }),
      himalEvent: await event({ institution_id: ids.himal }, { scope: "local" }),
    };
  });

  it("applies with their details, in the posting's first stage, with its first history row, and gets its receipt by mail", async () => {
    const res = await guestApply(
      "kmc",
      "learning-events",
      open.kmcLocal,
      {
        full_name: "  Asha Rai ",
        email: " Asha.Rai@Example.ORG ",
        contact_number: "+977 (1) 441-2345",
        profession: "Designer",
      },
      { language: "np-NP" },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: "धन्यवाद, तपाईंको आवेदन प्राप्त भयो। यसलाई हेर्ने निजी लिङ्क तपाईंको इमेलमा छ।" });
    const row = await t.app.db
      .selectFrom("applications")
      .selectAll()
      .where("learning_event_id", "=", open.kmcLocal)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      posting_type: "learning-event",
      job_opportunity_id: null,
      scholarship_id: null,
      user_id: null,
      full_name: "Asha Rai",
      email: "asha.rai@example.org",
      contact_number: "+977 (1) 441-2345",
      profession: "Designer",
      institution_id: null,
      institution: null,
      department: null,
      applicant_type: "college",
      stage: "new_candidate",
      attendance: 3,
      withdrawn_at: null,
      language: "np-NP",
    });
    const history = await t.app.db
      .selectFrom("application_history")
      .selectAll()
      .where("application_id", "=", row.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ field: "stage", from_value: null, to_value: "new_candidate", by_user_id: null }),
    ]);
    // the receipt leaves after the answer: one, in the language the page was used in
    await expect
      .poll(() =>
        t.app.db.selectFrom("mail_outbox").select("subject").where("to_address", "=", "asha.rai@example.org").execute(),
      )
      .toEqual([{ subject: expect.stringContaining("आवेदन प्राप्त भयो") }]);
  });

  it("is a skill lab applicant on the provider's site, a recruiter's on the recruiter site, N/A on a company's", async () => {
    const cases: [Site, Kind, number, string | null][] = [
      ["provider", "job-opportunities", open.providerJob, "skill_lab"],
      ["recruiter", "job-opportunities", open.everestJob, "recruiter"],
      ["himal", "learning-events", open.himalEvent, null],
      ["kmc", "job-opportunities", open.kmcJob, "college"],
    ];
    for (const [site, kind, id, type] of cases) {
      const details = applicant();
      const res = await guestApply(site, kind, id, details);
      expect(res.statusCode, `${site}: ${res.body}`).toBe(201);
      expect(res.json()).toEqual({
        message: "Thank you, your application has been received. Look in your e-mail for a private link to follow it.",
      });
      const row = await t.app.db
        .selectFrom("applications")
        .select(["applicant_type", "stage", "posting_type"])
        .where("email", "=", details.email)
        .executeTakeFirstOrThrow();
      expect(row.applicant_type, site).toBe(type);
      expect(row.stage).toBe(kind === "job-opportunities" ? "new_candidates" : "new_candidate");
    }
  });

  it("applies once per e-mail address, whatever its case: again answers as the first did and writes nothing", async () => {
    const id = await job({}, { scope: "all" });
    const details = applicant({ email: "Twice@Example.org" });
    const first = await guestApply("provider", "job-opportunities", id, details);
    expect(first.statusCode).toBe(201);
    const count = await written();
    for (const email of ["Twice@Example.org", "twice@example.org", " TWICE@EXAMPLE.ORG "]) {
      const again = await guestApply("provider", "job-opportunities", id, applicant({ email }));
      // the page must not tell who applied: the owner is told by mail instead
      expect(again.statusCode, email).toBe(201);
      expect(again.body, email).toBe(first.body);
    }
    expect(await written()).toEqual(count);
    // the same address applies to another posting
    expect((await guestApply("provider", "job-opportunities", open.providerJob, details)).statusCode).toBe(201);
    // and the database itself keeps one per posting and address, whatever the case
    const insertAgain = t.app.db
      .insertInto("applications")
      .values({
        posting_type: "job-opportunity",
        job_opportunity_id: id,
        user_id: null,
        full_name: "Race",
        email: "TWICE@example.org",
        applied_at: stamp(),
        stage: "new_candidates",
        created_at: stamp(),
        updated_at: stamp(),
      })
      .execute();
    await expect(insertAgain).rejects.toThrow();
  });

  it("answers alike whether or not the address has an account, and attaches none", async () => {
    const id = await event({}, { scope: "all" });
    const withAccount = await guestApply(
      "provider",
      "learning-events",
      id,
      applicant({ email: "Student@Example.com" }),
    );
    const without = await guestApply("provider", "learning-events", id, applicant());
    expect(withAccount.statusCode).toBe(201);
    expect(withAccount.body).toBe(without.body);
    const row = await t.app.db
      .selectFrom("applications")
      .select(["user_id", "institution_id", "institution", "department", "applicant_type"])
      .where("learning_event_id", "=", id)
      .where("email", "=", "student@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      user_id: null,
      institution_id: null,
      institution: null,
      department: null,
      applicant_type: "skill_lab",
    });
    // the account's own application is still its own to make
    const own = await t.app.inject({
      method: "POST",
      url: `/api/learning-events/${id}/apply`,
      headers: as["student@example.com"],
      payload: {},
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it.each([
    ["full_name", { full_name: undefined }],
    ["full_name", { full_name: "   " }],
    ["full_name", { full_name: "Asha\nBcc: someone@example.org" }],
    ["full_name", { full_name: "x".repeat(121) }],
    ["email", { email: undefined }],
    ["email", { email: "not-an-address" }],
    ["email", { email: "" }],
    ["contact_number", { contact_number: undefined }],
    ["contact_number", { contact_number: "" }],
    ["contact_number", { contact_number: "call me" }],
    ["contact_number", { contact_number: "+-()" }],
    ["profession", { profession: { text: "Designer" } }],
    ["profession", { profession: "Designer\u0000" }],
    ["role", { role: "SUPER_ADMIN" }],
    ["user_id", { user_id: 1 }],
  ])("refuses a bad %s with 400 naming it, and writes nothing", async (field, overrides) => {
    const count = await written();
    const res = await guestApply("kmc", "learning-events", open.kmcLocal, applicant(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res).errors, res.body).toHaveProperty(field);
    expect(await written()).toEqual(count);
  });

  it("answers 404 for a posting that is closed, unpublished, not for this site or not there, and writes nothing", async () => {
    const refusals: [Site, Kind, number][] = [
      ["provider", "learning-events", await event({}, { scope: "all", inDays: -1 })],
      [
        "provider",
        "learning-events",
        await event({}, { scope: "all", registrationDeadline: daysFromNow(-1).slice(0, 10) }),
      ],
      ["provider", "job-opportunities", await job({}, { scope: "all", inDays: -1 })],
      ["provider", "job-opportunities", await job({}, { scope: "all", published: false })],
      // another institution's local posting, on this institution's site and on the provider's
      ["kmc", "learning-events", open.himalEvent],
      ["provider", "learning-events", open.himalEvent],
      // the provider's own local posting is not for the recruiter site or an institution's
      ["recruiter", "job-opportunities", await job({}, { scope: "local" })],
      ["kmc", "job-opportunities", await job({ recruiter_id: ids.everest }, { scope: "local" })],
      ["provider", "job-opportunities", 999_999],
      ["nowhere", "job-opportunities", open.providerJob],
    ];
    const count = await written();
    for (const [site, kind, id] of refusals) {
      const res = await guestApply(site, kind, id, applicant());
      expect(res.statusCode, `${site} ${kind}/${id}: ${res.body}`).toBe(404);
    }
    expect(await written()).toEqual(count);
  });

  it("throttles an address after its ration of attempts with 429 and Retry-After, other addresses not", async () => {
    const ip = "10.200.0.1";
    const id = await job({}, { scope: "all" });
    // refused attempts count as well as accepted ones
    for (let i = 0; i < GUEST_APPLY_RULE.limit; i++) {
      const details = i % 2 === 0 ? applicant() : applicant({ contact_number: "no digits" });
      const res = await guestApply("provider", "job-opportunities", id, details, { ip });
      expect(res.statusCode).toBe(i % 2 === 0 ? 201 : 400);
    }
    const count = await written();
    const throttled = await guestApply("provider", "job-opportunities", id, applicant(), { ip });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(throttled.headers["retry-after"])).toBeLessThanOrEqual(GUEST_APPLY_RULE.windowMs / 1000);
    expect(errorsOf(throttled).message).toMatch(/Too many applications/);
    expect(await written()).toEqual(count);
    expect((await guestApply("provider", "job-opportunities", id, applicant(), { ip: "10.200.0.2" })).statusCode).toBe(
      201,
    );
  });
});

describe("the captcha", () => {
  /** A stand-in for the captcha service (a third party): a real HTTP server on loopback. */
  interface Verification {
    contentType: string | undefined;
    form: Record<string, string>;
  }
  const verifications: Verification[] = [];
  let verifier: Server;
  let c: TestApp;
  let posting: number;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      req.on("end", () => resolve(text));
    });

  beforeAll(async () => {
    verifier = createServer(async (req, res) => {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      verifications.push({ contentType: req.headers["content-type"], form });
      if (form.response === "hang-up") {
        req.socket.destroy();
        return;
      }
      if (form.response === "server-error") {
        res.writeHead(500).end("oops");
        return;
      }
      const success = form.secret === "test-secret" && form.response === "good-token";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(success ? { success } : { success, "error-codes": ["invalid-input-response"] }));
    });
    await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
    const { port } = verifier.address() as AddressInfo;
    c = await createTestApp({
      SEED_DEMO: "false",
      CAPTCHA_SITE_KEY: "test-site-key",
      CAPTCHA_SECRET_KEY: "test-secret",
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    posting = await insertEvent(c.app.db, {}, { scope: "all" });
  });
  afterAll(async () => {
    await c?.close();
    await new Promise<void>((resolve) => verifier.close(() => resolve()));
  });

  const apply = (payload: Record<string, unknown>, ip = freshIp()) =>
    guestApply("provider", "learning-events", posting, payload, { ip }, c.app);

  it("gives the admin the site key", async () => {
    const res = await c.app.inject({ url: "/api/public/config" });
    expect(res.json<{ data: { captchaSiteKey: string } }>().data.captchaSiteKey).toBe("test-site-key");
  });

  it("is required, and refused without asking the service when missing", async () => {
    const count = await written(c.app);
    const asked = verifications.length;
    for (const captcha of [undefined, "", "   "]) {
      const res = await apply(applicant(captcha === undefined ? {} : { captcha }));
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res).errors?.captcha).toBe("Please complete the captcha.");
    }
    expect(verifications.length).toBe(asked);
    expect(await written(c.app)).toEqual(count);
  });

  it("is verified with the service, form-encoded with the secret and the visitor's address", async () => {
    const res = await apply(applicant({ captcha: "good-token" }), "10.77.0.7");
    expect(res.statusCode, res.body).toBe(201);
    const last = verifications.at(-1);
    expect(last?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(last?.form).toEqual({ secret: "test-secret", response: "good-token", remoteip: "10.77.0.7" });
  });

  it("behind TRUST_PROXY, tells the service the address our proxy saw, never one the client wrote", async () => {
    const { port } = verifier.address() as AddressInfo;
    const proxied = await createTestApp({
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
      CAPTCHA_SITE_KEY: "test-site-key",
      CAPTCHA_SECRET_KEY: "test-secret",
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    try {
      const event = await insertEvent(proxied.app.db, {}, { scope: "all" });
      const res = await proxied.app.inject({
        method: "POST",
        url: `/api/public/learning-events/${event}/apply`,
        headers: { host: hostOf("provider"), "x-forwarded-for": "6.6.6.6, 10.77.0.8" },
        remoteAddress: "127.0.0.1",
        payload: applicant({ captcha: "good-token" }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(verifications.at(-1)?.form.remoteip).toBe("10.77.0.8");
    } finally {
      await proxied.close();
    }
  });

  it("refuses an answer the service does not accept with 400, and writes nothing", async () => {
    const count = await written(c.app);
    const res = await apply(applicant({ captcha: "forged-token" }));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res).errors?.captcha).toBe("The captcha could not be verified. Please try again.");
    expect(await written(c.app)).toEqual(count);
  });

  it("answers 503 when the service fails or cannot be reached, and writes nothing", async () => {
    const count = await written(c.app);
    for (const captcha of ["server-error", "hang-up"]) {
      const res = await apply(applicant({ captcha }));
      expect(res.statusCode, `${captcha}: ${res.body}`).toBe(503);
      expect(errorsOf(res).message).toBe("The captcha cannot be checked right now. Please try again in a moment.");
    }
    expect(await written(c.app)).toEqual(count);
  });

  it("must be configured with its secret: a site key alone stops the start with a clear message", () => {
    expect(() => loadConfig({ JWT_SECRET, CAPTCHA_SITE_KEY: "site-key", DATA_DIR: "/nonexistent-csc" })).toThrowError(
      ConfigError,
    );
    expect(() => loadConfig({ JWT_SECRET, CAPTCHA_SITE_KEY: "site-key", DATA_DIR: "/nonexistent-csc" })).toThrow(
      /CAPTCHA_SECRET_KEY: required when CAPTCHA_SITE_KEY is set/,
    );
    expect(() =>
      loadConfig({
        JWT_SECRET,
        CAPTCHA_SITE_KEY: "k",
        CAPTCHA_SECRET_KEY: "s",
        CAPTCHA_VERIFY_URL: "ftp://x",
        DATA_DIR: "/nonexistent-csc",
      }),
    ).toThrow(/CAPTCHA_VERIFY_URL/);
  });
});
