import { ATTENDANCE, firstStageOf, type GradingType, LEARNER_ROLES, type PostingType } from "@csc/shared";
import type { Kysely } from "kysely";
import { certificateCode } from "../domain/certificates.js";
import type { Database } from "../platform/db/schema.js";
import { TRACKED_FIELDS } from "../resources/applications/history.js";
import { APPLICATIONS, type StageSeed } from "./applications-data.js";
import { DAY, type NewRow, type Random, random, type SeedContext } from "./catalogue.js";
import { AUTHORS, type Owner } from "./catalogue-data.js";

/**
 * Applicants to the demo's postings, each row as the pipeline's commands would
 * have left it. A learner applies while the posting is open (and after their account exists), in
 * the first stage of its variant, with their own details copied on; staff of the posting's owner
 * then move it on through the stages its path in seeds/catalogue/applications.json names, recording
 * attendance, a grade or percentage (by the event's grading type) and completion with the last
 * change, as one bulk change would; some undecided applicants withdraw. Every change is a history
 * row, in order, dated between the application and the reference date.
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Whole seconds, as a person's clicks are stored. */
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/** The column naming the posting, by its type (as the apply command writes it). */
export const POSTING_COLUMN = {
  "learning-event": "learning_event_id",
  "job-opportunity": "job_opportunity_id",
  scholarship: "scholarship_id",
} as const satisfies Record<PostingType, string>;

/** A posting as the seed needs it: who runs it, who may apply, when, and how far it has come. */
export interface SeedPosting {
  type: PostingType;
  id: number;
  title: string;
  owner: Owner;
  published: boolean;
  /** Only that institution's learners may apply (its own posting, not shared with everyone); null: anyone. */
  onlyInstitution: number | null;
  /** When applications open (the posting's creation) and close (its deadline, the event's end), in ms. */
  opens: number;
  closes: number;
  /** `open` / `closed`, or `upcoming` / `ongoing` / `past` for an event, at the reference date. */
  timing: string;
  gradingType: GradingType | null;
  /** An event's start and end (ms): its attendance and results are recorded after it. */
  startsAt: number | null;
  endsAt: number | null;
}

/** A learner as their application copies them (the apply command's columns). */
export interface SeedApplicant {
  id: number;
  email: string;
  full_name: string;
  phone: string | null;
  institution_id: number | null;
  institution: string | null;
  institutionType: string | null;
  department: string | null;
  /** When the account was made (ms): nobody applies before that. */
  created: number;
}

type HistoryRow = Omit<NewRow<"application_history">, "application_id">;

/** An application with its history, before either has an id. */
export interface PlannedApplication {
  row: NewRow<"applications">;
  history: HistoryRow[];
}

/* Reading postings and learners. */

const endOfDay = (day: string) => Date.parse(`${day.slice(0, 10)}T23:59:59.999Z`);

function ownerOf(ctx: SeedContext, institutionId: number | null, recruiterId: number | null): Owner {
  if (institutionId === ctx.institutions.kmc) return "kmc";
  if (institutionId === ctx.institutions.himal) return "himal";
  if (recruiterId === ctx.recruiterId) return "recruiter";
  return "provider";
}

/** Ids above these (per table) only: the rows a scale run has just added. */
export type IdsAbove = Partial<Record<"learning_events" | "job_opportunities" | "scholarships", number>>;

