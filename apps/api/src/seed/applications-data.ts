import {
  ATTENDANCE_VALUES,
  firstStageOf,
  LEARNER_ROLES,
  LETTER_GRADES,
  POSTING_TYPES,
  type PostingType,
  stagesFor,
} from "@csc/shared";
import { type Static, Type } from "typebox";
import { EVENTS, JOBS, SCHOLARSHIPS } from "./catalogue-data.js";
import { ACCOUNTS } from "./demo-data.js";
import { loadSeedFile, strictObject } from "./seed-files.js";

/**
 * How the demo's applicants spread over the stages of each posting type, with
 * the notes the staff wrote, from seeds/catalogue/applications.json. Checked here when the seed code
 * is first imported: a stage of the wrong variant or a showcase posting that does not exist stops the
 * seed with the file's name, before any row is built.
 */

const FILE = "seeds/catalogue/applications.json";
const Share = Type.Number({ minimum: 0, maximum: 1 });
const Range = strictObject({ min: Type.Number({ minimum: 0 }), max: Type.Number({ minimum: 0 }) });
/** Relative weights of the stages a posting's applicants end up in, by stage name. */
const Weights = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));

/** Where an application in a stage has been, and what the staff recorded on the way. */
const StageSeed = strictObject({
  /** The stages it went through between the first one and this one, in order. */
  path: Type.Array(Type.String()),
  attendance: Type.Enum(ATTENDANCE_VALUES),
  /** Events only: `pass` (a passing grade or percentage, complete, certificate), `fail`, `absent`, or nothing recorded. */
  result: Type.Enum(["pass", "fail", "absent", "none"]),
  /** What the staff wrote with the change into this stage; none when empty. */
  notes: Type.Array(Type.String({ minLength: 1 })),
});
export type StageSeed = Static<typeof StageSeed>;

const Variant = strictObject({
  /** Stage weights by the posting's state: open/closed, or upcoming/ongoing/past for an event. */
  timings: Type.Record(Type.String(), Weights),
  stages: Type.Record(Type.String(), StageSeed),
});

const Applications = strictObject({
  /** How many demo learners apply to one published posting (a draft gets `draftShare` of it). */
  applicantsPerPosting: strictObject({ "learning-event": Range, "job-opportunity": Range, scholarship: Range }),
  draftShare: Share,
  /** Share of applications still in their first stage that the applicant withdrew. */
  withdrawnShare: Share,
  /** Share of applicants who applied in Nepali (their stage-change mails are in it). */
  nepaliShare: Share,
  applyNoteShare: Share,
  applyNotes: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  /** Share of stage changes that carry one of the stage's notes. */
  stageNoteShare: Share,
  grades: strictObject({
    pass: Type.Array(Type.Enum(LETTER_GRADES), { minItems: 1 }),
    fail: Type.Array(Type.Enum(LETTER_GRADES), { minItems: 1 }),
  }),
  percentages: strictObject({ pass: Range, fail: Range }),
  variants: strictObject({ "learning-event": Variant, "job-opportunity": Variant, scholarship: Variant }),
  /** The demo learner accounts' own applications, so their screens show each kind of outcome. */
  showcase: Type.Array(
    strictObject({
      account: Type.String(),
      posting: Type.Enum(POSTING_TYPES),
      title: Type.String(),
      stage: Type.String(),
      withdrawn: Type.Optional(Type.Boolean()),
    }),
  ),
});
export type ApplicationsSeed = Static<typeof Applications>;

/** The state of a posting that decides how far its applicants have come. */
export const TIMINGS: Record<PostingType, readonly string[]> = {
  "learning-event": ["upcoming", "ongoing", "past"],
  "job-opportunity": ["open", "closed"],
  scholarship: ["open", "closed"],
};

const TITLES: Record<PostingType, readonly { title: string }[]> = {
  "learning-event": EVENTS,
  "job-opportunity": JOBS,
  scholarship: SCHOLARSHIPS,
};

/** What a schema cannot see: stages of the posting type's own variant, showcase rows that exist. */
export function checkApplicationsSeed(seed: ApplicationsSeed): ApplicationsSeed {
  const fail = (what: string) => {
    throw new Error(`Seed file ${FILE}: ${what}`);
  };
  for (const type of POSTING_TYPES) {
    const variant = seed.variants[type];
    const valid = stagesFor(type);
    for (const stage of valid) if (!variant.stages[stage]) fail(`${type} has no entry for the stage "${stage}"`);
    for (const [stage, spec] of Object.entries(variant.stages)) {
      if (!valid.includes(stage as never)) fail(`${type}: "${stage}" is not one of its stages`);
      for (const step of spec.path) {
        if (!valid.includes(step as never) || step === firstStageOf(type)) fail(`${type}: "${stage}" passes "${step}"`);
      }
    }
    for (const timing of TIMINGS[type]) if (!variant.timings[timing]) fail(`${type} has no weights for "${timing}"`);
    for (const [timing, weights] of Object.entries(variant.timings)) {
      if (!TIMINGS[type].includes(timing)) fail(`${type}: unknown timing "${timing}"`);
      for (const stage of Object.keys(weights)) if (!variant.stages[stage]) fail(`${type} ${timing}: "${stage}"?`);
    }
    const { min, max } = seed.applicantsPerPosting[type];
    if (min > max) fail(`${type}: applicantsPerPosting min is above max`);
  }
  const learners = new Set(ACCOUNTS.filter((a) => LEARNER_ROLES.includes(a.role)).map((a) => a.email));
  for (const item of seed.showcase) {
    if (!learners.has(item.account)) fail(`showcase: ${item.account} is not a demo learner account`);
    if (!TITLES[item.posting].some((posting) => posting.title === item.title)) {
      fail(`showcase: no ${item.posting} "${item.title}"`);
    }
    if (!seed.variants[item.posting].stages[item.stage]) fail(`showcase: "${item.stage}" is no ${item.posting} stage`);
    if (item.withdrawn && item.stage !== firstStageOf(item.posting)) fail(`showcase: only an undecided one withdraws`);
  }
  return seed;
}

export const APPLICATIONS = checkApplicationsSeed(loadSeedFile("catalogue/applications.json", Applications));
