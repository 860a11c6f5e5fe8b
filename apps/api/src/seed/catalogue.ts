import { randomBytes } from "node:crypto";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_REVIEW_POLICY, type EventType, formatCreatedBy, ROLES } from "@csc/shared";
import type { Insertable, Kysely } from "kysely";
import type { Database, TableName } from "../platform/db/schema.js";
import { hashPassword } from "../platform/password.js";
import type { City, Owner } from "./catalogue-data.js";
import * as data from "./catalogue-data.js";
import { ACCOUNTS, RECRUITER } from "./demo-data.js";
import { DemoLogos } from "./logos.js";

/**
 * The demo catalogue, learners, recruiter companies and activity logs, spread over the
 * four years before the reference date and the year after it. Every value comes from the data files
 * of seeds/catalogue/ (catalogue-data.ts), the ids found in the database and a seeded PRNG, so one
 * reference date always gives the same rows (only the password hash differs: its salt is random).
 */

/** The API tests read tables by a name chosen at run time, through the engine's one untyped alias. */
export type { AnyDb } from "../engine/store.js";

/** A row as inserted into `Table`. */
export type NewRow<Table extends TableName> = Insertable<Database[Table]>;

export const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Nepal is UTC+05:45: 10:00 in Kathmandu is 04:15 UTC. */
const TEN_AM_NPT = 4 * HOUR + 15 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);
const startOfDay = (ms: number) => ms - (((ms % DAY) + DAY) % DAY);

/* A small seeded PRNG (mulberry32 over an FNV-1a hash of a label): deterministic, fast, no Math.random. */

export interface Random {
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
  chance(probability: number): boolean;
}

export function random(label: string): Random {
  let state = 2166136261;
  for (let i = 0; i < label.length; i++) state = Math.imul(state ^ label.charCodeAt(i), 16777619);
  state >>>= 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    sample: <T>(items: readonly T[], count: number) => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
      return out;
    },
    chance: (probability: number) => next() < probability,
  };
}

/* What the rows point at, read from the database once. */

export interface Place {
  province_id: number;
  district_id: number;
  municipality_id: number;
}

interface ProgramRow {
  id: number;
  kind: string;
}

export interface SeedContext {
  /** The reference date (ms): rows are dated up to four years before it and one year after. */
  ref: number;
  institutions: { kmc: number; himal: number };
  /** Everest Recruiters, the demo recruiter company. */
  recruiterId: number;
  /** Demo account ids by e-mail. */
  accounts: Map<string, number>;
  superadminId: number;
  programs: { kmc: ProgramRow[]; himal: ProgramRow[] };
  /** Every local level of the districts the learners come from, by district name. */
  districts: Map<string, Place[]>;
  cities: Record<City, Place>;
}

const ensure = <T>(value: T | undefined | null, what: string): T => {
  if (value === undefined || value === null) throw new Error(`Seed: ${what} is missing; seed the demo data first.`);
  return value;
};

