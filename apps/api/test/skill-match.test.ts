import { learnerSkillKeys, matchSkills, skillKey } from "@csc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationRow } from "./applications-fixture.js";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "./helpers.js";

/**
 * Skill match (issue 24, DESIGN §5b): every posting a learner reads carries `match_score`,
 * `matched_skills` and `missing_skills`, each missing skill with the courses, programs and roadmaps
 * on their site that teach it; "Suggested" is ordered by the score; completing what teaches a
 * missing skill raises the score. Staff read postings as stored, and each applicant with their
 * match, sortable.
 */

let t: TestApp;
type Headers = Record<string, string>;
type Row = Record<string, unknown>;
const as: Record<string, Headers> = {};
const ME = "student@example.com";
const OTHER = "learner@example.com";
const STAFF = "superadmin@example.com";
const SITES: Record<string, string> = { [ME]: "kmc", [OTHER]: "provider", [STAFF]: "provider" };

/** Every posting and catalogue item of this file has this word in its title. */
const MARK = "Skillmatchsuite";
let serial = 0;
const stamp = () => new Date().toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let me = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const [email, site] of Object.entries(SITES)) {
    as[email] = { host: hostOf(site), ...bearer(await tokenFor(t.app, email, site)) };
  }
  const db = t.app.db;
  me = (await db.selectFrom("users").select("id").where("email", "=", ME).executeTakeFirstOrThrow()).id;
  // the student starts with the skills of this file only: none gained, one on their profile, one preference
  await db.deleteFrom("learner_skills").where("user_id", "=", me).execute();
  await db
    .updateTable("users")
    .set({ skills: JSON.stringify(["Alphaskill"]), preferences: JSON.stringify(["betaskill"]) })
    .where("id", "=", me)
    .execute();
});
afterAll(async () => {
  await t.close();
});

interface Posting {
  id: number;
  title: string;
}

