import {
  type AccessScope,
  type ApplicationStage,
  type EnrolmentItemType,
  type EventType,
  type GradingType,
  type HiringSource,
  type JobType,
  type JoinPolicy,
  type PartnershipStatus,
  type PostingType,
  type ProgrammeCategory,
  RESOURCES,
  type TableName as ResourceTableName,
  type ReviewPolicy,
  type SkillSourceType,
  type SsoMode,
  type UserStatus,
} from "@csc/shared";
import type { Generated } from "kysely";

/**
 * One interface per table of migrations/, column for column. Timestamps are ISO-8601 UTC strings
 * and JSON lists are text, so the same rows read back identically on SQLite and PostgreSQL.
 * `Generated<>` marks what the database fills in when an insert leaves it out (ids, defaults);
 * enum-like text columns carry the values the registry (@csc/shared) lets the API write.
 */
interface InstitutionTable {
  id: Generated<number>;
  name: string;
  subdomain: string;
  type: "college" | "company";
  status: Generated<"active" | "inactive">;
  logo: string | null;
  primary_color: string;
  secondary_color: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
  feature_profile_id: number | null;
  /** JSON array of contact persons ({ full_name, email, designation, phone_no }). */
  contact_persons: string | null;
  join_policy: Generated<JoinPolicy>;
  /** JSON array of e-mail domains (join-policy.ts). */
  join_domains: Generated<string>;
  /** How its people sign in, and its identity provider (sso.ts); the secret is never sent in any answer. */
  sso_mode: Generated<SsoMode>;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
  created_at: string;
  updated_at: string;
}

interface RecruiterTable {
  id: Generated<number>;
  name: string;
  status: Generated<"pending" | "approved" | "rejected">;
  email: string;
  phone: string | null;
  website: string | null;
  logo: string | null;
  address: string | null;
  reject_reason: string | null;
  /** JSON array of contact persons, as on institutions. */
  contact_persons: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  full_name: string;
  phone: string | null;
  role: string;
  institution_id: number | null;
  recruiter_id: number | null;
  /** JSON array of permission slugs; empty means every slug passes. */
  permissions: Generated<string>;
  status: Generated<UserStatus>;
  email_verified_at: string | null;
  /** Raised to revoke every earlier token: a password reset, and (by a trigger) any change of role, permissions, institution, recruiter, status or deletion. */
  token_version: Generated<number>;
  deleted_at: string | null;
  deleted_by: number | null;
  delete_reason: string | null;
  program_department_id: number | null;
  year: number | null;
  /** JSON arrays of strings. */
  skills: string | null;
  preferences: string | null;
  linkedin_url: string | null;
  website: string | null;
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
  /** `YYYY-MM-DD`, Gregorian. */
  date_of_birth: string | null;
  /** An upload's URL (`/api/uploads/…`). */
  photo: string | null;
  /** ISO 3166 two-letter code. */
  country: string | null;
  /** The calendar dates are shown in for this user. */
  calendar: Generated<"gregorian" | "bikram-sambat">;
  /** A learner's CV: its row in `uploads` (a PDF kept outside the public images) and the name they gave it. */
  cv_upload_id: number | null;
  cv_file_name: string | null;
  /** JSON: the person's choices per notification kind (shared notifications.ts), over its defaults. */
  notification_preferences: string | null;
  /** The language the person last used (en-US, np-NP): their notifications' mail is written in it. */
  language: string | null;
  created_at: string;
  updated_at: string;
}

interface ProvinceTable {
  id: number;
  name: string;
  name_np: string;
}

interface DistrictTable {
  id: number;
  province_id: number;
  name: string;
  name_np: string;
}

interface MunicipalityTable {
  id: number;
  district_id: number;
  name: string;
  name_np: string;
  category: string;
}

interface ProgramDepartmentTable {
  id: Generated<number>;
  institution_id: number | null;
  kind: "program" | "department";
  name: string;
  created_at: string;
  updated_at: string;
}

interface FeatureProfileTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** JSON array of feature keys. */
  features: Generated<string>;
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface RevokedTokenTable {
  jti: string;
  expires_at: string;
}

export interface UserTokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: "verify-email" | "reset-password" | "login-code";
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ImportTable {
  id: Generated<number>;
  institution_id: number;
  resource: string;
  file_name: string;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  by: string;
  by_user_id: number | null;
  at: string;
}

/** A sign-in under way at an institution's identity provider, until its callback takes it (ten minutes). */
export interface OidcLoginTable {
  id: Generated<number>;
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  institution_id: number;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  /** The origin of our site the browser returns to (`/sso?…`). */
  return_to: string;
  /** Test mode: the staff member testing the provider; nobody is signed in. */
  tester_id: number | null;
  expires_at: string;
  created_at: string;
}