export async function loadContext(db: Kysely<Database>, reference: Date | string | number): Promise<SeedContext> {
  const ref = new Date(reference).getTime();
  if (Number.isNaN(ref)) throw new RangeError(`Seed: invalid reference date ${String(reference)}`);
  const institutions = await db.selectFrom("institutions").select(["id", "subdomain"]).execute();
  const kmc = ensure(institutions.find((i) => i.subdomain === "kmc")?.id, "institution kmc");
  const himal = ensure(institutions.find((i) => i.subdomain === "himal")?.id, "institution himal");
  const recruiter = await db
    .selectFrom("recruiters")
    .select("id")
    .where("name", "=", RECRUITER.name)
    .orderBy("id")
    .executeTakeFirst();
  const users = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where(
      "email",
      "in",
      ACCOUNTS.map((a) => a.email),
    )
    .execute();
  const accounts = new Map(users.map((u) => [u.email, u.id]));
  const programs = await db
    .selectFrom("program_departments")
    .select(["id", "kind", "institution_id"])
    .where("institution_id", "in", [kmc, himal])
    .orderBy("id")
    .execute();

  const districtNames = [
    ...new Set([
      ...Object.values(data.LEARNER_DISTRICTS).flat(),
      ...Object.values(data.CITIES).map((city) => city.district),
    ]),
  ];
  const districtRows = await db
    .selectFrom("districts")
    .select(["id", "name", "province_id"])
    .where("name", "in", districtNames)
    .execute();
  const municipalities = await db
    .selectFrom("municipalities")
    .select(["id", "name", "district_id"])
    .where(
      "district_id",
      "in",
      districtRows.map((d) => d.id),
    )
    .orderBy("id")
    .execute();
  const districts = new Map<string, Place[]>();
  for (const name of districtNames) {
    const district = ensure(
      districtRows.find((d) => d.name === name),
      `district ${name}`,
    );
    const places = municipalities
      .filter((m) => m.district_id === district.id)
      .map((m) => ({ province_id: district.province_id, district_id: district.id, municipality_id: m.id }));
    if (places.length === 0) throw new Error(`Seed: district ${name} has no local levels`);
    districts.set(name, places);
  }
  const cities = Object.fromEntries(
    Object.entries(data.CITIES).map(([key, city]) => {
      const district = ensure(
        districtRows.find((d) => d.name === city.district),
        `district ${city.district}`,
      );
      const municipality = ensure(
        municipalities.find((m) => m.district_id === district.id && m.name === city.municipality),
        `local level ${city.municipality}`,
      );
      return [key, { province_id: district.province_id, district_id: district.id, municipality_id: municipality.id }];
    }),
  ) as Record<City, Place>;

  return {
    ref,
    institutions: { kmc, himal },
    recruiterId: ensure(recruiter?.id, `recruiter company ${RECRUITER.name}`),
    accounts,
    superadminId: ensure(accounts.get("superadmin@example.com"), "account superadmin@example.com"),
    programs: {
      kmc: programs.filter((p) => p.institution_id === kmc),
      himal: programs.filter((p) => p.institution_id === himal),
    },
    districts,
    cities,
  };
}

/* Row builders, shared with scale.ts. */

/** The tenant columns of a catalogue row: the provider's rows have neither. */
function ownerColumns(ctx: SeedContext, owner: Owner): { institution_id: number | null; recruiter_id: number | null } {
  if (owner === "kmc" || owner === "himal") return { institution_id: ctx.institutions[owner], recruiter_id: null };
  if (owner === "recruiter") return { institution_id: null, recruiter_id: ctx.recruiterId };
  return { institution_id: null, recruiter_id: null };
}

/** `<userId>_<entity>` for one of the owner's demo staff accounts. */
function createdBy(ctx: SeedContext, r: Random, owner: Owner): string | null {
  const author = data.AUTHORS[owner];
  const ids = author.emails.map((email) => ctx.accounts.get(email)).filter((id) => id !== undefined);
  return ids.length > 0 ? formatCreatedBy(r.pick(ids), author.entity) : null;
}

/** created_at before `before` (and never after the reference), updated_at a little later. */
function stamps(ctx: SeedContext, r: Random, before: number): { created_at: string; updated_at: string } {
  const created = Math.min(before, ctx.ref) - r.int(7, 120) * DAY - r.int(0, DAY / 1000) * 1000;
  const updated = Math.min(created + r.int(0, 45) * DAY + r.int(0, 3600) * 1000, ctx.ref);
  return { created_at: iso(created), updated_at: iso(updated) };
}

/** Every third or fourth row of an owner is a draft, the rest are published. */
const publishStatus = (index: number) => (index % 4 === 2 ? 0 : 1);

/** Day offsets from the reference, cycled per owner: past, current and future rows for everyone. */
const DATE_SPREAD = [-60, -820, 25, -1200, -420, 90, -210, -1010, -30, 160];
const DEADLINE_SPREAD = [21, -400, -900, 45, -120, -1150, 9, -640, 80, -35];

