import { FEATURE_KEYS, FEATURE_LABELS, type FeatureKey } from "./features.js";
import { IMPORT_RESOURCES } from "./imports.js";
import { MENU_NAMES } from "./menu.js";
import type { ResourceName } from "./registry/names.js";
import { ENROLMENT_ITEMS } from "./resources/enrolments.js";
import { isResourceName, RESOURCES } from "./resources/index.js";
import {
  ACCOUNT_TYPES,
  type AccountType,
  INSTITUTION_TYPES,
  type InstitutionType,
  ROLE_KINDS,
  type RoleKind,
} from "./roles.js";

/**
 * The enums. Each is a const array of values, a union type and an options list for
 * selects and tags. Labels are en-US; the admin translates `labelKey` in the `enums` namespace,
 * whose files (locales/<lng>/enums.json) are shaped `{ "<enumName>": { "<value>": "label" } }`.
 */

type EnumValue = string | number | boolean;

export interface EnumOption<V extends EnumValue = EnumValue> {
  readonly value: V;
  /** en-US text. */
  readonly label: string;
  /** i18next key, `enums:<enumName>.<value>`. */
  readonly labelKey: string;
}

const ENUMS_NAMESPACE = "enums";

export const enumLabelKey = (enumName: string, value: EnumValue): string =>
  `${ENUMS_NAMESPACE}:${enumName}.${String(value)}`;

/** Builds an enum's options; `labels` must name every value, so a new value cannot ship unlabelled. */
export function defineEnum<const V extends EnumValue>(
  enumName: string,
  values: readonly V[],
  labels: Readonly<Record<`${V}`, string>>,
): readonly EnumOption<V>[] {
  return Object.freeze(
    values.map((value) =>
      Object.freeze({ value, label: labels[`${value}` as `${V}`], labelKey: enumLabelKey(enumName, value) }),
    ),
  );
}

/** `{ "<value>": "label" }`, the shape of one enum in locales/<lng>/enums.json. */
export const labelsOf = (options: readonly EnumOption[]): Record<string, string> =>
  Object.fromEntries(options.map((option) => [String(option.value), option.label]));

/** Narrows an unknown input (a query param, a request body field) to one of an enum's values. */
export function isEnumValue<const V extends EnumValue>(values: readonly V[], value: unknown): value is V {
  return (values as readonly unknown[]).includes(value);
}

/** The en-US label of a value, or undefined when the value is not one of the enum's. */
export function enumLabel<V extends EnumValue>(options: readonly EnumOption<V>[], value: unknown): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

export const EVENT_TYPES = [
  "training",
  "session",
  "guest_lecture",
  "workshop",
  "course",
  "exam",
  "event",
  "others",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
const EVENT_TYPE_OPTIONS = defineEnum("eventType", EVENT_TYPES, {
  training: "Training",
  session: "Session",
  guest_lecture: "Guest Lecture",
  workshop: "Workshop",
  course: "Course",
  exam: "Exam",
  event: "Event",
  others: "Others",
});

export const JOB_TYPES = ["full_time", "part_time", "internship", "remote", "hybrid", "trainee", "contract"] as const;
export type JobType = (typeof JOB_TYPES)[number];
const JOB_TYPE_OPTIONS = defineEnum("jobType", JOB_TYPES, {
  full_time: "Full Time",
  part_time: "Part Time",
  internship: "Internship",
  remote: "Remote",
  hybrid: "Hybrid",
  trainee: "Trainee",
  contract: "Contract",
});

/** Delivery mode is stored as a flag: online is true, offline is false. */
export const DELIVERY_MODE = { online: true, offline: false } as const;
const DELIVERY_MODES = [DELIVERY_MODE.online, DELIVERY_MODE.offline] as const;
export const DELIVERY_MODE_OPTIONS = defineEnum("deliveryMode", DELIVERY_MODES, {
  true: "Online",
  false: "Offline",
});

const ACCESS_SCOPES = ["default", "local", "all"] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];
const ACCESS_SCOPE_OPTIONS = defineEnum("accessScope", ACCESS_SCOPES, {
  default: "Default",
  local: "Local",
  all: "All",
});

export const GRADING_TYPES = ["grade", "percentage", "no_grades"] as const;
export type GradingType = (typeof GRADING_TYPES)[number];
const GRADING_TYPE_OPTIONS = defineEnum("gradingType", GRADING_TYPES, {
  grade: "Grade",
  percentage: "Percentage",
  no_grades: "No Grades",
});