/** What a callback produced: a one-time code for `user_id`, or test mode's `result` (JSON) for `tester_id`. */
export interface OidcResultTable {
  id: Generated<number>;
  /** SHA-256 of the code in the address. */
  code_hash: string;
  institution_id: number;
  user_id: number | null;
  tester_id: number | null;
  result: string | null;
  expires_at: string;
  created_at: string;
}

export interface InvitationTable {
  id: Generated<number>;
  email: string;
  full_name: string;
  role: string;
  institution_id: number | null;
  token_hash: string | null;
  language: string;
  invited_by: number | null;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  /** `logged` (no SMTP_URL: the server's log has it), `sent` or `failed`. */
  status: Generated<"logged" | "sent" | "failed">;
  created_at: string;
}

/** An application to a learning event, a job opportunity or a scholarship. */
export interface ApplicationTable {
  id: Generated<number>;
  posting_type: "learning-event" | "job-opportunity" | "scholarship";
  learning_event_id: number | null;
  job_opportunity_id: number | null;
  scholarship_id: number | null;
  /** Null for a public applicant without an account. */
  user_id: number | null;
  full_name: string;
  email: string;
  contact_number: string | null;
  profession: string | null;
  institution_id: number | null;
  institution: string | null;
  department: string | null;
  applied_at: string;
  applicant_type: "skill_lab" | "college" | "recruiter" | null;
  /** One of the stages of its posting type's variant (`stagesFor`). */
  stage: ApplicationStage;
  attendance: Generated<number>;
  grade: string | null;
  percentage: number | null;
  completion_status: "complete" | "in_complete" | null;
  certificate_code: string | null;
  withdrawn_at: string | null;
  /** The language the applicant applied in (en-US, np-NP): their stage-change mails are written in it. */
  language: string | null;
  created_at: string;
  updated_at: string;
}

/** One change of one field of an application, written with the change itself. */
interface ApplicationHistoryTable {
  id: Generated<number>;
  application_id: number;
  /** `stage`, `attendance`, `grade`, `percentage` or `completion_status`. */
  field: string;
  /** The values as text (attendance and percentage too), null for none. */
  from_value: string | null;
  to_value: string | null;
  note: string | null;
  /** Null once the account that made the change is gone. */
  by_user_id: number | null;
  at: string;
  /** The change set it belongs to (null for rows older than change sets, and for a withdrawal). */
  change_id: number | null;
  /** 1: a staff-only note (field `note`), never shown to the applicant nor sent anywhere they read. */
  internal: Generated<number>;
  /** 1: written by an undo, putting back what its change set had changed. */
  undone: Generated<number>;
}

/** One change of applicants by staff: undoable until `undo_until`, its mail held until then. */
interface ApplicationChangeTable {
  id: Generated<number>;
  by_user_id: number | null;
  created_at: string;
  undo_until: string;
  undone_at: string | null;
  undone_by: number | null;
}

export type MailQueueState = "waiting" | "failed";

/**
 * Every mail the product sends, from the transaction of the change that causes it until the mail
 * server takes it (a change's mail waits until its undo window has passed). Sent rows leave (the
 * outbox keeps their record).
 */
interface MailQueueTable {
  id: Generated<number>;
  change_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  /** When it is due: at once, at the end of an undo window, or after the back-off of a failed try. */
  send_after: string;
  /** Which process took it to send, and when: a process that died holding it lets it go after a while. */
  claimed_by: string | null;
  claimed_at: string | null;
  created_at: string;
  /** `waiting` to be tried (again), or `failed` once every try has failed; a mail sent leaves the queue. */
  state: Generated<MailQueueState>;
  attempts: Generated<number>;
  last_error: string | null;
  /** The text with its secrets taken out, as staff may read it (null on rows queued before it was kept). */
  redacted_body: string | null;
  /** Headers of the mail beyond the usual (JSON object): a notification's one-click unsubscribe. */
  headers: string | null;
}

/** A person's saved search of a list (routes/saved-searches.ts), maybe alerting them of new postings. */
export interface SavedSearchTable {
  id: Generated<number>;
  user_id: number;
  institution_id: number | null;
  resource: string;
  name: string;
  /** The list's query string, as the list takes it. */
  query: string;
  alert: Generated<"off" | "instant" | "daily" | "weekly">;
  /** 1: the owner's institution's staff read it too. */
  shared: Generated<number>;
  /** The owner's site as they saved it: their alert's links open there. */
  origin: string;
  created_at: string;
  updated_at: string;
}