const spreadDay = (ctx: SeedContext, r: Random, spread: readonly number[], index: number) =>
  startOfDay(ctx.ref) + ((spread[index % spread.length] ?? 0) + r.int(-15, 15)) * DAY;

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const siteOf = (owner: Owner) =>
  owner === "kmc"
    ? "https://kmc.example.com"
    : owner === "himal"
      ? "https://himal.example.com"
      : owner === "recruiter"
        ? "https://everest-recruiters.example.com"
        : "https://learn.example.com";

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join("");
const npr = (amount: number) => `NPR ${amount.toLocaleString("en-US")}`;

/** Index of each row within its owner's rows, for the cycled patterns. */
function ownerIndexes<T extends { owner: Owner }>(items: readonly T[]): number[] {
  const seen: Partial<Record<Owner, number>> = {};
  return items.map((item) => {
    const index = seen[item.owner] ?? 0;
    seen[item.owner] = index + 1;
    return index;
  });
}

export function courseRow(ctx: SeedContext, r: Random, course: data.CourseSeed, index: number): NewRow<"courses"> {
  const start = spreadDay(ctx, r, DATE_SPREAD, index);
  return {
    title: course.title,
    category: course.category,
    description: paragraphs(
      course.summary,
      `<strong>Duration:</strong> ${course.hours} hours over ${course.weeks} weeks.`,
    ),
    delivery_mode: course.online ? 1 : 0,
    duration_hours: course.hours,
    grading_type: course.grading,
    start_date: isoDay(start),
    end_date: isoDay(start + course.weeks * 7 * DAY),
    url: `${siteOf(course.owner)}/courses/${slug(course.title)}`,
    image: null,
    tags: JSON.stringify(course.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, course.owner),
    created_by: createdBy(ctx, r, course.owner),
    ...stamps(ctx, r, start),
  };
}

export function scholarshipRow(
  ctx: SeedContext,
  r: Random,
  item: data.ScholarshipSeed,
  index: number,
): NewRow<"scholarships"> {
  const deadline = spreadDay(ctx, r, DEADLINE_SPREAD, index);
  return {
    title: item.title,
    provider_name: item.provider,
    country: item.country,
    amount: item.amount,
    deadline: isoDay(deadline),
    description: paragraphs(item.summary, `Award: up to ${npr(item.amount)}.`),
    eligibility: paragraphs(item.eligibility),
    url: `${siteOf(item.owner)}/scholarships/${slug(item.title)}`,
    tags: JSON.stringify(item.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, item.owner),
    created_by: createdBy(ctx, r, item.owner),
    ...stamps(ctx, r, deadline - 30 * DAY),
  };
}

export function roadmapRow(
  ctx: SeedContext,
  r: Random,
  item: data.RoadmapSeed,
  index: number,
): NewRow<"career_roadmaps"> {
  return {
    title: item.title,
    job_role: item.role,
    description: `${paragraphs(item.summary)}<ol>${item.steps.map((step) => `<li>${step}</li>`).join("")}</ol>`,
    duration_months: item.months,
    skills: JSON.stringify(item.skills),
    tags: JSON.stringify(item.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, item.owner),
    created_by: createdBy(ctx, r, item.owner),
    ...stamps(ctx, r, ctx.ref - r.int(0, 1300) * DAY),
  };
}

export function assessmentRow(
  ctx: SeedContext,
  r: Random,
  item: data.AssessmentSeed,
  index: number,
): NewRow<"self_assessments"> {
  return {
    title: item.title,
    category: item.category,
    description: paragraphs(item.summary),
    duration_minutes: item.minutes,
    grading_type: item.grading,
    pass_mark: item.passMark,
    questions: JSON.stringify(item.questions),
    // every row names them: rows inserted together that leave a column out get null for it in SQLite
    max_attempts: item.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    review_policy: item.review ?? DEFAULT_REVIEW_POLICY,
    tags: JSON.stringify(item.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, item.owner),
    created_by: createdBy(ctx, r, item.owner),
    ...stamps(ctx, r, ctx.ref - r.int(0, 1300) * DAY),
  };
}