async function job(name: string, skills: string[], tags: string[] = []): Promise<Posting> {
  const title = `${MARK} ${name} ${++serial}`;
  const row = await t.app.db
    .insertInto("job_opportunities")
    .values({
      title,
      job_type: "internship",
      deadline: daysFromNow(30).slice(0, 10),
      skills: JSON.stringify(skills),
      tags: JSON.stringify(tags),
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

async function institutionId(subdomain: string) {
  return (
    await t.app.db.selectFrom("institutions").select("id").where("subdomain", "=", subdomain).executeTakeFirstOrThrow()
  ).id;
}

/** A catalogue item teaching `names`, of an institution (null: the provider's), published unless said. */
async function teaching(
  table: "courses" | "external_programs" | "career_roadmaps",
  name: string,
  names: string[],
  options: { institution?: number | null; published?: boolean } = {},
): Promise<Posting> {
  const title = `${MARK} ${name}`;
  const row = await t.app.db
    .insertInto(table)
    .values({
      title,
      ...(table === "career_roadmaps" ? { skills: JSON.stringify(names) } : { tags: JSON.stringify(names) }),
      publish_status: options.published === false ? 0 : 1,
      institution_id: options.institution ?? null,
      recruiter_id: null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}

const call = (who: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: as[who], ...(payload ? { payload } : {}) });

async function rows(who: string, query: string): Promise<Row[]> {
  const res = await call(who, "GET", `/job-opportunities?q=${MARK}&_end=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Row[]>();
}

const byTitle = (list: Row[], posting: Posting) => list.find((row) => row.title === posting.title);

describe("skill match on the postings a learner reads", () => {
  const jobs = {} as Record<"full" | "half" | "third" | "none" | "topicOnly", Posting>;
  const teaches = {} as Record<"roadmap" | "course" | "program" | "otherSite" | "draft", Posting>;

  beforeAll(async () => {
    // the learner has Alphaskill (profile) and Betaskill (a preference, in another case)
    jobs.full = await job("full", ["Alphaskill", "BETASKILL"]);
    jobs.half = await job("half", ["Alphaskill", "Gammaskill"]);
    jobs.third = await job("third", ["Betaskill", "Gammaskill", "Deltaskill"]);
    jobs.none = await job("none", ["Omegaskill"]);
    // tagged with a topic the learner has, and asking three skills they do not: one of four
    jobs.topicOnly = await job("topic only", ["Omegaskill", "Psiskill", "Chiskill"], ["alphaskill"]);

    teaches.roadmap = await teaching("career_roadmaps", "roadmap", ["Gammaskill", "Deltaskill"]);
    teaches.course = await teaching("courses", "course", ["gammaskill"]);
    teaches.program = await teaching("external_programs", "program", ["Deltaskill"]);
    // what the learner's site does not offer them teaches them nothing here
    teaches.otherSite = await teaching("courses", "other site", ["Gammaskill"], {
      institution: await institutionId("himal"),
    });
    teaches.draft = await teaching("courses", "draft", ["Gammaskill"], { published: false });
  });

  it("scores every posting: the share of its skills and topics the learner has, with those they have and lack", async () => {
    const list = await rows(ME, "");
    expect(byTitle(list, jobs.full)).toMatchObject({
      match_score: 100,
      matched_skills: ["Alphaskill", "BETASKILL"],
      missing_skills: [],
    });
    expect(byTitle(list, jobs.half)).toMatchObject({ match_score: 50, matched_skills: ["Alphaskill"] });
    expect(byTitle(list, jobs.third)).toMatchObject({ match_score: 33, matched_skills: ["Betaskill"] });
    expect(byTitle(list, jobs.none)).toMatchObject({ match_score: 0, matched_skills: [] });
    expect(byTitle(list, jobs.topicOnly)).toMatchObject({ match_score: 25, matched_skills: ["alphaskill"] });
  });

  it("names what teaches each missing skill on the learner's site: courses, programs and roadmaps they may read", async () => {
    const list = await rows(ME, "");
    const item = (posting: Posting, resource: string) => ({ resource, id: posting.id, title: posting.title });
    expect(byTitle(list, jobs.half)?.missing_skills).toEqual([
      {
        name: "Gammaskill",
        teach: expect.arrayContaining([item(teaches.roadmap, "career-roadmap"), item(teaches.course, "courses")]),
      },
    ]);
    const third = byTitle(list, jobs.third)?.missing_skills as { name: string; teach: Row[] }[];
    expect(third.map((skill) => skill.name)).toEqual(["Gammaskill", "Deltaskill"]);
    expect(third[1]?.teach).toEqual(
      expect.arrayContaining([item(teaches.roadmap, "career-roadmap"), item(teaches.program, "enrichment-programs")]),
    );
    const named = JSON.stringify(list);
    expect(named).not.toContain(teaches.otherSite.title);
    expect(named).not.toContain(teaches.draft.title);
  });

  it("orders Suggested by the score, best first, whatever sort the list asks", async () => {
    for (const order of ["asc", "desc"]) {
      const suggested = await rows(ME, `type=suggested&_sort=title&_order=${order}`);
      expect(suggested.map((row) => row.title)).toEqual(
        [jobs.full, jobs.half, jobs.third, jobs.topicOnly].map((posting) => posting.title),
      );
      expect(suggested.map((row) => row.match_score)).toEqual([100, 50, 33, 25]);
    }
  });

  it("carries the same on one posting", async () => {
    const res = await call(ME, "GET", `/job-opportunities/${jobs.half.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ match_score: 50, matched_skills: ["Alphaskill"] });
  });

  it("is the learner's alone: staff read postings as stored", async () => {
    const list = await rows(STAFF, "");
    const row = byTitle(list, jobs.half);
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {})).not.toContain("match_score");
    expect(Object.keys(row ?? {})).not.toContain("missing_skills");
  });

  it("rises when the learner completes what teaches a missing skill, and the skill moves to matched", async () => {
    const enrolled = await call(ME, "POST", `/career-roadmap/${teaches.roadmap.id}/enrol`);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const enrolment = enrolled.json<{ id: number }>().id;
    const done = await call(ME, "PATCH", `/enrolments/${enrolment}`, { steps: ["Gammaskill", "Deltaskill"] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ progress: 100 });

    const list = await rows(ME, "");
    expect(byTitle(list, jobs.half)).toMatchObject({
      match_score: 100,
      matched_skills: ["Alphaskill", "Gammaskill"],
      missing_skills: [],
    });
    expect(byTitle(list, jobs.third)).toMatchObject({ match_score: 100, missing_skills: [] });
    const suggested = await rows(ME, "type=suggested&_sort=title&_order=asc");
    expect(suggested.map((row) => row.match_score)).toEqual([100, 100, 100, 25]);
  });
});