/**
 * When a learner sees the right answers of their self-assessment attempts: after each attempt,
 * once they have used the last attempt allowed (never, when attempts are unlimited), or never.
 */
export const REVIEW_POLICIES = ["after_each", "after_last", "never"] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];
const REVIEW_POLICY_OPTIONS = defineEnum("reviewPolicy", REVIEW_POLICIES, {
  after_each: "After each attempt",
  after_last: "After the last attempt",
  never: "Never",
});

export const COMPLETION_STATUSES = ["complete", "in_complete"] as const;
export const COMPLETION_STATUS_OPTIONS = defineEnum("completionStatus", COMPLETION_STATUSES, {
  complete: "Complete",
  in_complete: "Incomplete",
});

export const LETTER_GRADES = ["A+", "A", "B+", "B", "C+", "C", "D+", "D", "F"] as const;
export const LETTER_GRADE_OPTIONS = defineEnum("letterGrade", LETTER_GRADES, {
  "A+": "A+",
  A: "A",
  "B+": "B+",
  B: "B",
  "C+": "C+",
  C: "C",
  "D+": "D+",
  D: "D",
  F: "F",
});

export const HIRING_SOURCES = ["internally", "externally"] as const;
export type HiringSource = (typeof HIRING_SOURCES)[number];
const HIRING_SOURCE_OPTIONS = defineEnum("hiringSource", HIRING_SOURCES, {
  internally: "Internally",
  externally: "Externally",
});

const REGISTRATION_FILTERS = ["registered", "not_registered", "skill_lab"] as const;
export type RegistrationFilter = (typeof REGISTRATION_FILTERS)[number];
export const REGISTRATION_FILTER_OPTIONS = defineEnum("registrationFilter", REGISTRATION_FILTERS, {
  registered: "Registered",
  not_registered: "Not Registered",
  skill_lab: "Skill Lab",
});

/** Where an applicant came from: the applicant table's "Applicant Type" column. */
const APPLICANT_ORIGINS = ["skill_lab", "college", "recruiter", "unknown"] as const;
export const APPLICANT_ORIGIN_OPTIONS = defineEnum("applicantOrigin", APPLICANT_ORIGINS, {
  skill_lab: "Skill Lab",
  college: "College",
  recruiter: "Recruiter",
  unknown: "N/A",
});

/** The `publish_status` flag: published is true. */
const PUBLISH_STATUSES = [true, false] as const;
export const PUBLISH_STATUS_OPTIONS = defineEnum("publishStatus", PUBLISH_STATUSES, {
  true: "Published",
  false: "Not Published",
});

/** Candidate status of an applicant in a learning event or opportunity pipeline. */
export const APPLICANT_STAGES = [
  "new_candidates",
  "waiting_for_confirmation",
  "did_not_receive_call",
  "cv_not_matched",
  "phone_screening_completed",
  "cv_submitted",
  "did_not_attend",
  "final_interview",
  "rejected_after_interview",
  "hired",
  "old_batch",
  "shortlisted",
  "screening_test_completed",
  "test",
  "spam",
] as const;
type ApplicantStage = (typeof APPLICANT_STAGES)[number];
export const APPLICANT_STAGE_OPTIONS = defineEnum("applicantStage", APPLICANT_STAGES, {
  new_candidates: "New Candidates",
  waiting_for_confirmation: "Waiting for Confirmation",
  did_not_receive_call: "Did Not Receive Call",
  cv_not_matched: "CV Not Matched",
  phone_screening_completed: "Phone Screening Completed",
  cv_submitted: "CV Submitted",
  did_not_attend: "Did Not Attend",
  final_interview: "Final Interview",
  rejected_after_interview: "Rejected",
  hired: "Hired",
  old_batch: "Old Batch",
  shortlisted: "Shortlisted",
  screening_test_completed: "Screening Test Completed",
  test: "Test",
  spam: "Spam",
});

export const LEARNER_STAGES = [
  "new_candidate",
  "shortlisted",
  "certified",
  "non_certified",
  "did_not_attend",
  "old_batch",
] as const;
type LearnerStage = (typeof LEARNER_STAGES)[number];
export const LEARNER_STAGE_OPTIONS = defineEnum("learnerStage", LEARNER_STAGES, {
  new_candidate: "New Candidate",
  shortlisted: "Shortlisted",
  certified: "Certified",
  non_certified: "Non-Certified",
  did_not_attend: "Did Not Attend",
  old_batch: "Old Batch",
});