/** Every learning event, job opportunity and scholarship (or those above `above`), oldest first. */
export async function loadPostings(db: Kysely<Database>, ctx: SeedContext, above: IdsAbove = {}) {
  const postings: SeedPosting[] = [];
  const base = (row: {
    id: number;
    title: string;
    institution_id: number | null;
    recruiter_id: number | null;
    publish_status: number;
    created_at: string;
  }) => ({
    id: row.id,
    title: row.title,
    owner: ownerOf(ctx, row.institution_id, row.recruiter_id),
    published: Number(row.publish_status) === 1,
    opens: Date.parse(row.created_at),
  });
  // an institution's own posting is for its own learners unless it is shared with all (access scope)
  const only = (row: { institution_id: number | null; access_scope?: string | null }) =>
    row.institution_id !== null && row.access_scope !== "all" ? row.institution_id : null;
  const CATALOGUE = ["id", "title", "institution_id", "recruiter_id", "publish_status", "created_at"] as const;

  const events = await db
    .selectFrom("learning_events")
    .select([...CATALOGUE, "start_at", "end_at", "registration_deadline", "access_scope", "grading_type"])
    .where("id", ">", above.learning_events ?? 0)
    .orderBy("id")
    .execute();
  for (const row of events) {
    const startsAt = Date.parse(row.start_at);
    const endsAt = Date.parse(row.end_at);
    const closes = row.registration_deadline ? Math.min(endsAt, endOfDay(row.registration_deadline)) : endsAt;
    const timing = endsAt < ctx.ref ? "past" : startsAt > ctx.ref ? "upcoming" : "ongoing";
    const gradingType = row.grading_type;
    postings.push({
      ...base(row),
      type: "learning-event",
      onlyInstitution: only(row),
      closes,
      timing,
      gradingType,
      startsAt,
      endsAt,
    });
  }
  const jobs = await db
    .selectFrom("job_opportunities")
    .select([...CATALOGUE, "deadline", "access_scope"])
    .where("id", ">", above.job_opportunities ?? 0)
    .orderBy("id")
    .execute();
  for (const row of jobs) {
    const closes = endOfDay(row.deadline);
    const timing = closes >= ctx.ref ? "open" : "closed";
    postings.push({
      ...base(row),
      type: "job-opportunity",
      onlyInstitution: only(row),
      closes,
      timing,
      gradingType: null,
      startsAt: null,
      endsAt: null,
    });
  }
  const scholarships = await db
    .selectFrom("scholarships")
    .select([...CATALOGUE, "deadline"])
    .where("id", ">", above.scholarships ?? 0)
    .orderBy("id")
    .execute();
  for (const row of scholarships) {
    // a scholarship without a deadline stays open
    const closes = row.deadline ? endOfDay(row.deadline) : Number.POSITIVE_INFINITY;
    const timing = closes >= ctx.ref ? "open" : "closed";
    const onlyInstitution = row.institution_id;
    postings.push({
      ...base(row),
      type: "scholarship",
      onlyInstitution,
      closes,
      timing,
      gradingType: null,
      startsAt: null,
      endsAt: null,
    });
  }
  return postings;
}

/** Every learner who has not been deleted (or those with an id above `aboveId`), by id. */
export async function loadApplicants(db: Kysely<Database>, aboveId = 0): Promise<SeedApplicant[]> {
  const rows = await db
    .selectFrom("users as u")
    .leftJoin("institutions as i", "i.id", "u.institution_id")
    .leftJoin("program_departments as pd", "pd.id", "u.program_department_id")
    .select([
      "u.id",
      "u.email",
      "u.full_name",
      "u.phone",
      "u.institution_id",
      "u.created_at",
      "i.name as institution",
      "i.type as institutionType",
      "pd.name as department",
    ])
    .where("u.role", "in", LEARNER_ROLES)
    .where("u.deleted_at", "is", null)
    .where("u.id", ">", aboveId)
    .orderBy("u.id")
    .execute();
  return rows.map(({ created_at, ...row }) => ({ ...row, created: Date.parse(created_at) }));
}

/* Planning one application. */

/**
 * Stages dealt from a shuffled deck per posting type and timing, in the weights of the data file:
 * every stage with a weight turns up once a deck has been dealt, however few applicants there are.
 */
export class StageDecks {
  readonly #decks = new Map<string, { cards: string[]; next: number }>();
  constructor(private readonly r: Random) {}

  deal(type: PostingType, timing: string): string {
    const key = `${type}:${timing}`;
    let deck = this.#decks.get(key);
    if (!deck) {
      const weights = APPLICATIONS.variants[type].timings[timing] ?? {};
      const cards = Object.entries(weights).flatMap(([stage, weight]) => Array<string>(weight).fill(stage));
      if (cards.length === 0) cards.push(firstStageOf(type));
      deck = { cards, next: cards.length };
      this.#decks.set(key, deck);
    }
    if (deck.next >= deck.cards.length) {
      for (let i = deck.cards.length - 1; i > 0; i--) {
        const j = Math.floor(this.r.next() * (i + 1));
        [deck.cards[i], deck.cards[j]] = [deck.cards[j] as string, deck.cards[i] as string];
      }
      deck.next = 0;
    }
    return deck.cards[deck.next++] as string;
  }
}

