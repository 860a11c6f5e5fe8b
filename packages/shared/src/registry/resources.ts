import { DEFAULT_MAX_ATTEMPTS, DEFAULT_REVIEW_POLICY, MAX_ATTEMPTS_RANGE } from "../assessment.js";
import { ALL_ROLES, INSTITUTION_ADMIN_ROLES, ROLE_LEVELS, ROLES, type RoleKind, roleKind } from "../roles.js";
import { createdAt, field, id, location, publishStatus, tenantColumns, updatedAt } from "./fields.js";
import {
  institutionRows,
  learnerRecords,
  members,
  ownPlan,
  providerStaff,
  reference,
  sharedCatalogue,
  takenByLearners,
  tenantRecord,
} from "./policies.js";
import type {
  CommandDefinition,
  FieldDefinition,
  ResourceAction,
  ResourceDefinition,
  ResourceName,
  RolePolicy,
} from "./types.js";

const ALL: readonly ResourceAction[] = ["read", "create", "update", "delete", "export"];
const EDIT_ONLY: readonly ResourceAction[] = ["read", "update"];

const institutionFields = (): FieldDefinition[] => [
  id(),
  field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
  field("subdomain", "text", {
    required: true,
    list: true,
    filter: true,
    search: true,
    maxLength: 63,
    providerOnly: true,
  }),
  field("type", "enum", { enum: "institutionType", required: true, list: true, filter: true, providerOnly: true }),
  field("status", "enum", {
    enum: "institutionStatus",
    list: true,
    filter: true,
    sort: true,
    providerOnly: true,
    default: "active",
  }),
  field("logo", "image"),
  field("primary_color", "color", { required: true }),
  field("secondary_color", "color", { required: true }),
  field("email", "email", { list: true, search: true }),
  field("phone", "phone"),
  field("website", "url"),
  field("address", "text", { maxLength: 300 }),
  ...location(),
  field("contact_persons", "contacts"),
  field("feature_profile_id", "relation", {
    relation: { resource: "feature-profile", labelField: "name" },
    filter: true,
    providerOnly: true,
  }),
  createdAt(),
  updatedAt(),
];