/** A posting a saved search's alert has told of: never twice. */
interface SavedSearchHitTable {
  saved_search_id: number;
  posting_id: number;
  created_at: string;
}

/** A posting a learner saved (their "Saved" list), named in the column of its type as an application's is. */
export interface SavedPostingTable {
  id: Generated<number>;
  user_id: number;
  posting_type: PostingType;
  learning_event_id: number | null;
  job_opportunity_id: number | null;
  scholarship_id: number | null;
  /** The learner's site as they saved it: the reminder's links open there. */
  origin: string;
  /** The last day to apply the learner was reminded of (`YYYY-MM-DD`), or null: never twice for one day. */
  reminded_for: string | null;
  created_at: string;
}

/** A change told to the live connections that may read its rows (platform/live.ts). */
export interface LiveEventTable {
  id: Generated<number>;
  resource: string;
  type: "created" | "updated" | "deleted";
  /** JSON: the ids of the rows. */
  ids: string;
  /** JSON: the only people told (their own notifications), or null: whoever may read the rows. */
  users: string | null;
  deliver_at: string;
  created_at: string;
}

/** One person told of something (domain/notifications.ts). */
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** JSON: the values the kind's words are made of, written in the reader's language when read. */
  params: string;
  /** A path on the person's own site. */
  link: string;
  /** The person's site as the change that caused it saw it (`https://kmc.example.org`), for mail. */
  origin: string;
  /** The undoable change that caused it: shown after `show_after`, deleted by the undo. */
  change_id: number | null;
  show_after: string;
  /** 1: the bell shows it; 0: it exists only for the person's digest. */
  in_app: number;
  /** `daily` or `weekly` while it waits for that digest; null once mailed, or when not for one. */
  digest: string | null;
  read_at: string | null;
  created_at: string;
}

/** A guest applicant's private status link: the hash of its token, never the token. */
interface GuestStatusTokenTable {
  token_hash: string;
  application_id: number;
  created_at: string;
}

/** A learner's enrolment in a course, an enrichment program or a career roadmap. */
export interface EnrolmentTable {
  id: Generated<number>;
  user_id: number;
  item_type: EnrolmentItemType;
  item_id: number;
  /** The item again, in the column of its type (the others null): deletes cascade, joins need no switch. */
  course_id: number | null;
  enrichment_program_id: number | null;
  career_roadmap_id: number | null;
  /** The learner's institution when they enrolled (null for an independent learner): staff read their tenant's. */
  institution_id: number | null;
  enrolled_at: string;
  /** 0–100. */
  progress: Generated<number>;
  completed_at: string | null;
  certificate_code: string | null;
  /** Who marked it complete: staff for a course or program, the learner for their roadmap. */
  completed_by: number | null;
  /** JSON array of the roadmap steps the learner has ticked, by name, in the roadmap's order. */
  steps_done: Generated<string>;
  created_at: string;
  /** The language the learner enrolled in (en-US, np-NP): their certificate mail is written in it. */
  language: string | null;
  updated_at: string;
}

/** A skill a learner has gained, once per learner whatever its case (`name_key` is the name lower-cased). */
interface LearnerSkillTable {
  id: Generated<number>;
  user_id: number;
  institution_id: number | null;
  name: string;
  name_key: string;
  /** When they first gained it: completing something else that teaches it later keeps this. */
  gained_at: string;
  source_type: SkillSourceType;
  source_id: number | null;
  source_title: string | null;
  created_at: string;
}

/** Who uploaded which file and how large it is, for the per-user rate and quota. */
interface UploadTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  bytes: number;
  created_at: string;
}

interface MissingLocaleKeyTable {
  id: Generated<number>;
  lng: string;
  ns: string;
  key: string;
  fallback: string | null;
  created_at: string;
}

interface AuthThrottleTable {
  key: string;
  window_start: string;
  failures: Generated<number>;
}

/** The dashboards' daily counts, kept by triggers (migration 20261126T0000): scope 0 the platform, else an institution. */
interface DashboardCountTable {
  scope_id: number;
  /** `YYYY-MM-DD`. */
  day: string;
  /** A metric key, or `skill:<name>` for a skill gained. */
  metric: string;
  n: number;
}

/** Each posting's open applicants at each stage, kept by the same trigger. */
interface DashboardStageCountTable {
  posting_type: string;
  posting_id: number;
  stage: string;
  n: number;
}