describe("skill match of applicants, as staff read and sort them", () => {
  let posting: Posting;
  const applications: Record<"me" | "other" | "guest", number> = { me: 0, other: 0, guest: 0 };

  beforeAll(async () => {
    const db = t.app.db;
    posting = await job("applicants", ["Alphaskill", "Zetaskill", "Etaskill"], ["Thetaskill"]);
    // the other learner has one of its skills, gained, and its topic as a preference; a guest has no account to have any
    const other = (await db.selectFrom("users").select("id").where("email", "=", OTHER).executeTakeFirstOrThrow()).id;
    await db.deleteFrom("learner_skills").where("user_id", "=", other).execute();
    await db
      .updateTable("users")
      .set({ skills: JSON.stringify([]), preferences: JSON.stringify(["thetaskill"]) })
      .where("id", "=", other)
      .execute();
    await db
      .insertInto("learner_skills")
      .values({
        user_id: other,
        institution_id: null,
        name: "Etaskill",
        name_key: "etaskill",
        gained_at: stamp(),
        source_type: "course",
        source_id: null,
        source_title: null,
        created_at: stamp(),
      })
      .execute();
    for (const [key, who] of [
      ["me", ME],
      ["other", OTHER],
    ] as const) {
      const res = await call(who, "POST", `/job-opportunities/${posting.id}/apply`, {});
      expect(res.statusCode, res.body).toBe(201);
      applications[key] = res.json<{ id: number }>().id;
    }
    const guest = await db
      .insertInto("applications")
      .values(applicationRow({ job_opportunity_id: posting.id }, { full_name: `${MARK} guest` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    applications.guest = guest.id;
  });

  const applicants = async (query: string) => {
    const res = await call(STAFF, "GET", `/applications?job_opportunity_id=${posting.id}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Row[]>();
  };

  it("carries each applicant's match: the share of the posting's skills they have, none for a guest", async () => {
    const scores = Object.fromEntries((await applicants("")).map((row) => [row.id, row.match_score]));
    // of its three skills and one topic, the student has Alphaskill; the other learner Etaskill and the topic
    expect(scores).toEqual({ [applications.me]: 25, [applications.other]: 50, [applications.guest]: null });
    const one = await call(STAFF, "GET", `/applications/${applications.me}`);
    expect(one.json()).toMatchObject({ match_score: 25 });
  });

  it("follows the applicant's skills as they change, and sorts by it either way with no score below every score", async () => {
    await t.app.db
      .updateTable("users")
      .set({ preferences: JSON.stringify(["ZETASKILL", "thetaskill"]) })
      .where("email", "=", ME)
      .execute();
    const desc = await applicants("_sort=match_score&_order=desc");
    expect(desc.map((row) => [row.id, row.match_score])).toEqual([
      [applications.me, 75],
      [applications.other, 50],
      [applications.guest, null],
    ]);
    const asc = await applicants("_sort=match_score&_order=asc");
    expect(asc.map((row) => row.id)).toEqual([applications.guest, applications.other, applications.me]);
  });

  it("is staff's alone: the learner's own application does not carry it", async () => {
    const res = await call(ME, "GET", `/applications/${applications.me}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).not.toContain("match_score");
  });
});

describe("the applicant's score in SQL is the shared rule's", () => {
  /** A few names in several spellings, so that case and spacing are matched as the rule matches them. */
  const VOCABULARY = [
    "Python",
    "python ",
    "SQL",
    " sql",
    "Data analysis",
    "DATA ANALYSIS",
    "Excel",
    "Go",
    "Rust",
    "Cobol",
  ];
  /** A small deterministic generator: the same cases on every run. */
  let seed = 20261128;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const some = (count: number) =>
    Array.from({ length: count }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] ?? "Go");

  it("agrees with matchSkills on every case: profile skills, preferences and gained skills against skills and tags", async () => {
    const db = t.app.db;
    const other = (await db.selectFrom("users").select("id").where("email", "=", OTHER).executeTakeFirstOrThrow()).id;
    const learners = [
      { id: me, skills: ["Python", "excel"], preferences: ["Data  analysis"], gained: ["Rust"] },
      { id: other, skills: [], preferences: ["sql"], gained: ["GO"] },
    ];
    for (const learner of learners) {
      await db.deleteFrom("learner_skills").where("user_id", "=", learner.id).execute();
      await db
        .updateTable("users")
        .set({ skills: JSON.stringify(learner.skills), preferences: JSON.stringify(learner.preferences) })
        .where("id", "=", learner.id)
        .execute();
      for (const name of learner.gained) {
        await db
          .insertInto("learner_skills")
          .values({
            user_id: learner.id,
            institution_id: null,
            name,
            name_key: skillKey(name),
            gained_at: stamp(),
            source_type: "course",
            source_id: null,
            source_title: null,
            created_at: stamp(),
          })
          .execute();
      }
    }
    const expected = new Map<number, number | null>();
    for (let round = 0; round < 12; round++) {
      const skills = some(Math.floor(next() * 4));
      const tags = some(Math.floor(next() * 3));
      const posting = await job(`case ${round}`, skills, tags);
      for (const learner of learners) {
        const application = await db
          .insertInto("applications")
          .values(
            applicationRow({ job_opportunity_id: posting.id }, { user_id: learner.id, full_name: `${MARK} ${round}` }),
          )
          .returning("id")
          .executeTakeFirstOrThrow();
        const keys = learnerSkillKeys([...learner.skills, ...learner.preferences, ...learner.gained]);
        const match = matchSkills(keys, [...skills, ...tags]);
        expected.set(application.id, match.matched.length + match.missing.length === 0 ? null : match.score);
      }
    }
    const ids = [...expected.keys()];
    const res = await call(STAFF, "GET", `/applications?${ids.map((id) => `id=${id}`).join("&")}&_end=100`);
    expect(res.statusCode, res.body).toBe(200);
    const read = new Map(res.json<Row[]>().map((row) => [row.id as number, row.match_score]));
    expect(Object.fromEntries(read)).toEqual(Object.fromEntries(expected));
    // and the cases are not all alike
    expect(new Set(expected.values()).size).toBeGreaterThan(3);
  });
});