/** What an application is for: one table for all three. */
export const POSTING_TYPES = ["learning-event", "job-opportunity", "scholarship"] as const;
export type PostingType = (typeof POSTING_TYPES)[number];
export const POSTING_TYPE_OPTIONS = defineEnum("postingType", POSTING_TYPES, {
  "learning-event": "Learning Event",
  "job-opportunity": "Internship/Job Opportunity",
  scholarship: "Scholarship",
});

/** What a learner enrols in (learner journey): one table of enrolments for all three. */
/** The kinds of enrolment: those the enrolments' module places (`ENROLMENT_ITEMS`, resources/enrolments.ts). */
export type EnrolmentItemType = keyof typeof ENROLMENT_ITEMS;
export const ENROLMENT_ITEM_TYPES = Object.freeze(Object.keys(ENROLMENT_ITEMS)) as readonly EnrolmentItemType[];
const ENROLMENT_ITEM_TYPE_OPTIONS = defineEnum("enrolmentItemType", ENROLMENT_ITEM_TYPES, {
  course: "Course",
  "enrichment-program": "Enrichment Program",
  "career-roadmap": "Career Roadmap",
});

/** Where a learner's skill was gained: an enrolment completed, or a learning event completed. */
export const SKILL_SOURCE_TYPES = [...ENROLMENT_ITEM_TYPES, "learning-event"] as const;
export type SkillSourceType = (typeof SKILL_SOURCE_TYPES)[number];
const SKILL_SOURCE_TYPE_OPTIONS = defineEnum("skillSourceType", SKILL_SOURCE_TYPES, {
  ...labelsOf(ENROLMENT_ITEM_TYPE_OPTIONS),
  "learning-event": "Learning Event",
} as Record<SkillSourceType, string>);

/** The `completed` filter of enrolments: completed ones, or those still under way. */
const COMPLETED_FILTERS = ["true", "false"] as const;
export type CompletedFilter = (typeof COMPLETED_FILTERS)[number];
const COMPLETED_FILTER_OPTIONS = defineEnum("completedFilter", COMPLETED_FILTERS, {
  true: "Completed",
  false: "In Progress",
});

/**
 * Every stage an application can be in, both variants together: what the applications' `stage`
 * field holds and the admin labels. Which of them fit one application is `stagesFor` its posting.
 */
export const APPLICATION_STAGES = [...new Set<ApplicantStage | LearnerStage>([...APPLICANT_STAGES, ...LEARNER_STAGES])];
export type ApplicationStage = ApplicantStage | LearnerStage;
export const APPLICATION_STAGE_OPTIONS = defineEnum(
  "applicationStage",
  APPLICATION_STAGES,
  // the same words as each variant's own labels ("Rejected" included), never a third wording
  { ...labelsOf(APPLICANT_STAGE_OPTIONS), ...labelsOf(LEARNER_STAGE_OPTIONS) } as Record<ApplicationStage, string>,
);

/** Job opportunities move through the candidate stages, learning events and scholarships the learner stages. */
export const stagesFor = (postingType: PostingType): readonly ApplicationStage[] =>
  postingType === "job-opportunity" ? APPLICANT_STAGES : LEARNER_STAGES;

/** Whether a stage belongs to the variant of this posting type (a bulk change refuses the other variant). */
export const stageFits = (postingType: PostingType, stage: unknown): stage is ApplicationStage =>
  isEnumValue(stagesFor(postingType), stage);

/** The stage a new application starts in: the first of its variant. */
export const firstStageOf = (postingType: PostingType): ApplicationStage =>
  stagesFor(postingType)[0] as ApplicationStage;

/** Attendance is stored as a number. */
export const ATTENDANCE = { present: 1, absent: 2, noStatus: 3 } as const;
export const ATTENDANCE_VALUES = [ATTENDANCE.present, ATTENDANCE.absent, ATTENDANCE.noStatus] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];
export const ATTENDANCE_OPTIONS = defineEnum("attendance", ATTENDANCE_VALUES, {
  1: "Present",
  2: "Absent",
  3: "No Status",
});