/** How long an event of each type runs. */
function eventLength(r: Random, type: EventType): number {
  switch (type) {
    case "session":
    case "guest_lecture":
      return 2 * HOUR;
    case "exam":
      return 3 * HOUR;
    case "workshop":
      return r.int(1, 2) * DAY - 17 * HOUR;
    case "training":
      return r.int(5, 28) * DAY - 16 * HOUR;
    case "course":
      return r.int(10, 14) * DAY - 16 * HOUR;
    case "event":
      return r.int(1, 3) * DAY - 15 * HOUR;
    case "others":
      return 6 * HOUR;
  }
}

/** Access scope by owner: the provider shares with everyone, tenants mostly with their own people. */
const accessScope = (owner: Owner, r: Random) =>
  owner === "provider" ? "all" : owner === "recruiter" ? "default" : r.chance(0.8) ? "local" : "all";

export function eventRow(ctx: SeedContext, r: Random, item: data.EventSeed, index: number): NewRow<"learning_events"> {
  const today = startOfDay(ctx.ref) + TEN_AM_NPT;
  const length = eventLength(r, item.type);
  let start: number;
  let end: number;
  if (item.timing === "ongoing") {
    start = today - r.int(1, 4) * DAY;
    end = Math.max(start + length, today + r.int(2, 14) * DAY);
  } else {
    start = item.timing === "past" ? today - r.int(15, 1300) * DAY : today + r.int(7, 300) * DAY;
    end = start + length;
  }
  return {
    title: item.title,
    event_type: item.type,
    description: paragraphs(item.summary),
    delivery_mode: item.online ? 1 : 0,
    // an online event has its link, an offline one its venue (the rule staff edit under)
    venue: item.online ? null : item.venue,
    link: item.online ? `https://meet.example.com/${slug(item.title)}` : null,
    start_at: iso(start),
    end_at: iso(end),
    registration_deadline: isoDay(start - r.int(2, 10) * DAY),
    capacity: item.capacity,
    access_scope: accessScope(item.owner, r),
    grading_type: item.grading,
    tags: JSON.stringify(item.tags),
    // what an event teaches is what its topics name: learners with those skills see it suggested
    skills: JSON.stringify(item.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, item.owner),
    created_by: createdBy(ctx, r, item.owner),
    ...stamps(ctx, r, start - 10 * DAY),
  };
}

export function jobRow(
  ctx: SeedContext,
  r: Random,
  item: data.JobSeed,
  index: number,
  city: City = item.city,
): NewRow<"job_opportunities"> {
  const deadline = spreadDay(ctx, r, DEADLINE_SPREAD, index);
  const [min, max] = item.salary;
  return {
    title: item.title,
    job_type: item.type,
    description:
      paragraphs(item.summary) +
      `<ul><li>Openings: ${item.openings}</li><li>Salary: ${npr(min)} – ${npr(max)} per month</li></ul>`,
    company_name: item.company,
    location_text: ensure(data.CITIES[city], `city ${city}`).label,
    ...ensure(ctx.cities[city], `city ${city}`),
    salary_min: min,
    salary_max: max,
    openings: item.openings,
    deadline: isoDay(deadline),
    hiring_source: item.source,
    access_scope: accessScope(item.owner, r),
    skills: JSON.stringify(item.skills),
    tags: JSON.stringify(item.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, item.owner),
    created_by: createdBy(ctx, r, item.owner),
    ...stamps(ctx, r, deadline - 21 * DAY),
  };
}

export function externalProgramRow(
  ctx: SeedContext,
  r: Random,
  item: data.ExternalProgramSeed,
  index: number,
): NewRow<"external_programs"> {
  const start = spreadDay(ctx, r, DATE_SPREAD, index + 3);
  return {
    title: item.title,
    organizer: item.organizer,
    description: paragraphs(item.summary, item.fee > 0 ? `Fee: ${npr(item.fee)}.` : "Free of charge."),
    delivery_mode: item.online ? 1 : 0,
    start_date: isoDay(start),
    end_date: isoDay(start + item.weeks * 7 * DAY),
    fee: item.fee,
    url: `${siteOf(item.owner)}/programs/${slug(item.title)}`,
    tags: JSON.stringify(item.tags),
    publish_status: publishStatus(index),
    ...ownerColumns(ctx, item.owner),
    created_by: createdBy(ctx, r, item.owner),
    ...stamps(ctx, r, start - 20 * DAY),
  };
}