const learnerFields = (): FieldDefinition[] => [
  id(),
  field("full_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
  field("email", "email", { required: true, list: true, sort: true, search: true }),
  field("phone", "phone", { list: true }),
  field("program_department_id", "relation", {
    relation: { resource: "program-departments", labelField: "name" },
    list: true,
    filter: true,
  }),
  field("year", "year", { list: true, filter: true, sort: true }),
  field("skills", "tags"),
  field("preferences", "tags", { labelByRole: true }),
  field("linkedin_url", "linkedin"),
  field("website", "url"),
  ...location(),
  field("status", "enum", { enum: "userStatus", list: true, filter: true, default: "active" }),
  // provider staff choose the institution; everyone else's learners are their own institution's
  field("institution_id", "relation", {
    relation: { resource: "institutions", labelField: "name" },
    required: true,
    list: true,
    filter: true,
    providerOnly: true,
    scopeColumn: true,
  }),
  createdAt(),
];

const catalogue = (fields: FieldDefinition[]): FieldDefinition[] => [
  id(),
  ...fields,
  field("tags", "tags", { labelByRole: true }),
  publishStatus(),
  ...tenantColumns(),
  field("created_by", "text", { readOnly: true }),
  createdAt(),
  updatedAt(),
];

const recruiterFields = (): FieldDefinition[] => [
  id(),
  field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
  field("email", "email", { required: true, list: true, search: true }),
  field("phone", "phone", { list: true }),
  field("website", "url"),
  field("logo", "image"),
  field("address", "text", { maxLength: 300 }),
  field("contact_persons", "contacts"),
  field("status", "enum", { enum: "recruiterStatus", list: true, filter: true, readOnly: true }),
  field("reject_reason", "textarea", { readOnly: true }),
  createdAt(),
];

/** Spec §6: employees exclude the institution viewer and include the college viewer. */
const EMPLOYEES_POLICY: RolePolicy = {
  ...providerStaff(),
  ...institutionRows({
    roles: [ROLES.INSTITUTION_ADMIN, ROLES.INSTITUTION_EDITOR, ROLES.COLLEGE_ADMIN, ROLES.COLLEGE_VIEWER],
    institutionTypes: ["company"],
  }),
};
/** Spec §6: the activity logs group is the super admin's and the provider admin's only. */
const ACTIVITY_LOGS_POLICY = providerStaff({ roles: [ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN] });

/** A posting's command for learners (DESIGN §5a): `POST /{posting}/{id}/apply`. */
const APPLY: readonly CommandDefinition[] = [{ name: "apply", target: "one", byApplicant: true }];

/**
 * A posting's policy: the shared catalogue's, but learners read the postings meant for them —
 * `audience`, by the posting's access scope (DESIGN §5a), or `published` for a posting without
 * one (scholarships) — and apply to exactly those, so one they may not see is a 404.
 */
const postingPolicy = (policy: RolePolicy, rows: "audience" | "published"): RolePolicy => ({
  ...policy,
  learner: [
    ...(policy.learner ?? []).map((grant) => (grant.rows === "published" ? { ...grant, rows } : grant)),
    { actions: ["apply"], rows },
  ],
});

/** A catalogue item's command for learners (DESIGN §5a learner journey): `POST /{item}/{id}/enrol`. */
const ENROL: readonly CommandDefinition[] = [{ name: "enrol", target: "one", byApplicant: true }];

/**
 * A catalogue item learners enrol in (courses, enrichment programs, career roadmaps): the shared
 * catalogue's policy, and learners enrol in exactly what they may read — the published items of
 * the provider and of their own institution — so one they may not see is a 404.
 */
const enrolmentPolicy = (policy: RolePolicy): RolePolicy => ({
  ...policy,
  learner: [...(policy.learner ?? []), { actions: ["enrol"], rows: "published" }],
});

/** The roles of a kind that change what they manage (editors and admins): who changes applicants. */
const changersOf = (kind: RoleKind) =>
  ALL_ROLES.filter((role) => roleKind(role) === kind && ROLE_LEVELS[role] !== "viewer");

/** Every resource of DESIGN §2a, declared once: the API serves them, the admin renders them. */
/** The catalogue items of an enrolment, each with its column (the foreign key that makes deletes and joins work). */
const enrolmentItemField = (name: string, resource: ResourceName) =>
  field(name, "relation", { relation: { resource, labelField: "title" }, filter: true, readOnly: true });

/** Enrolments staff complete: courses and programs (a learner's roadmap is theirs to tick). */
const STAFF_COMPLETED = { item_type: ["course", "enrichment-program"] } as const;

export const RESOURCES: Record<ResourceName, ResourceDefinition> = {
  institutions: {
    name: "institutions",
    table: "institutions",
    scope: "global",
    fields: institutionFields(),
    defaultSort: { field: "name", order: "asc" },
    actions: ALL,
    titleField: "name",
    policy: providerStaff(),
  },
  "institution-details": {
    name: "institution-details",
    table: "institutions",
    scope: "tenant",
    fields: institutionFields(),
    defaultSort: { field: "name", order: "asc" },
    actions: EDIT_ONLY,
    titleField: "name",
    policy: tenantRecord("institution"),
  },
  students: {
    name: "students",
    table: "users",
    scope: "institution",
    fields: learnerFields(),
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    fixed: { role: ROLES.STUDENT },
    softDelete: "hide",
    titleField: "full_name",
    policy: { ...providerStaff(), ...institutionRows({ institutionTypes: ["college"] }) },
  },
  employees: {
    name: "employees",
    table: "users",
    scope: "institution",
    fields: learnerFields(),
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    fixed: { role: ROLES.EMPLOYEE },
    softDelete: "hide",
    titleField: "full_name",
    policy: EMPLOYEES_POLICY,
  },
  users: {
    name: "users",
    table: "users",
    scope: "members",
    fields: [
      id(),
      field("full_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
      field("email", "email", { required: true, list: true, sort: true, search: true }),
      field("phone", "phone"),
      field("role", "enum", { enum: "role", required: true, list: true, filter: true }),
      field("status", "enum", { enum: "userStatus", list: true, filter: true, default: "active" }),
      field("permissions", "tags"),
      field("institution_id", "relation", {
        relation: { resource: "institutions", labelField: "name" },
        list: true,
        filter: true,
        providerOnly: true,
        scopeColumn: true,
      }),
      field("recruiter_id", "relation", {
        relation: { resource: "recruiters-existing", labelField: "name" },
        filter: true,
        providerOnly: true,
        scopeColumn: true,
      }),
      createdAt(),
    ],
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    softDelete: "hide",
    titleField: "full_name",
    policy: members(),
  },
  "career-roadmap": {
    name: "career-roadmap",
    table: "career_roadmaps",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("job_role", "text", { list: true, filter: true, search: true, maxLength: 120 }),
      field("description", "richtext"),
      field("duration_months", "number", { list: true, sort: true, min: 1, max: 120 }),
      field("skills", "tags"),
    ]),
    defaultSort: { field: "title", order: "asc" },
    actions: ALL,
    titleField: "title",
    policy: enrolmentPolicy(sharedCatalogue(["institution", "learner"])),
    commands: ENROL,
    featureKey: "career-roadmap",
  },
  "self-assessment": {
    name: "self-assessment",
    table: "self_assessments",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("category", "text", { list: true, filter: true, maxLength: 80 }),
      field("description", "richtext"),
      field("duration_minutes", "number", { list: true, sort: true, min: 1, max: 600 }),
      field("grading_type", "enum", { enum: "gradingType", list: true, filter: true }),
      field("pass_mark", "number", { min: 0, max: 100 }),
      // learners answer the questions; the answer key never reaches them
      field("questions", "questions", { hiddenFrom: { kinds: ["learner"], keys: ["answer"] } }),
      // a learner's tries, and when their attempts show the key (assessment.ts): by default a few
      // tries and the key after the last, so that a blank attempt teaches nothing
      field("max_attempts", "number", {
        min: MAX_ATTEMPTS_RANGE.min,
        max: MAX_ATTEMPTS_RANGE.max,
        default: DEFAULT_MAX_ATTEMPTS,
      }),
      field("review_policy", "enum", { enum: "reviewPolicy", default: DEFAULT_REVIEW_POLICY }),
    ]),
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    titleField: "title",
    // a learner takes an assessment they may read: `POST /self-assessment/{id}/attempts` (DESIGN §5a)
    commands: [{ name: "attempts", target: "one", byApplicant: true }],
    policy: takenByLearners(sharedCatalogue(["institution", "learner"]), "attempts"),
    featureKey: "self-assessment",
  },
  courses: {
    name: "courses",
    table: "courses",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("category", "enum", { enum: "programmeCategory", list: true, filter: true }),
      field("description", "richtext"),
      field("delivery_mode", "enum", { enum: "deliveryMode", list: true, filter: true }),
      field("duration_hours", "number", { list: true, sort: true, min: 1, max: 2000 }),
      field("grading_type", "enum", { enum: "gradingType", filter: true }),
      field("start_date", "date", { list: true, sort: true, filter: true }),
      field("end_date", "date", { sort: true, filter: true }),
      field("url", "url"),
      field("image", "image"),
    ]),
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    titleField: "title",
    policy: enrolmentPolicy(sharedCatalogue(["institution", "learner"])),
    commands: ENROL,
    featureKey: "courses",
  },
  scholarship: {
    name: "scholarship",
    table: "scholarships",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("provider_name", "text", { list: true, search: true, maxLength: 160 }),
      field("country", "country", { list: true, filter: true }),
      field("amount", "number", { list: true, sort: true, min: 0 }),
      field("deadline", "date", { list: true, sort: true, filter: true }),
      field("description", "richtext"),
      field("eligibility", "richtext"),
      field("url", "url"),
    ]),
    defaultSort: { field: "deadline", order: "asc" },
    actions: ALL,
    titleField: "title",
    policy: postingPolicy(sharedCatalogue(["institution", "learner"]), "published"),
    commands: APPLY,
    featureKey: "scholarship",
    timeWindow: { end: "deadline" },
  },
  "learning-events": {
    name: "learning-events",
    table: "learning_events",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("event_type", "enum", { enum: "eventType", required: true, list: true, filter: true }),
      field("description", "richtext"),
      field("delivery_mode", "enum", { enum: "deliveryMode", list: true, filter: true }),
      // where it takes place: the venue when offline, the link when online (pipeline.ts placeFieldOf)
      field("venue", "text", { maxLength: 200 }),
      field("link", "url"),
      field("start_at", "datetime", { required: true, list: true, sort: true, filter: true }),
      field("end_at", "datetime", { required: true, sort: true, filter: true }),
      field("registration_deadline", "date", { sort: true, filter: true }),
      field("capacity", "number", { min: 1, max: 100000 }),
      field("access_scope", "enum", { enum: "accessScope", filter: true }),
      // whether its applicants get a letter grade or a percentage (spec §3)
      field("grading_type", "enum", { enum: "gradingType", filter: true }),
      field("skills", "tags"),
    ]),
    defaultSort: { field: "start_at", order: "desc" },
    actions: ALL,
    titleField: "title",
    policy: postingPolicy(sharedCatalogue(["institution", "recruiter", "learner"]), "audience"),
    commands: APPLY,
    featureKey: "job-role-trainings",
    timeWindow: { start: "start_at", end: "end_at" },
  },
  "job-opportunities": {
    name: "job-opportunities",
    table: "job_opportunities",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("job_type", "enum", { enum: "jobType", required: true, list: true, filter: true }),
      field("description", "richtext"),
      field("company_name", "text", { list: true, search: true, maxLength: 160 }),
      field("location_text", "text", { maxLength: 160 }),
      ...location(),
      field("salary_min", "number", { min: 0 }),
      field("salary_max", "number", { min: 0 }),
      field("openings", "number", { min: 1, max: 10000 }),
      field("deadline", "date", { required: true, list: true, sort: true, filter: true }),
      field("hiring_source", "enum", { enum: "hiringSource", filter: true }),
      field("access_scope", "enum", { enum: "accessScope", filter: true }),
      field("skills", "tags"),
    ]),
    defaultSort: { field: "deadline", order: "desc" },
    actions: ALL,
    titleField: "title",
    policy: postingPolicy(sharedCatalogue(["institution", "recruiter", "learner"]), "audience"),
    commands: APPLY,
    featureKey: "job-opportunities",
    timeWindow: { end: "deadline" },
  },
  "global-partners": {
    name: "global-partners",
    table: "global_partners",
    scope: "global",
    fields: [
      id(),
      field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
      field("country", "country", { required: true, list: true, filter: true, sort: true }),
      field("partnership_type", "text", { list: true, filter: true, maxLength: 80 }),
      field("website", "url"),
      field("logo", "image"),
      field("description", "richtext"),
      publishStatus(),
      createdAt(),
    ],
    defaultSort: { field: "name", order: "asc" },
    actions: ALL,
    titleField: "name",
    policy: reference(["institution", "learner"]),
    featureKey: "global-partner",
  },
  "recruiters-existing": {
    name: "recruiters-existing",
    table: "recruiters",
    scope: "global",
    fields: recruiterFields(),
    defaultSort: { field: "name", order: "asc" },
    actions: ALL,
    fixed: { status: "approved" },
    titleField: "name",
    policy: providerStaff(),
  },
  "recruiters-request": {
    name: "recruiters-request",
    table: "recruiters",
    scope: "global",
    fields: recruiterFields(),
    defaultSort: { field: "created_at", order: "desc" },
    actions: ["read", "delete", "export"],
    fixed: { status: "pending" },
    titleField: "name",
    policy: providerStaff(),
    // a rejection carries the reason the company is told
    commands: [
      { name: "approve", target: "many", level: "admin" },
      { name: "reject", target: "many", level: "admin" },
    ],
  },
  "college-recruiters": {
    name: "college-recruiters",
    table: "institution_recruiters",
    scope: "institution",
    fields: [
      id(),
      field("recruiter_id", "relation", {
        relation: { resource: "recruiters-existing", labelField: "name" },
        required: true,
        list: true,
        filter: true,
      }),
      field("status", "enum", { enum: "partnershipStatus", list: true, filter: true, default: "active" }),
      field("note", "textarea", { maxLength: 1000 }),
      field("institution_id", "relation", {
        relation: { resource: "institutions", labelField: "name" },
        filter: true,
        providerOnly: true,
        scopeColumn: true,
      }),
      createdAt(),
    ],
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    titleField: "recruiter_id",
    // spec §6: a college's own recruiter partners, for its staff alone (provider staff manage recruiters)
    policy: institutionRows({ institutionTypes: ["college"] }),
  },
  "company-profile": {
    name: "company-profile",
    table: "recruiters",
    scope: "tenant",
    fields: recruiterFields(),
    defaultSort: { field: "name", order: "asc" },
    actions: EDIT_ONLY,
    titleField: "name",
    policy: tenantRecord("recruiter"),
  },
  "enrichment-programs": {
    name: "enrichment-programs",
    table: "external_programs",
    scope: "shared",
    fields: catalogue([
      field("title", "text", { required: true, list: true, sort: true, search: true, maxLength: 200 }),
      field("organizer", "text", { list: true, search: true, maxLength: 160 }),
      field("description", "richtext"),
      field("delivery_mode", "enum", { enum: "deliveryMode", list: true, filter: true }),
      field("start_date", "date", { list: true, sort: true, filter: true }),
      field("end_date", "date", { sort: true, filter: true }),
      field("fee", "number", { min: 0 }),
      field("url", "url"),
    ]),
    defaultSort: { field: "start_date", order: "desc" },
    actions: ALL,
    titleField: "title",
    // learners read the published programs (their cards, DESIGN §8) to enrol in them, though the
    // spec's learner menu has no entry for them
    policy: enrolmentPolicy(sharedCatalogue(["institution", "learner"])),
    commands: ENROL,
    featureKey: "external-programs",
  },
  "feature-profile": {
    name: "feature-profile",
    table: "feature_profiles",
    scope: "global",
    fields: [
      id(),
      field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 80 }),
      field("description", "textarea", { list: true, maxLength: 500 }),
      field("features", "tags", { enum: "featureKey", list: true }),
      createdAt(),
    ],
    defaultSort: { field: "name", order: "asc" },
    actions: ALL,
    titleField: "name",
    policy: providerStaff(),
  },
  "institution-feature-profile": {
    name: "institution-feature-profile",
    table: "feature_profiles",
    scope: "plan",
    fields: [
      id(),
      field("name", "text", { list: true, readOnly: true }),
      field("description", "textarea", { list: true, readOnly: true }),
      field("features", "tags", { enum: "featureKey", list: true, readOnly: true }),
    ],
    defaultSort: { field: "name", order: "asc" },
    actions: ["read"],
    titleField: "name",
    policy: ownPlan(INSTITUTION_ADMIN_ROLES),
  },
  "program-departments": {
    name: "program-departments",
    table: "program_departments",
    scope: "global",
    fields: [
      id(),
      field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
      field("kind", "enum", { enum: "programDepartmentKind", required: true, list: true, filter: true }),
      field("institution_id", "relation", {
        relation: { resource: "institutions", labelField: "name" },
        list: true,
        filter: true,
      }),
      createdAt(),
    ],
    defaultSort: { field: "name", order: "asc" },
    actions: ALL,
    titleField: "name",
    policy: providerStaff(),
  },
  tags: {
    name: "tags",
    table: "tags",
    scope: "global",
    fields: [
      id(),
      field("name", "text", { required: true, list: true, sort: true, search: true, maxLength: 60 }),
      field("category", "text", { list: true, filter: true, sort: true, maxLength: 60 }),
      field("description", "textarea", { maxLength: 300 }),
      createdAt(),
    ],
    defaultSort: { field: "name", order: "asc" },
    actions: ALL,
    titleField: "name",
    policy: providerStaff(),
  },
  testimonials: {
    name: "testimonials",
    table: "testimonials",
    scope: "global",
    fields: [
      id(),
      field("author_name", "text", { required: true, list: true, sort: true, search: true, maxLength: 120 }),
      field("designation", "text", { list: true, maxLength: 120 }),
      field("organization", "text", { list: true, search: true, maxLength: 160 }),
      field("quote", "textarea", { required: true, maxLength: 1000 }),
      field("photo", "image"),
      field("rating", "number", { list: true, sort: true, min: 1, max: 5 }),
      publishStatus(),
      createdAt(),
    ],
    defaultSort: { field: "created_at", order: "desc" },
    actions: ALL,
    titleField: "author_name",
    policy: providerStaff(),
  },
  "deleted-users": {
    name: "deleted-users",
    table: "users",
    scope: "global",
    fields: [
      id(),
      field("full_name", "text", { list: true, sort: true, search: true, readOnly: true }),
      field("email", "email", { list: true, search: true, readOnly: true }),
      field("role", "enum", { enum: "role", list: true, filter: true, readOnly: true }),
      field("deleted_at", "datetime", { list: true, sort: true, readOnly: true }),
      field("deleted_by", "relation", {
        relation: { resource: "users", labelField: "full_name" },
        list: true,
        readOnly: true,
      }),
      field("delete_reason", "textarea", { list: true, readOnly: true }),
    ],
    defaultSort: { field: "deleted_at", order: "desc" },
    actions: ["read", "export"],
    softDelete: "only",
    titleField: "full_name",
    policy: ACTIVITY_LOGS_POLICY,
    commands: [{ name: "restore", target: "one", level: "admin" }],
  },
  "download-logs": {
    name: "download-logs",
    table: "download_logs",
    scope: "global",
    fields: [
      id(),
      field("user_id", "relation", {
        relation: { resource: "users", labelField: "full_name" },
        list: true,
        filter: true,
      }),
      field("resource", "text", { list: true, filter: true, sort: true }),
      field("filters", "text", { list: true }),
      field("row_count", "number", { list: true, sort: true }),
      createdAt(),
    ],
    defaultSort: { field: "created_at", order: "desc" },
    actions: ["read", "export"],
    titleField: "resource",
    policy: ACTIVITY_LOGS_POLICY,
  },
  tutorials: {
    name: "tutorials",
    table: "tutorials",
    scope: "global",
    // spec §2 embedded tutorial videos (issue 12): provider staff keep the list, each kind of user
    // reads those meant for it on the Help page
    fields: [
      id(),
      field("title_en", "text", { required: true, list: true, sort: true, search: true, maxLength: 160 }),
      field("title_np", "text", { required: true, list: true, search: true, maxLength: 160 }),
      field("description_en", "textarea", { required: true, maxLength: 1000 }),
      field("description_np", "textarea", { required: true, maxLength: 1000 }),
      // no address yet: the Help page says "coming soon" instead of a player
      field("video_url", "video", { list: true }),
      field("roles", "tags", { enum: "roleKind", required: true, list: true }),
      field("topic", "enum", { enum: "helpTopic", list: true, filter: true }),
      field("sort_order", "number", { list: true, sort: true, min: 0, max: 10_000, default: 0 }),
      createdAt(),
    ],
    defaultSort: { field: "sort_order", order: "asc" },
    actions: ALL,
    titleField: "title_en",
    policy: {
      ...providerStaff(),
      institution: [{ actions: ["read"], rows: "role-kind" }],
      recruiter: [{ actions: ["read"], rows: "role-kind" }],
      learner: [{ actions: ["read"], rows: "role-kind" }],
    },
  },
  applications: {
    name: "applications",
    table: "applications",
    scope: "policy",
    // DESIGN §5a; the pipeline's commands (apply, withdraw, bulk changes) write these rows
    fields: [
      id(),
      field("posting_type", "enum", { enum: "postingType", list: true, filter: true, readOnly: true }),
      field("learning_event_id", "relation", {
        relation: { resource: "learning-events", labelField: "title" },
        filter: true,
        readOnly: true,
      }),
      field("job_opportunity_id", "relation", {
        relation: { resource: "job-opportunities", labelField: "title" },
        filter: true,
        readOnly: true,
      }),
      field("scholarship_id", "relation", {
        relation: { resource: "scholarship", labelField: "title" },
        filter: true,
        readOnly: true,
      }),
      field("user_id", "number", { filter: true, readOnly: true }),
      field("full_name", "text", { list: true, sort: true, search: true, readOnly: true }),
      field("email", "email", { list: true, search: true, readOnly: true }),
      field("contact_number", "phone", { list: true, readOnly: true }),
      field("profession", "text", { list: true, readOnly: true }),
      field("institution_id", "number", { filter: true, readOnly: true }),
      field("institution", "text", { list: true, sort: true, readOnly: true }),
      field("department", "text", { list: true, readOnly: true }),
      field("applied_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
      field("applicant_type", "enum", { enum: "applicantOrigin", list: true, filter: true, readOnly: true }),
      // set by the pipeline's commands (bulk), never by the generic editor
      field("stage", "enum", { enum: "applicationStage", list: true, sort: true, filter: true, readOnly: true }),
      field("attendance", "enum", { enum: "attendance", list: true, filter: true, readOnly: true }),
      field("grade", "enum", { enum: "letterGrade", list: true, readOnly: true }),
      field("percentage", "number", { list: true, min: 0, max: 100, readOnly: true }),
      field("completion_status", "enum", { enum: "completionStatus", list: true, filter: true, readOnly: true }),
      field("certificate_code", "text", { readOnly: true }),
      field("withdrawn_at", "datetime", { filter: true, readOnly: true }),
      createdAt(),
      updatedAt(),
    ],
    defaultSort: { field: "applied_at", order: "desc" },
    actions: ["read", "export"],
    titleField: "full_name",
    ruleFilters: ["registration"],
    commands: [
      { name: "withdraw", target: "one" },
      // stage, attendance, grade, percentage, completion of many applicants at once, with history
      { name: "bulk", target: "many" },
    ],
    parents: [
      { field: "learning_event_id", resource: "learning-events" },
      { field: "job_opportunity_id", resource: "job-opportunities" },
      { field: "scholarship_id", resource: "scholarship" },
    ],
    // the pipeline's commands change these rows, so the level's actions hold whatever routes the resource has
    policy: {
      provider: [
        { actions: "pipeline", rows: "all" },
        { actions: ["bulk"], rows: "all", roles: changersOf("provider") },
      ],
      institution: [
        { actions: "pipeline", rows: "parents" },
        { actions: ["bulk"], rows: "parents", roles: changersOf("institution") },
        // their own learners' applications anywhere, to read
        { actions: ["read"], rows: "tenant" },
      ],
      recruiter: [
        { actions: "pipeline", rows: "parents" },
        { actions: ["bulk"], rows: "parents", roles: changersOf("recruiter") },
      ],
      // a learner reads their own applications and acts on them (withdraw): never anyone else's
      learner: [{ actions: ["read", "withdraw"], rows: "own" }],
    },
  },
  enrolments: {
    name: "enrolments",
    table: "enrolments",
    scope: "policy",
    // DESIGN §5a learner journey; the enrol, progress and bulk commands write these rows
    fields: [
      id(),
      field("item_type", "enum", { enum: "enrolmentItemType", list: true, filter: true, readOnly: true }),
      field("item_id", "number", { list: true, filter: true, readOnly: true }),
      enrolmentItemField("course_id", "courses"),
      enrolmentItemField("enrichment_program_id", "enrichment-programs"),
      enrolmentItemField("career_roadmap_id", "career-roadmap"),
      field("user_id", "number", { list: true, filter: true, readOnly: true }),
      field("institution_id", "number", { filter: true, readOnly: true }),
      field("enrolled_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
      field("progress", "number", { list: true, sort: true, min: 0, max: 100, readOnly: true }),
      field("completed_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
      field("certificate_code", "text", { readOnly: true }),
      field("completed_by", "number", { readOnly: true }),
      // the steps of a roadmap the learner has ticked, by name
      field("steps_done", "tags", { readOnly: true }),
      updatedAt(),
    ],
    defaultSort: { field: "enrolled_at", order: "desc" },
    actions: ["read", "export"],
    titleField: "item_type",
    ruleFilters: ["completed"],
    commands: [
      // `PATCH /enrolments/{id}` { progress?, completed?, steps? }
      { name: "progress", target: "one", asUpdate: true },
      // staff complete (or un-complete) many enrolments at once, all or nothing
      { name: "bulk", target: "many" },
    ],
    policy: {
      ...providerStaff(),
      institution: [
        // their own learners' enrolments, to read
        { actions: "reading", rows: "tenant" },
        // editors and admins complete their learners' courses and programs
        { actions: ["progress", "bulk"], rows: "tenant", roles: changersOf("institution"), where: STAFF_COMPLETED },
      ],
      // a learner reads their own enrolments and ticks the steps of their own roadmaps
      learner: [
        { actions: ["read"], rows: "own" },
        { actions: ["progress"], rows: "own", where: { item_type: "career-roadmap" } },
      ],
    },
  },
  "learner-skills": {
    name: "learner-skills",
    table: "learner_skills",
    scope: "policy",
    // skills a learner gained by completing what they enrolled in (or a learning event): GET /profile carries them
    fields: [
      id(),
      field("user_id", "number", { list: true, filter: true, readOnly: true }),
      field("institution_id", "number", { filter: true, readOnly: true }),
      field("name", "text", { list: true, sort: true, filter: true, search: true, readOnly: true }),
      field("gained_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
      field("source_type", "enum", { enum: "skillSourceType", list: true, filter: true, readOnly: true }),
      field("source_id", "number", { filter: true, readOnly: true }),
      field("source_title", "text", { list: true, search: true, readOnly: true }),
    ],
    defaultSort: { field: "gained_at", order: "desc" },
    actions: ["read", "export"],
    titleField: "name",
    policy: {
      ...providerStaff(),
      institution: [{ actions: "reading", rows: "tenant" }],
      learner: [{ actions: ["read"], rows: "own" }],
    },
  },
  "assessment-attempts": {
    name: "assessment-attempts",
    table: "assessment_attempts",
    scope: "policy",
    // DESIGN §5a; written by the self-assessment's `attempts` command, never edited or deleted
    fields: [
      id(),
      field("self_assessment_id", "relation", {
        relation: { resource: "self-assessment", labelField: "title" },
        list: true,
        filter: true,
        readOnly: true,
      }),
      field("user_id", "number", { list: true, filter: true, readOnly: true }),
      // the learner's institution when they took it: what their institution's staff read by
      field("institution_id", "number", { filter: true, readOnly: true }),
      // the learner's answers, one per question in order ("" for none)
      field("answers", "tags", { readOnly: true }),
      // the questions and their answer key as they were: staff read the key; the attempt's owner
      // only as the assessment's review policy allows (the API's assessment-attempts read hook),
      // and never in the assessment itself
      field("questions", "questions", { readOnly: true }),
      field("score", "number", { list: true, sort: true, readOnly: true }),
      field("max_score", "number", { list: true, readOnly: true }),
      field("percentage", "number", { list: true, sort: true, min: 0, max: 100, readOnly: true }),
      field("passed", "boolean", { list: true, filter: true, readOnly: true }),
      field("taken_at", "datetime", { list: true, sort: true, filter: true, readOnly: true }),
    ],
    defaultSort: { field: "taken_at", order: "desc" },
    actions: ["read", "export"],
    titleField: "taken_at",
    policy: learnerRecords(),
    featureKey: "self-assessment",
  },
};

export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];
export const isResourceName = (value: string): value is ResourceName => Object.hasOwn(RESOURCES, value);