export const TIME_FILTERS = [
  "current",
  "expired",
  "upcoming",
  "ongoing",
  "suggested",
  "pending",
  "rejected",
  "all",
  "taken",
  "not-taken",
] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];
const TIME_FILTER_OPTIONS = defineEnum("timeFilter", TIME_FILTERS, {
  current: "Current",
  expired: "Expired",
  upcoming: "Upcoming",
  ongoing: "Ongoing",
  suggested: "Suggested",
  pending: "Pending",
  rejected: "Rejected",
  all: "All",
  taken: "Taken",
  "not-taken": "Not Taken",
});

export const LIST_SCOPES = ["all", "user-taken", "user-preference", "user-saved"] as const;
export type ListScope = (typeof LIST_SCOPES)[number];
export const LIST_SCOPE_OPTIONS = defineEnum("listScope", LIST_SCOPES, {
  all: "All",
  "user-taken": "Taken by Me",
  "user-preference": "My Preferences",
  "user-saved": "Saved",
});

/** Account types live in roles.ts; these are their select options. */
export const ACCOUNT_TYPE_OPTIONS = defineEnum<AccountType>("accountType", ACCOUNT_TYPES, {
  college: "College",
  company: "Company",
  recruiter: "Recruiter",
});

const INSTITUTION_TYPE_OPTIONS = defineEnum<InstitutionType>("institutionType", INSTITUTION_TYPES, {
  college: "College",
  company: "Company",
});

/** Year choices 1 to 50. Numbers need no translation: the admin formats them per locale. */
/* Record states and kinds used by the resources. */

const FEATURE_KEY_OPTIONS = defineEnum<FeatureKey>("featureKey", FEATURE_KEYS, FEATURE_LABELS);

const INSTITUTION_STATUSES = ["active", "inactive"] as const;
const INSTITUTION_STATUS_OPTIONS = defineEnum("institutionStatus", INSTITUTION_STATUSES, {
  active: "Active",
  inactive: "Inactive",
});

/** `pending`: registered on a site that approves who joins, waiting for its staff (join requests). */
const USER_STATUSES = ["active", "disabled", "pending"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
const USER_STATUS_OPTIONS = defineEnum("userStatus", USER_STATUSES, {
  active: "Active",
  disabled: "Disabled",
  pending: "Waiting for approval",
});

/**
 * Who may register on an institution's site: nobody (invitations and imports only), addresses of
 * its e-mail domains, or anyone, each waiting for its staff's approval (join-policy.ts).
 */
export const JOIN_POLICIES = ["closed", "domain", "approval"] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];
const JOIN_POLICY_OPTIONS = defineEnum("joinPolicy", JOIN_POLICIES, {
  closed: "Closed: invitation and import only",
  domain: "Addresses of our e-mail domains",
  approval: "Anyone, once approved by staff",
});

/**
 * How people sign in on an institution's site: with their password here, only through the
 * institution's own identity provider (OpenID Connect), or either (sso.ts).
 */
export const SSO_MODES = ["password", "sso", "both"] as const;
export type SsoMode = (typeof SSO_MODES)[number];
const SSO_MODE_OPTIONS = defineEnum("ssoMode", SSO_MODES, {
  password: "Password only",
  sso: "Single sign-on only",
  both: "Password or single sign-on",
});

/** The list an import loaded (imports.ts), as its record names it. */
const IMPORT_RESOURCE_OPTIONS = defineEnum("importResource", IMPORT_RESOURCES, {
  students: "Students",
  employees: "Employees",
});

/** A queued mail: waiting to be tried (again), or given up after its last try (mail-queue.ts). */
export const MAIL_QUEUE_STATES = ["waiting", "failed"] as const;
export type MailQueueState = (typeof MAIL_QUEUE_STATES)[number];
const MAIL_QUEUE_STATE_OPTIONS = defineEnum("mailQueueState", MAIL_QUEUE_STATES, {
  waiting: "Waiting",
  failed: "Failed",
});

const RECRUITER_STATUSES = ["pending", "approved", "rejected"] as const;
const RECRUITER_STATUS_OPTIONS = defineEnum("recruiterStatus", RECRUITER_STATUSES, {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
});

export const PARTNERSHIP_STATUSES = ["active", "paused", "ended"] as const;
export type PartnershipStatus = (typeof PARTNERSHIP_STATUSES)[number];
const PARTNERSHIP_STATUS_OPTIONS = defineEnum("partnershipStatus", PARTNERSHIP_STATUSES, {
  active: "Active",
  paused: "Paused",
  ended: "Ended",
});

