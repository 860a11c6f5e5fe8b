import {
  EVENT_TYPES,
  GRADING_TYPES,
  HELP_TOPICS,
  HIRING_SOURCES,
  JOB_TYPES,
  PARTNERSHIP_STATUSES,
  PROGRAMME_CATEGORIES,
  REVIEW_POLICIES,
  ROLE_KINDS,
} from "@csc/shared";
import { type Static, type TProperties, Type } from "typebox";
import { Contact } from "./demo-data.js";
import { loadSeedFile, strictObject } from "./seed-files.js";

/**
 * The demo catalogue, learners and activity around the tenants of seeds/demo.json.
 * Only the words live in seeds/catalogue/*.json; catalogue.ts turns them into rows with ids and
 * dates derived from the seed's reference date, so the same reference always gives the same rows.
 * Each file is checked against its schema here, when the seed code is first imported.
 */

const OWNERS = ["provider", "kmc", "himal", "recruiter"] as const;
const TIMINGS = ["past", "ongoing", "upcoming"] as const;

/** Who owns a catalogue row: the provider (no tenant), a demo institution or the demo recruiter company. */
export type Owner = (typeof OWNERS)[number];
/** When an event runs relative to the reference date. */
export type Timing = (typeof TIMINGS)[number];

const Owner = Type.Enum(OWNERS);
const Names = Type.Array(Type.String({ minLength: 1 }), { minItems: 1 });
const Count = Type.Integer({ minimum: 0 });

/** What every catalogue item has: who owns it, its title and its tag names. */
const catalogueItem = <Properties extends TProperties>(properties: Properties) =>
  Type.Array(strictObject({ owner: Owner, title: Type.String({ minLength: 1 }), ...properties, tags: Names }));

/* People and places ------------------------------------------------------------------------------ */

const People = strictObject({
  firstNames: Names,
  lastNames: Names,
  /** Learners' skills: short labels a CV would list. */
  skills: Names,
  /** Where the demo learners live: mostly the Kathmandu valley for kmc, the Pokhara area for himal. */
  learnerDistricts: strictObject({ kmc: Names, himal: Names, independent: Names }),
  deleteReasons: Names,
});
const people = loadSeedFile("catalogue/people.json", People);
export const FIRST_NAMES = people.firstNames;
export const LAST_NAMES = people.lastNames;
export const SKILLS = people.skills;
export const LEARNER_DISTRICTS = people.learnerDistricts;
export const DELETE_REASONS = people.deleteReasons;

/** Cities the catalogue refers to: district and local level (as seeded by nepal.ts), keyed by a short name. */
const Cities = Type.Record(
  Type.String(),
  strictObject({ district: Type.String(), municipality: Type.String(), label: Type.String() }),
);
export const CITIES = loadSeedFile("catalogue/cities.json", Cities);
/** A key of seeds/catalogue/cities.json (job opportunities are checked against them below). */
export type City = string;

/* Recruiter companies and partnerships --------------------------------------------------------- */

const Recruiters = strictObject({
  recruiters: Type.Array(
    strictObject({
      name: Type.String(),
      status: Type.Enum(["approved", "pending", "rejected"]),
      email: Type.String(),
      phone: Type.String(),
      website: Type.Union([Type.String(), Type.Null()]),
      address: Type.String(),
      contacts: Type.Array(Contact),
      rejectReason: Type.Optional(Type.String()),
      /** Days before the reference date the company registered or sent its request. */
      ageDays: Count,
    }),
  ),
  /** Recruiter companies each demo institution works with (Everest Recruiters is the seeds/demo.json one). */
  partnerships: Type.Array(
    strictObject({
      institution: Type.Enum(["kmc", "himal"]),
      recruiter: Type.String(),
      status: Type.Enum(PARTNERSHIP_STATUSES),
      note: Type.String(),
      ageDays: Count,
    }),
  ),
});
const recruiters = loadSeedFile("catalogue/recruiters.json", Recruiters);
export const RECRUITERS = recruiters.recruiters;
export const PARTNERSHIPS = recruiters.partnerships;

/* Reference lists ------------------------------------------------------------------------------ */

export const TAGS = loadSeedFile(
  "catalogue/tags.json",
  Type.Array(
    strictObject({
      name: Type.String(),
      category: Type.Enum(["Skill", "Industry", "Interest"]),
      description: Type.String(),
    }),
  ),
);

export const GLOBAL_PARTNERS = loadSeedFile(
  "catalogue/global-partners.json",
  Type.Array(
    strictObject({
      name: Type.String(),
      /** ISO 3166-1 alpha-2 code. */
      country: Type.String({ pattern: "^[A-Z]{2}$" }),
      type: Type.String(),
      website: Type.String(),
      summary: Type.String(),
      published: Type.Boolean(),
    }),
  ),
);

export const TESTIMONIALS = loadSeedFile(
  "catalogue/testimonials.json",
  Type.Array(
    strictObject({
      author: Type.String(),
      designation: Type.String(),
      organization: Type.String(),
      quote: Type.String(),
      rating: Type.Integer({ minimum: 1, maximum: 5 }),
      published: Type.Boolean(),
    }),
  ),
);