/* Learners. */

export type LearnerKind = "kmc" | "himal" | "independent";

const LEARNER_ROLE = { kmc: ROLES.STUDENT, himal: ROLES.EMPLOYEE, independent: ROLES.LEARNER } as const;
const LEARNER_DOMAIN = {
  kmc: "students.kmc.example.com",
  himal: "employees.himal.example.com",
  independent: "learners.example.com",
} as const;
const PREFERENCE_TAGS = data.TAGS.filter((tag) => tag.category !== "Skill").map((tag) => tag.name);

/**
 * One learner account; `n` makes the e-mail unique. Students are in the year their enrolment date
 * gives; employees have been with the company one to four years.
 */
export function learnerRow(
  ctx: SeedContext,
  r: Random,
  kind: LearnerKind,
  n: number,
  passwordHash: string,
): NewRow<"users"> {
  const first = r.pick(data.FIRST_NAMES);
  const last = r.pick(data.LAST_NAMES);
  const handle = `${first}.${last}`.toLowerCase();
  const created = ctx.ref - r.int(3, 1450) * DAY - r.int(0, DAY / 1000) * 1000;
  const place = r.pick(ensure(ctx.districts.get(r.pick(data.LEARNER_DISTRICTS[kind])), "learner district"));
  let program: number | null = null;
  let year: number | null = null;
  if (kind === "kmc") {
    program = r.pick(ctx.programs.kmc.filter((p) => p.kind === "program")).id;
    year = Math.min(4, Math.floor((ctx.ref - created) / (365 * DAY)) + 1);
  } else if (kind === "himal") {
    const pool = ctx.programs.himal.filter((p) => p.kind === (r.chance(0.8) ? "department" : "program"));
    program = r.pick(pool.length > 0 ? pool : ctx.programs.himal).id;
    year = r.int(1, 4);
  }
  const slugName = `${first}-${last}-${n}`.toLowerCase();
  return {
    email: `${handle}.${n}@${LEARNER_DOMAIN[kind]}`,
    password_hash: passwordHash,
    full_name: `${first} ${last}`,
    phone: `+977-98${String(r.int(0, 99_999_999)).padStart(8, "0")}`,
    role: LEARNER_ROLE[kind],
    institution_id: kind === "independent" ? null : ctx.institutions[kind],
    recruiter_id: null,
    permissions: "[]",
    status: r.chance(0.07) ? "disabled" : "active",
    email_verified_at: iso(created + r.int(2, 180) * 60_000),
    token_version: 0,
    deleted_at: null,
    deleted_by: null,
    delete_reason: null,
    program_department_id: program,
    year,
    skills: JSON.stringify(r.sample(data.SKILLS, r.int(2, 5))),
    preferences: JSON.stringify(r.sample(PREFERENCE_TAGS, r.int(1, 3))),
    linkedin_url: r.chance(0.85) ? `https://www.linkedin.com/in/${slugName}` : null,
    website: r.chance(0.25) ? `https://portfolio.example.com/${slugName}` : null,
    ...place,
    created_at: iso(created),
    updated_at: iso(Math.min(created + r.int(0, 200) * DAY, ctx.ref)),
  };
}

/** The demo learners: ~40 students at kmc, ~25 employees at himal, a few independent learners, some deleted. */
export function planLearners(ctx: SeedContext, passwordHash: string): NewRow<"users">[] {
  const r = random("learners");
  const groups: [LearnerKind, number, number][] = [
    ["kmc", 40, 2],
    ["himal", 25, 1],
    ["independent", 6, 1],
  ];
  const rows: NewRow<"users">[] = [];
  let n = 0;
  let deletedCount = 0;
  for (const [kind, active, deleted] of groups) {
    for (let i = 0; i < active + deleted; i++) {
      const row = learnerRow(ctx, r, kind, ++n, passwordHash);
      if (i >= active) {
        const deletedAt = Math.min(Date.parse(String(row.created_at)) + r.int(30, 400) * DAY, ctx.ref - DAY);
        row.deleted_at = iso(deletedAt);
        row.updated_at = row.deleted_at;
        row.deleted_by = ctx.superadminId;
        row.delete_reason = data.DELETE_REASONS[deletedCount++ % data.DELETE_REASONS.length] ?? null;
      }
      rows.push(row);
    }
  }
  return rows;
}