/** Programme categories. */
export const PROGRAMME_CATEGORIES = ["learning_events", "job_placement", "self_paced_learning"] as const;
export type ProgrammeCategory = (typeof PROGRAMME_CATEGORIES)[number];
const PROGRAMME_CATEGORY_OPTIONS = defineEnum("programmeCategory", PROGRAMME_CATEGORIES, {
  learning_events: "Learning Events",
  job_placement: "Job Placement",
  self_paced_learning: "Self-Paced Learning",
});

const PROGRAM_DEPARTMENT_KINDS = ["program", "department"] as const;
const PROGRAM_DEPARTMENT_KIND_OPTIONS = defineEnum("programDepartmentKind", PROGRAM_DEPARTMENT_KINDS, {
  program: "Program",
  department: "Department",
});

/** Role kinds (roles.ts), for what is meant for some kinds of user only: the tutorials each sees. */
const ROLE_KIND_OPTIONS = defineEnum<RoleKind>("roleKind", ROLE_KINDS, {
  provider: "Provider staff",
  institution: "Institution staff",
  recruiter: "Recruiters",
  learner: "Learners",
});

/**
 * The screens help can be about: the dashboard, the profile, and every resource with a menu
 * entry (its module's `menu`), in the menu's order; a topic's en-US name is the module's
 * `helpLabel` or its menu label. So a new resource in the menu is a topic without an edit here.
 */
export type HelpTopic = "dashboard" | "profile" | ResourceName;
const HELP_TOPIC_RESOURCES = MENU_NAMES.filter(isResourceName)
  .map((name) => RESOURCES[name])
  .filter((resource) => resource.menu !== undefined);
export const HELP_TOPICS: readonly HelpTopic[] = Object.freeze([
  "dashboard",
  "profile",
  ...HELP_TOPIC_RESOURCES.map((resource) => resource.name),
]);
export const isHelpTopic = (value: unknown): value is HelpTopic => (HELP_TOPICS as readonly unknown[]).includes(value);
const HELP_TOPIC_OPTIONS = defineEnum<HelpTopic>("helpTopic", HELP_TOPICS, {
  dashboard: "Dashboard",
  profile: "Profile",
  ...Object.fromEntries(
    HELP_TOPIC_RESOURCES.map((resource) => [
      resource.name,
      resource.helpLabel ?? resource.menu?.label ?? resource.name,
    ]),
  ),
} as Record<HelpTopic, string>);

export const YEAR_CHOICES: readonly number[] = Object.freeze(Array.from({ length: 50 }, (_, index) => index + 1));
export const isYearChoice = (value: unknown): value is number => YEAR_CHOICES.includes(value as number);
export const YEAR_CHOICE_OPTIONS: readonly { readonly value: number; readonly label: string }[] = Object.freeze(
  YEAR_CHOICES.map((value) => Object.freeze({ value, label: String(value) })),
);

/** Every enum's options by the name used in its label keys (chart.ts adds `progressionSeries`). */
export const ENUM_OPTIONS = {
  eventType: EVENT_TYPE_OPTIONS,
  jobType: JOB_TYPE_OPTIONS,
  deliveryMode: DELIVERY_MODE_OPTIONS,
  accessScope: ACCESS_SCOPE_OPTIONS,
  gradingType: GRADING_TYPE_OPTIONS,
  reviewPolicy: REVIEW_POLICY_OPTIONS,
  completionStatus: COMPLETION_STATUS_OPTIONS,
  letterGrade: LETTER_GRADE_OPTIONS,
  hiringSource: HIRING_SOURCE_OPTIONS,
  registrationFilter: REGISTRATION_FILTER_OPTIONS,
  enrolmentItemType: ENROLMENT_ITEM_TYPE_OPTIONS,
  skillSourceType: SKILL_SOURCE_TYPE_OPTIONS,
  completedFilter: COMPLETED_FILTER_OPTIONS,
  applicantOrigin: APPLICANT_ORIGIN_OPTIONS,
  publishStatus: PUBLISH_STATUS_OPTIONS,
  applicantStage: APPLICANT_STAGE_OPTIONS,
  learnerStage: LEARNER_STAGE_OPTIONS,
  applicationStage: APPLICATION_STAGE_OPTIONS,
  postingType: POSTING_TYPE_OPTIONS,
  attendance: ATTENDANCE_OPTIONS,
  timeFilter: TIME_FILTER_OPTIONS,
  listScope: LIST_SCOPE_OPTIONS,
  accountType: ACCOUNT_TYPE_OPTIONS,
  institutionType: INSTITUTION_TYPE_OPTIONS,
  institutionStatus: INSTITUTION_STATUS_OPTIONS,
  userStatus: USER_STATUS_OPTIONS,
  joinPolicy: JOIN_POLICY_OPTIONS,
  importResource: IMPORT_RESOURCE_OPTIONS,
  mailQueueState: MAIL_QUEUE_STATE_OPTIONS,
  ssoMode: SSO_MODE_OPTIONS,
  recruiterStatus: RECRUITER_STATUS_OPTIONS,
  partnershipStatus: PARTNERSHIP_STATUS_OPTIONS,
  programmeCategory: PROGRAMME_CATEGORY_OPTIONS,
  programDepartmentKind: PROGRAM_DEPARTMENT_KIND_OPTIONS,
  featureKey: FEATURE_KEY_OPTIONS,
  roleKind: ROLE_KIND_OPTIONS,
  helpTopic: HELP_TOPIC_OPTIONS,
} as const satisfies Record<string, readonly EnumOption[]>;