/** Embedded tutorial videos, in both languages; provider staff add the video addresses. */
export const TUTORIALS = loadSeedFile(
  "catalogue/tutorials.json",
  Type.Array(
    strictObject({
      title_en: Type.String({ minLength: 1 }),
      title_np: Type.String({ minLength: 1 }),
      description_en: Type.String({ minLength: 1 }),
      description_np: Type.String({ minLength: 1 }),
      roles: Type.Array(Type.Enum([...ROLE_KINDS]), { minItems: 1 }),
      topic: Type.Enum([...HELP_TOPICS]),
    }),
  ),
);

/* Catalogue ------------------------------------------------------------------------------------ */

const Courses = catalogueItem({
  category: Type.Enum(PROGRAMME_CATEGORIES),
  summary: Type.String(),
  online: Type.Boolean(),
  hours: Count,
  grading: Type.Enum(GRADING_TYPES),
  weeks: Count,
});
export type CourseSeed = Static<typeof Courses>[number];
export const COURSES = loadSeedFile("catalogue/courses.json", Courses);

const Scholarships = catalogueItem({
  provider: Type.String(),
  country: Type.String({ pattern: "^[A-Z]{2}$" }),
  amount: Count,
  summary: Type.String(),
  eligibility: Type.String(),
});
export type ScholarshipSeed = Static<typeof Scholarships>[number];
export const SCHOLARSHIPS = loadSeedFile("catalogue/scholarships.json", Scholarships);

const Roadmaps = catalogueItem({
  role: Type.String(),
  summary: Type.String(),
  months: Count,
  skills: Names,
  steps: Names,
});
export type RoadmapSeed = Static<typeof Roadmaps>[number];
export const ROADMAPS = loadSeedFile("catalogue/career-roadmaps.json", Roadmaps);

const Assessments = catalogueItem({
  category: Type.String(),
  summary: Type.String(),
  minutes: Count,
  grading: Type.Enum(GRADING_TYPES),
  passMark: Count,
  questions: Type.Array(strictObject({ question: Type.String(), options: Names, answer: Type.String() })),
  /** Attempts allowed and when the key is shown, where the assessment differs from the defaults. */
  maxAttempts: Type.Optional(Count),
  review: Type.Optional(Type.Enum(REVIEW_POLICIES)),
});
export type AssessmentSeed = Static<typeof Assessments>[number];
export const ASSESSMENTS = loadSeedFile("catalogue/self-assessments.json", Assessments);

const Events = catalogueItem({
  type: Type.Enum(EVENT_TYPES),
  summary: Type.String(),
  online: Type.Boolean(),
  venue: Type.Union([Type.String(), Type.Null()]),
  capacity: Count,
  timing: Type.Enum(TIMINGS),
  /** How its applicants are graded (the pipeline records a letter, a percentage or neither). */
  grading: Type.Enum(GRADING_TYPES),
});
export type EventSeed = Static<typeof Events>[number];
export const EVENTS = loadSeedFile("catalogue/learning-events.json", Events);

const Jobs = catalogueItem({
  type: Type.Enum(JOB_TYPES),
  company: Type.String(),
  /** A key of seeds/catalogue/cities.json. */
  city: Type.String(),
  summary: Type.String(),
  salary: Type.Tuple([Count, Count]),
  openings: Count,
  source: Type.Enum(HIRING_SOURCES),
  skills: Names,
});
export type JobSeed = Static<typeof Jobs>[number];
export const JOBS = loadSeedFile("catalogue/job-opportunities.json", Jobs);
// a schema sees one file: that a job's city is one of cities.json is checked here, before any row is built
for (const job of JOBS) {
  if (!Object.hasOwn(CITIES, job.city)) {
    throw new Error(`Seed file seeds/catalogue/job-opportunities.json: "${job.title}" has unknown city "${job.city}"`);
  }
}

const ExternalPrograms = catalogueItem({
  organizer: Type.String(),
  summary: Type.String(),
  online: Type.Boolean(),
  fee: Count,
  weeks: Count,
});
export type ExternalProgramSeed = Static<typeof ExternalPrograms>[number];
export const EXTERNAL_PROGRAMS = loadSeedFile("catalogue/external-programs.json", ExternalPrograms);

/* Authors and export history -------------------------------------------------------------------- */

const Author = strictObject({ emails: Names, entity: Type.String() });
const Activity = strictObject({
  /** Accounts of seeds/demo.json that author each owner's rows (`created_by`). */
  authors: strictObject({ provider: Author, kmc: Author, himal: Author, recruiter: Author }),
  downloads: Type.Array(
    strictObject({
      account: Type.String(),
      resource: Type.String(),
      filters: Type.Record(Type.String(), Type.String()),
      ageDays: Count,
    }),
  ),
});
const activity = loadSeedFile("catalogue/activity.json", Activity);
export const AUTHORS = activity.authors;
export const DOWNLOADS = activity.downloads;