/** `count` moments between `from` and `to`, in order (all `from` when there is no room). */
function moments(r: Random, from: number, to: number, count: number): number[] {
  const room = Math.max(0, to - from);
  return Array.from({ length: count }, () => second(from + r.next() * room)).sort((a, b) => a - b);
}

/** Staff accounts of the posting's owner who change its applicants (the data file's authors). */
export function staffOf(ctx: SeedContext): Record<Owner, number[]> {
  const ids = (owner: Owner) =>
    AUTHORS[owner].emails.map((email) => ctx.accounts.get(email)).filter((id) => id !== undefined);
  const staff = { provider: ids("provider"), kmc: ids("kmc"), himal: ids("himal"), recruiter: ids("recruiter") };
  for (const owner of Object.keys(staff) as Owner[]) if (staff[owner].length === 0) staff[owner] = [ctx.superadminId];
  return staff;
}

/** Where an applicant comes from (the apply command's rule): a college's student, an independent learner, or N/A. */
const applicantTypeOf = (applicant: SeedApplicant) =>
  applicant.institution_id === null ? "skill_lab" : applicant.institutionType === "college" ? "college" : null;

const pick = <T>(r: Random, items: readonly T[]): T | null => (items.length > 0 ? r.pick(items) : null);
const percentageIn = (r: Random, range: { min: number; max: number }) =>
  Math.round((range.min + r.next() * (range.max - range.min)) * 10) / 10;

/** What the last change records besides the stage, by the event's result and grading type. */
function resultOf(r: Random, posting: SeedPosting, spec: StageSeed) {
  const outcome = {
    grade: null as string | null,
    percentage: null as number | null,
    completion_status: null as "complete" | "in_complete" | null,
  };
  // results belong to learning events; a scholarship's award is its stage alone
  if (posting.type !== "learning-event" || spec.result === "none") return outcome;
  const passed = spec.result === "pass";
  if (spec.result !== "absent") {
    if (posting.gradingType === "grade") outcome.grade = r.pick(APPLICATIONS.grades[passed ? "pass" : "fail"]);
    if (posting.gradingType === "percentage") {
      outcome.percentage = percentageIn(r, APPLICATIONS.percentages[passed ? "pass" : "fail"]);
    }
  }
  outcome.completion_status = passed ? "complete" : "in_complete";
  return outcome;
}

/**
 * One learner's application to one posting, ending in `stage` (withdrawn while undecided, when
 * asked), with the history that led there. `notBefore` is when the learner could first apply.
 */