declare module "./registry/names.js" {
  interface EnumNames extends Record<keyof typeof ENUM_OPTIONS, true> {}
}

export type { EnumName } from "./registry/names.js";

/* Created by: the creator's id and entity joined by a separator, e.g. `12_college`. */

export const CREATED_BY_SEPARATOR = "_";

export interface CreatedBy {
  id: number;
  entity: string;
}

const isPositiveId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function formatCreatedBy(id: number, entity: string): string {
  if (!isPositiveId(id)) throw new RangeError(`created-by id must be a positive integer, got ${id}`);
  if (entity.length === 0) throw new RangeError("created-by entity must not be empty");
  return `${id}${CREATED_BY_SEPARATOR}${entity}`;
}

/** The id never holds the separator, so the first one splits; the entity may contain it (`skill_lab`). */
export function parseCreatedBy(value: string | null | undefined): CreatedBy | null {
  if (!value) return null;
  const at = value.indexOf(CREATED_BY_SEPARATOR);
  if (at <= 0) return null;
  const idText = value.slice(0, at);
  const entity = value.slice(at + CREATED_BY_SEPARATOR.length);
  if (!/^\d+$/.test(idText) || entity.length === 0) return null;
  const id = Number(idText);
  return isPositiveId(id) ? { id, entity } : null;
}

/* Countries: the 249 ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames. */

const COUNTRY_CODE_ROWS = [
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ",
  "BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ",
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ",
  "DE DJ DK DM DO DZ",
  "EC EE EG EH ER ES ET",
  "FI FJ FK FM FO FR",
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY",
  "HK HM HN HR HT HU",
  "ID IE IL IM IN IO IQ IR IS IT",
  "JE JM JO JP",
  "KE KG KH KI KM KN KP KR KW KY KZ",
  "LA LB LC LI LK LR LS LT LU LV LY",
  "MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ",
  "NA NC NE NF NG NI NL NO NP NR NU NZ",
  "OM",
  "PA PE PF PG PH PK PL PM PN PR PS PT PW PY",
  "QA",
  "RE RO RS RU RW",
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ",
  "TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ",
  "UA UG UM US UY UZ",
  "VA VC VE VG VI VN VU",
  "WF WS",
  "YE YT",
  "ZA ZM ZW",
];

export const COUNTRY_CODES: readonly string[] = Object.freeze(COUNTRY_CODE_ROWS.join(" ").split(" "));

export const isCountryCode = (value: unknown): value is string =>
  typeof value === "string" && COUNTRY_CODES.includes(value);

/** The app's language codes mapped to BCP 47 locales: "np" is not Nepali to Intl, "ne" is. */
const INTL_LOCALES: Readonly<Record<string, string>> = { "en-US": "en-US", "np-NP": "ne-NP" };
export const intlLocale = (language: string): string => INTL_LOCALES[language] ?? language;

/** Country select options in the given app language, sorted by name in that language. */
export function countryOptions(language: string): { value: string; label: string }[] {
  const locale = intlLocale(language);
  const names = new Intl.DisplayNames([locale, "en-US"], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((value) => ({ value, label: names.of(value) ?? value })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