/* The whole plan (pure: the same context gives the same rows). */

type PlannedTable =
  | "courses"
  | "scholarships"
  | "career_roadmaps"
  | "self_assessments"
  | "learning_events"
  | "job_opportunities"
  | "external_programs"
  | "global_partners"
  | "tags"
  | "testimonials"
  | "tutorials";

type CataloguePlan = { [Table in PlannedTable]: NewRow<Table>[] };

function build<T extends { owner: Owner }, Row>(
  ctx: SeedContext,
  label: string,
  items: readonly T[],
  row: (ctx: SeedContext, r: Random, item: T, index: number) => Row,
): Row[] {
  const r = random(label);
  const indexes = ownerIndexes(items);
  return items.map((item, i) => row(ctx, r, item, indexes[i] ?? i));
}

const PARTNER_COLORS = ["#0E5E9C", "#1B7F5C", "#8E3B46", "#3A3F58", "#D1495B", "#00798C", "#6A4C93", "#EDAE49"];

export function planCatalogue(ctx: SeedContext, logos = new DemoLogos()): CataloguePlan {
  const r = random("reference");
  const createdLongAgo = () => stamps(ctx, r, ctx.ref - r.int(200, 1300) * DAY);
  return {
    courses: build(ctx, "courses", data.COURSES, courseRow),
    scholarships: build(ctx, "scholarships", data.SCHOLARSHIPS, scholarshipRow),
    career_roadmaps: build(ctx, "career_roadmaps", data.ROADMAPS, roadmapRow),
    self_assessments: build(ctx, "self_assessments", data.ASSESSMENTS, assessmentRow),
    learning_events: build(ctx, "learning_events", data.EVENTS, eventRow),
    job_opportunities: build(ctx, "job_opportunities", data.JOBS, jobRow),
    external_programs: build(ctx, "external_programs", data.EXTERNAL_PROGRAMS, externalProgramRow),
    global_partners: data.GLOBAL_PARTNERS.map((partner, i) => ({
      name: partner.name,
      country: partner.country,
      partnership_type: partner.type,
      website: partner.website,
      logo: logos.url(
        partner.name
          .split(" ")
          .map((word) => word[0])
          .join("")
          .slice(0, 3),
        PARTNER_COLORS[i % PARTNER_COLORS.length] ?? "#3A3F58",
        "#F5B700",
      ),
      description: paragraphs(partner.summary),
      publish_status: partner.published ? 1 : 0,
      ...createdLongAgo(),
    })),
    tags: data.TAGS.map((tag) => ({
      name: tag.name,
      category: tag.category,
      description: tag.description,
      ...createdLongAgo(),
    })),
    testimonials: data.TESTIMONIALS.map((item) => ({
      author_name: item.author,
      designation: item.designation,
      organization: item.organization,
      quote: item.quote,
      photo: null,
      rating: item.rating,
      publish_status: item.published ? 1 : 0,
      ...stamps(ctx, r, ctx.ref - r.int(0, 900) * DAY),
    })),
    // no video addresses: they are not known, so provider staff set them
    tutorials: data.TUTORIALS.map((item, index) => ({
      title_en: item.title_en,
      title_np: item.title_np,
      description_en: item.description_en,
      description_np: item.description_np,
      video_url: null,
      roles: JSON.stringify(item.roles),
      topic: item.topic,
      sort_order: (index + 1) * 10,
      ...createdLongAgo(),
    })),
  };
}

/** Inserts rows in chunks (one statement per chunk keeps SQLite's and PostgreSQL's parameter limits far away). */
export async function insertRows<Table extends TableName>(
  db: Kysely<Database>,
  table: Table,
  rows: readonly NewRow<Table>[],
  chunk = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .execute();
  }
}