export function planApplication(
  r: Random,
  ctx: SeedContext,
  staff: readonly number[],
  posting: SeedPosting,
  applicant: SeedApplicant,
  stage: string,
  options: { withdrawn?: boolean; notBefore?: number } = {},
): PlannedApplication {
  const first = firstStageOf(posting.type);
  const spec = APPLICATIONS.variants[posting.type].stages[stage];
  if (!spec) throw new Error(`Seed: ${stage} is no stage of a ${posting.type}`);
  const closes = Math.min(posting.closes, ctx.ref - HOUR);
  const opens = Math.min(Math.max(posting.opens, options.notBefore ?? applicant.created), closes);
  const applied = moments(r, opens, closes, 1)[0] as number;
  const note = (notes: readonly string[]) => (r.chance(APPLICATIONS.stageNoteShare) ? pick(r, notes) : null);

  const history: HistoryRow[] = [
    {
      field: "stage",
      from_value: null,
      to_value: first,
      note: r.chance(APPLICATIONS.applyNoteShare) ? r.pick(APPLICATIONS.applyNotes) : null,
      by_user_id: applicant.id,
      at: iso(applied),
    },
  ];
  const values = {
    stage: first as string,
    attendance: ATTENDANCE.noStatus as number,
    grade: null as string | null,
    percentage: null as number | null,
    completion_status: null as "complete" | "in_complete" | null,
    certificate_code: null as string | null,
    withdrawn_at: null as string | null,
  };
  /** One change as a bulk call makes it: every field that differs, one author, one moment, one note. */
  const change = (at: number, next: Partial<typeof values>, why: string | null) => {
    const by = r.pick(staff);
    for (const field of TRACKED_FIELDS) {
      const to = next[field];
      if (to === undefined || to === values[field]) continue;
      const from = values[field];
      history.push({
        field,
        from_value: from === null ? null : String(from),
        to_value: to === null ? null : String(to),
        note: why,
        by_user_id: by,
        at: iso(at),
      });
    }
    Object.assign(values, next);
  };

  let last = applied;
  if (options.withdrawn && stage === first) {
    last = moments(r, applied + HOUR, Math.max(applied + HOUR, Math.min(closes, applied + 14 * DAY)), 1)[0] as number;
    last = Math.min(last, ctx.ref);
    values.withdrawn_at = iso(last);
    history.push({
      field: "withdrawn_at",
      from_value: null,
      to_value: values.withdrawn_at,
      note: null,
      by_user_id: applicant.id,
      at: values.withdrawn_at,
    });
  } else if (stage !== first) {
    const steps = [...spec.path, stage];
    // an event's attendance and results come after it ends; its earlier steps before it starts
    const recordsResult = spec.attendance !== ATTENDANCE.noStatus && posting.endsAt !== null;
    const horizon = Math.min(ctx.ref, Math.max(applied, Math.min(posting.closes, ctx.ref)) + 45 * DAY);
    const finalAt = recordsResult
      ? Math.max(applied, Math.min(ctx.ref, (posting.endsAt ?? 0) + second(r.int(2 * HOUR, 5 * DAY))))
      : null;
    const earlierUntil = finalAt !== null ? Math.min(finalAt, posting.startsAt ?? finalAt) : horizon;
    const times = moments(
      r,
      applied + HOUR,
      Math.max(applied + HOUR, earlierUntil),
      finalAt !== null ? steps.length - 1 : steps.length,
    );
    if (finalAt !== null) times.push(Math.max(finalAt, times.at(-1) ?? applied));
    for (const [i, step] of steps.entries()) {
      const at = Math.min(times[i] as number, ctx.ref);
      if (i < steps.length - 1) {
        change(at, { stage: step }, note(APPLICATIONS.variants[posting.type].stages[step]?.notes ?? []));
        continue;
      }
      const outcome = resultOf(r, posting, spec);
      change(at, { stage: step, attendance: spec.attendance, ...outcome }, note(spec.notes));
      if (outcome.completion_status === "complete") {
        values.certificate_code = certificateCode((bound) => r.int(0, bound - 1));
      }
      last = at;
    }
  }

  return {
    row: {
      posting_type: posting.type,
      learning_event_id: null,
      job_opportunity_id: null,
      scholarship_id: null,
      [POSTING_COLUMN[posting.type]]: posting.id,
      user_id: applicant.id,
      full_name: applicant.full_name,
      email: applicant.email,
      contact_number: applicant.phone,
      profession: null,
      institution_id: applicant.institution_id,
      institution: applicant.institution,
      department: applicant.department,
      applied_at: iso(applied),
      applicant_type: applicantTypeOf(applicant),
      stage: values.stage as NewRow<"applications">["stage"],
      attendance: values.attendance,
      grade: values.grade,
      percentage: values.percentage,
      completion_status: values.completion_status,
      certificate_code: values.certificate_code,
      withdrawn_at: values.withdrawn_at,
      language: r.chance(APPLICATIONS.nepaliShare) ? "np-NP" : "en-US",
      created_at: iso(applied),
      updated_at: iso(last),
    },
    history,
  };
}

/* The demo's applicants. */

/**
 * The demo postings' applicants: a spread of the demo learners over every posting (fewer on
 * drafts), and the showcase applications of the demo learner accounts, who apply to nothing else
 * (so each still has open postings to apply to). Pure: the same postings and learners give the same plan.
 */