export interface DownloadLogTable {
  id: Generated<number>;
  user_id: number;
  resource: string;
  /** JSON object of the list filters the export honoured. */
  filters: string;
  row_count: number;
  created_at: string;
}

/** A recruiter company an institution works with (the institution's "Recruiters" list). */
interface InstitutionRecruiterTable {
  id: Generated<number>;
  institution_id: number;
  recruiter_id: number;
  status: Generated<PartnershipStatus>;
  note: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Columns every catalogue table has: its tags, whether it is published, and its owner (an
 * institution, a recruiter company, or neither for the provider's own rows).
 */
interface CatalogueColumns {
  /** JSON array of tag names. */
  tags: Generated<string>;
  /** 1 published, 0 draft. */
  publish_status: Generated<number>;
  institution_id: number | null;
  recruiter_id: number | null;
  /** `<userId>_<entity>` of the author. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

interface CourseTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  category: ProgrammeCategory | null;
  description: string | null;
  /** 1 online, 0 offline. */
  delivery_mode: number | null;
  duration_hours: number | null;
  grading_type: GradingType | null;
  start_date: string | null;
  end_date: string | null;
  url: string | null;
  image: string | null;
}

interface ScholarshipTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  provider_name: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string | null;
  amount: number | null;
  deadline: string | null;
  description: string | null;
  eligibility: string | null;
  url: string | null;
}

interface CareerRoadmapTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  job_role: string | null;
  description: string | null;
  duration_months: number | null;
  /** JSON array of skill labels. */
  skills: Generated<string>;
}

interface SelfAssessmentTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  category: string | null;
  description: string | null;
  duration_minutes: number | null;
  grading_type: GradingType | null;
  pass_mark: number | null;
  /** JSON array of { question, options, answer }. */
  questions: Generated<string>;
  /** Attempts a learner has at it (1–20). */
  max_attempts: Generated<number>;
  /** When a learner sees the right answers of their attempts. */
  review_policy: Generated<ReviewPolicy>;
}

/** A course-site callback signature already used, kept until its window closes. */
interface CourseSiteSignatureTable {
  /** Lower-case hex. */
  signature: string;
  expires_at: string;
}

/** A learner's attempt at a self-assessment, kept as it was taken. */
interface AssessmentAttemptTable {
  id: Generated<number>;
  user_id: number;
  /** The learner's institution when they took it. */
  institution_id: number | null;
  self_assessment_id: number;
  /** JSON array of the learner's answers, one per question in order ("" for none). */
  answers: string;
  /** JSON array of { question, options, answer }: the questions and their key when it was taken. */
  questions: string;
  score: number;
  max_score: number;
  percentage: number;
  /** 0/1; null when the assessment had no pass mark. */
  passed: number | null;
  taken_at: string;
}

interface LearningEventTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  event_type: EventType;
  description: string | null;
  delivery_mode: number | null;
  venue: string | null;
  /** Where an online event takes place, as the venue is for an offline one. */
  link: string | null;
  start_at: string;
  end_at: string;
  registration_deadline: string | null;
  capacity: number | null;
  access_scope: AccessScope | null;
  /** How its applicants are graded: a letter grade, a percentage, or not at all. */
  grading_type: GradingType | null;
  /** JSON array of skill labels. */
  skills: Generated<string>;
}

interface JobOpportunityTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  job_type: JobType;
  description: string | null;
  company_name: string | null;
  location_text: string | null;
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
  salary_min: number | null;
  salary_max: number | null;
  openings: number | null;
  deadline: string;
  hiring_source: HiringSource | null;
  access_scope: AccessScope | null;
  /** JSON array of skill labels. */
  skills: Generated<string>;
}

interface ExternalProgramTable extends CatalogueColumns {
  id: Generated<number>;
  title: string;
  organizer: string | null;
  description: string | null;
  delivery_mode: number | null;
  start_date: string | null;
  end_date: string | null;
  fee: number | null;
  url: string | null;
}