/** Inserts one table of the plan; generic so that each table's rows keep their own row type. */
async function insertPlanned<Table extends PlannedTable>(
  db: Kysely<Database>,
  plan: CataloguePlan,
  table: Table,
): Promise<number> {
  const rows: readonly NewRow<Table>[] = plan[table];
  await insertRows(db, table, rows);
  return rows.length;
}

/** Recruiter companies beyond Everest: approved partners, pending requests and one rejected request. */
async function seedRecruiters(db: Kysely<Database>, ref: number, logos: DemoLogos): Promise<number> {
  const rows = data.RECRUITERS.map((item, i): NewRow<"recruiters"> => {
    const created = ref - item.ageDays * DAY - (i + 1) * 37 * 60_000;
    return {
      name: item.name,
      status: item.status,
      email: item.email,
      phone: item.phone,
      website: item.website,
      logo:
        item.status === "approved"
          ? logos.url(
              item.name
                .split(" ")
                .map((word) => word[0])
                .join("")
                .slice(0, 2),
              PARTNER_COLORS[(i + 3) % PARTNER_COLORS.length] ?? "#3A3F58",
              "#FFFFFF",
            )
          : null,
      address: item.address,
      contact_persons: JSON.stringify(item.contacts),
      reject_reason: item.rejectReason ?? null,
      created_at: iso(created),
      updated_at: iso(item.status === "pending" ? created : created + 3 * DAY),
    };
  });
  await insertRows(db, "recruiters", rows);
  return rows.length;
}

/**
 * Seeds the catalogue and learners around the demo tenants and accounts (which must exist),
 * inside the caller's transaction. `reference` anchors every date. Returns the rows added per table;
 * the logos the rows show are gathered in `logos`, for the caller to store.
 */
export async function seedCatalogue(
  db: Kysely<Database>,
  reference: Date | string | number,
  passwordHashCost: number,
  logos: DemoLogos,
): Promise<Record<string, number>> {
  const ctx = await loadContext(db, reference);
  const counts: Record<string, number> = {};

  counts.recruiters = await seedRecruiters(db, ctx.ref, logos);
  const recruiterIds = new Map(
    (await db.selectFrom("recruiters").select(["id", "name"]).execute()).map((row) => [row.name, row.id]),
  );

  const partnerships = data.PARTNERSHIPS.map((item): NewRow<"institution_recruiters"> => {
    const created = ctx.ref - item.ageDays * DAY;
    return {
      institution_id: ctx.institutions[item.institution],
      recruiter_id: ensure(recruiterIds.get(item.recruiter), `recruiter company ${item.recruiter}`),
      status: item.status,
      note: item.note,
      created_at: iso(created),
      updated_at: iso(item.status === "active" ? created : created + 120 * DAY),
    };
  });
  await insertRows(db, "institution_recruiters", partnerships);
  counts.institution_recruiters = partnerships.length;

  const plan = planCatalogue(ctx, logos);
  for (const table of Object.keys(plan) as PlannedTable[]) counts[table] = await insertPlanned(db, plan, table);

  // One hash for every seeded learner: nobody knows the password, so these accounts sign in only after a reset.
  const hash = await hashPassword(randomBytes(32).toString("base64url"), passwordHashCost);
  const learners = planLearners(ctx, hash);
  await insertRows(db, "users", learners);
  counts.users = learners.length;

  const r = random("download_logs");
  const downloads = data.DOWNLOADS.flatMap((item): NewRow<"download_logs">[] => {
    const userId = ctx.accounts.get(item.account);
    if (userId === undefined) return [];
    return [
      {
        user_id: userId,
        resource: item.resource,
        filters: JSON.stringify(item.filters),
        row_count: r.int(3, 60),
        created_at: iso(ctx.ref - item.ageDays * DAY - r.int(0, 36_000) * 1000),
      },
    ];
  });
  await insertRows(db, "download_logs", downloads);
  counts.download_logs = downloads.length;
  return counts;
}