export function planDemoApplications(
  ctx: SeedContext,
  postings: readonly SeedPosting[],
  applicants: readonly SeedApplicant[],
): PlannedApplication[] {
  const r = random("applications");
  const decks = new StageDecks(r);
  const staff = staffOf(ctx);
  const showcaseAccounts = new Set(APPLICATIONS.showcase.map((item) => item.account));
  const pool = applicants.filter((a) => !showcaseAccounts.has(a.email));
  const planned: PlannedApplication[] = [];

  for (const posting of postings) {
    const allowed = pool.filter(
      (a) => posting.onlyInstitution === null || a.institution_id === posting.onlyInstitution,
    );
    const closes = Math.min(posting.closes, ctx.ref);
    const existed = allowed.filter((a) => a.created < closes - DAY);
    // every posting has applicants: should none of its learners be old enough, its own learners apply
    const eligible = existed.length > 0 ? existed : allowed;
    const { min, max } = APPLICATIONS.applicantsPerPosting[posting.type];
    let count = r.int(min, max);
    if (!posting.published) count = Math.max(1, Math.round(count * APPLICATIONS.draftShare));
    for (const applicant of r.sample(eligible, count)) {
      const stage = decks.deal(posting.type, posting.timing);
      const withdrawn = stage === firstStageOf(posting.type) && r.chance(APPLICATIONS.withdrawnShare);
      const notBefore = existed.length > 0 ? applicant.created : posting.opens;
      planned.push(planApplication(r, ctx, staff[posting.owner], posting, applicant, stage, { withdrawn, notBefore }));
    }
  }

  for (const item of APPLICATIONS.showcase) {
    const posting = postings.find((p) => p.type === item.posting && p.title === item.title);
    const applicant = applicants.find((a) => a.email === item.account);
    if (!posting || !applicant) throw new Error(`Seed: showcase ${item.account} → ${item.title} has no row`);
    // the demo accounts are made when the demo is seeded: their history starts with the posting
    const options = { withdrawn: item.withdrawn ?? false, notBefore: posting.opens };
    planned.push(planApplication(r, ctx, staff[posting.owner], posting, applicant, item.stage, options));
  }
  return planned;
}

/** A planned row's identity, unique per posting: how an inserted row's id is matched to its history. */
const keyOf = (row: {
  email: string;
  learning_event_id?: number | null;
  job_opportunity_id?: number | null;
  scholarship_id?: number | null;
}) => `${row.learning_event_id ?? ""}:${row.job_opportunity_id ?? ""}:${row.scholarship_id ?? ""}:${row.email}`;

/** How many history rows one statement writes (7 columns: far within SQLite's and PostgreSQL's parameter limits). */
const HISTORY_BATCH = 1_000;

/**
 * Inserts applications `batch` at a time, each batch's history right after it, in the caller's
 * transaction. Returns the rows written per table.
 */
export async function insertApplications(
  db: Kysely<Database>,
  planned: readonly PlannedApplication[],
  batch = 200,
): Promise<{ applications: number; application_history: number }> {
  let history = 0;
  for (let start = 0; start < planned.length; start += batch) {
    const chunk = planned.slice(start, start + batch);
    const inserted = await db
      .insertInto("applications")
      .values(chunk.map((item) => item.row))
      .returning(["id", "email", "learning_event_id", "job_opportunity_id", "scholarship_id"])
      .execute();
    const ids = new Map(inserted.map((row) => [keyOf(row), row.id]));
    const rows = chunk.flatMap((item) => {
      const id = ids.get(keyOf(item.row));
      if (id === undefined) throw new Error(`Seed: application ${keyOf(item.row)} was not written`);
      return item.history.map((entry) => ({ ...entry, application_id: id }));
    });
    for (let i = 0; i < rows.length; i += HISTORY_BATCH) {
      await db
        .insertInto("application_history")
        .values(rows.slice(i, i + HISTORY_BATCH))
        .execute();
    }
    history += rows.length;
  }
  return { applications: planned.length, application_history: history };
}

/** Seeds the demo's applications over the postings and learners already in the database. */
export async function seedApplications(db: Kysely<Database>, ctx: SeedContext) {
  const postings = await loadPostings(db, ctx);
  const applicants = await loadApplicants(db);
  return insertApplications(db, planDemoApplications(ctx, postings, applicants));
}