interface GlobalPartnerTable {
  id: Generated<number>;
  name: string;
  country: string;
  partnership_type: string | null;
  website: string | null;
  logo: string | null;
  description: string | null;
  publish_status: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface TagTable {
  id: Generated<number>;
  name: string;
  category: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

interface TestimonialTable {
  id: Generated<number>;
  author_name: string;
  designation: string | null;
  organization: string | null;
  quote: string;
  photo: string | null;
  rating: number | null;
  publish_status: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface TutorialTable {
  id: Generated<number>;
  title_en: string;
  title_np: string;
  description_en: string;
  description_np: string;
  video_url: string | null;
  /** JSON list of role kinds. */
  roles: string;
  topic: string | null;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A question the help assistant could not answer, without anything that names who asked. */
interface HelpQuestionTable {
  id: Generated<number>;
  question: string;
  language: string;
  role_kind: string;
  asked_at: string;
}

/** The tables whose columns the code queries by name, each typed column for column. */
interface TypedTables {
  institutions: InstitutionTable;
  recruiters: RecruiterTable;
  users: UserTable;
  provinces: ProvinceTable;
  districts: DistrictTable;
  municipalities: MunicipalityTable;
  program_departments: ProgramDepartmentTable;
  feature_profiles: FeatureProfileTable;
  revoked_tokens: RevokedTokenTable;
  user_tokens: UserTokenTable;
  mail_outbox: MailOutboxTable;
  uploads: UploadTable;
  applications: ApplicationTable;
  application_history: ApplicationHistoryTable;
  application_changes: ApplicationChangeTable;
  mail_queue: MailQueueTable;
  enrolments: EnrolmentTable;
  learner_skills: LearnerSkillTable;
  missing_locale_keys: MissingLocaleKeyTable;
  auth_throttle: AuthThrottleTable;
  download_logs: DownloadLogTable;
  dashboard_counts: DashboardCountTable;
  dashboard_stage_counts: DashboardStageCountTable;
  institution_recruiters: InstitutionRecruiterTable;
  courses: CourseTable;
  scholarships: ScholarshipTable;
  career_roadmaps: CareerRoadmapTable;
  self_assessments: SelfAssessmentTable;
  assessment_attempts: AssessmentAttemptTable;
  learning_events: LearningEventTable;
  job_opportunities: JobOpportunityTable;
  external_programs: ExternalProgramTable;
  global_partners: GlobalPartnerTable;
  tags: TagTable;
  testimonials: TestimonialTable;
  tutorials: TutorialTable;
  help_questions: HelpQuestionTable;
  course_site_signatures: CourseSiteSignatureTable;
  guest_status_tokens: GuestStatusTokenTable;
  invitations: InvitationTable;
  oidc_logins: OidcLoginTable;
  oidc_results: OidcResultTable;
  imports: ImportTable;
  notifications: NotificationTable;
  saved_searches: SavedSearchTable;
  saved_search_hits: SavedSearchHitTable;
  saved_postings: SavedPostingTable;
  live_events: LiveEventTable;
}

/**
 * A resource's table that only the registry reads and writes (by its fields, never by a column
 * name in code): its rows as the engine sees them. A new resource's table is one of these until
 * code needs its columns typed, so its module and migration are enough.
 */
interface ResourceOnlyTable {
  id: Generated<number>;
  [column: string]: unknown;
}

/** Every table: the typed ones, and each resource's table without a typed interface. */
export interface Database
  extends TypedTables,
    Record<Exclude<ResourceTableName, keyof TypedTables>, ResourceOnlyTable> {}

export type TableName = keyof Database;

/**
 * Every key of `TypedTables`, as a value: the compiler holds this object to exactly the keys of
 * the interface; the resources' tables are added from their modules, and schema.test.ts holds the
 * whole to the tables the migrations create.
 */
const TYPED_TABLES: { readonly [Table in keyof TypedTables]: true } = {
  institutions: true,
  recruiters: true,
  users: true,
  provinces: true,
  districts: true,
  municipalities: true,
  program_departments: true,
  feature_profiles: true,
  revoked_tokens: true,
  user_tokens: true,
  mail_outbox: true,
  uploads: true,
  applications: true,
  application_history: true,
  application_changes: true,
  mail_queue: true,
  enrolments: true,
  learner_skills: true,
  missing_locale_keys: true,
  auth_throttle: true,
  download_logs: true,
  dashboard_counts: true,
  dashboard_stage_counts: true,
  institution_recruiters: true,
  courses: true,
  scholarships: true,
  career_roadmaps: true,
  self_assessments: true,
  assessment_attempts: true,
  learning_events: true,
  job_opportunities: true,
  external_programs: true,
  global_partners: true,
  tags: true,
  testimonials: true,
  tutorials: true,
  help_questions: true,
  course_site_signatures: true,
  guest_status_tokens: true,
  invitations: true,
  imports: true,
  notifications: true,
  saved_searches: true,
  saved_search_hits: true,
  saved_postings: true,
  live_events: true,
  oidc_logins: true,
  oidc_results: true,
};

export const DATABASE_TABLES = [
  ...new Set([...Object.keys(TYPED_TABLES), ...Object.values(RESOURCES).map((resource) => resource.table)]),
] as TableName[];
