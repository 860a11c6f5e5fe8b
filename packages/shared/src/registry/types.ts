import type { EnumName } from "../enums.js";
import type { MenuName } from "../menu.js";
import type { RoleKind } from "../roles.js";

/** Field types the generic pages and the CRUD engine know (issue 4, DESIGN §2). */
export const FIELD_TYPES = [
  "text",
  "textarea",
  "richtext",
  "number",
  "boolean",
  "enum",
  "date",
  "datetime",
  "email",
  "phone",
  "url",
  "linkedin",
  "color",
  "image",
  "tags",
  "relation",
  "province",
  "district",
  "municipality",
  "country",
  "year",
  "contacts",
  "questions",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types stored as JSON text: lists and nested records. */
export const JSON_FIELD_TYPES: readonly FieldType[] = ["tags", "contacts", "questions"];
/** Types whose stored value is a number. */
export const NUMERIC_FIELD_TYPES: readonly FieldType[] = [
  "number",
  "relation",
  "province",
  "district",
  "municipality",
  "year",
];

export interface FieldDefinition {
  name: string;
  type: FieldType;
  required?: boolean;
  /**
   * What a new row holds when the body leaves the field out or blank: its column is NOT NULL with
   * this default, so the field can be changed but never cleared.
   */
  default?: string | number | boolean;
  /** Enum options by name (enums.ts) for `enum` and `tags` fields. */
  enum?: EnumName | "role";
  /** The resource a `relation` field points at, and the field shown for it. */
  relation?: { resource: ResourceName; labelField: string };
  /** Shown as a list column unless the user hides it. */
  list?: boolean;
  filter?: boolean;
  sort?: boolean;
  /** Part of the free-text search `q`. */
  search?: boolean;
  /** Set by the server (ids, timestamps, tenant columns for non-provider users); never from a body. */
  readOnly?: boolean;
  /** Only provider staff may set it (tenant columns, plan, status of tenants), or read it unless `scopeColumn`. */
  providerOnly?: boolean;
  /**
   * A tenant column (`institution_id`, `recruiter_id`): everybody reads it, because it is what their
   * access rules are written in and the admin checks a row against those rules; only provider
   * staff set it.
   */
  scopeColumn?: boolean;
  /**
   * Field-level read rule (DESIGN §6): the role kinds that never receive this field — or, with
   * `keys`, those keys of each of its records — in any row the API sends (read-rules.ts).
   */
  hiddenFrom?: { kinds: readonly RoleKind[]; keys?: readonly string[] };
  min?: number;
  max?: number;
  maxLength?: number;
  /** Spec §6: the tag field is "tags" for staff and recruiters, "preferences" for institutions and learners. */
  labelByRole?: boolean;
}

/**
 * Which rows a resource's rules reach (DESIGN §6):
 * - `global`: the provider's catalogue; everyone with the menu entry reads it, provider staff write it;
 * - `shared`: provider rows (no tenant) plus rows of an institution or recruiter: each tenant
 *   reads the provider's and its own, and writes its own;
 * - `institution`: every row belongs to one institution;
 * - `members`: user accounts, reached through their institution or recruiter company;
 * - `tenant`: the caller's own institution or recruiter company record;
 * - `plan`: the caller's institution's feature plan (read only).
 */
export type ResourceScope = "global" | "shared" | "institution" | "members" | "tenant" | "plan" | "policy";

/**
 * Rows a grant of a role policy reaches:
 * - `all`: every row;
 * - `own`: rows whose `user_id` is the caller (a learner's applications, enrolments, attempts);
 * - `tenant`: rows whose `institution_id` (institution roles) or `recruiter_id` (recruiters) is the caller's;
 * - `parents`: rows whose parent (the resource's `parents`) the caller may write — an application
 *   is managed by whoever manages its posting.
 */
export type PolicyRows = "all" | "own" | "tenant" | "parents";

export interface PolicyGrant {
  /** `level`: what the role's level may do (viewers read; editors also create, edit and export; admins also delete). */
  actions: "level" | readonly (ResourceAction | CommandName)[];
  rows: PolicyRows;
}

/**
 * The role policy of a resource (DESIGN §6): the resource, not the menu, is the unit of access.
 * Each role kind holds the grants listed for it and nothing else.
 */
export type RolePolicy = Partial<Record<RoleKind, readonly PolicyGrant[]>>;

export type ResourceAction = "read" | "create" | "update" | "delete" | "export";

/** Commands (DESIGN §6): each is an ability of its own, never another action's permission. */
export const COMMAND_NAMES = ["approve", "reject", "restore", "withdraw"] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/**
 * A command of a resource: `POST /{resource}/{id}/{name}` for one row, or `POST /{resource}/{name}`
 * with `{ ids }` for many (all or nothing). The API runs it in one transaction over rows the
 * caller's ability for the command reaches. `level` is the lowest role level that may run it on
 * the rows its scope reaches; resources with a role policy grant commands in their policy instead.
 */
export interface CommandDefinition {
  name: CommandName;
  target: "one" | "many";
  level?: "editor" | "admin";
}

export interface ResourceDefinition {
  name: ResourceName;
  table: TableName;
  scope: ResourceScope;
  fields: FieldDefinition[];
  defaultSort: { field: string; order: "asc" | "desc" };
  /** What the resource supports at all; the role's level cuts it further. */
  actions: readonly ResourceAction[];
  /** Column values every row of this resource has: a filter on read, a value on create. */
  fixed?: Record<string, string | number>;
  /**
   * Soft deletion through `deleted_at`: `hide` keeps deleted rows out (delete only stamps them),
   * `only` shows nothing but deleted rows (Activity Logs → Deleted Users).
   */
  softDelete?: "hide" | "only";
  /** Field shown as the row's title (relations, breadcrumbs). */
  titleField: string;
  /**
   * The row's time window, for the time filters of spec §4 (`?type=ongoing|upcoming|current|expired`):
   * `start` and `end` name date or date-time fields.
   */
  timeWindow?: { start?: string; end: string };
  commands?: readonly CommandDefinition[];
  /** For `scope: "policy"`: who may do what on which rows. */
  policy?: RolePolicy;
  /** Rows this resource's rows belong to, for the `parents` rows of a policy. */
  parents?: readonly { field: string; resource: ResourceName }[];
}

export type TableName =
  | "institutions"
  | "users"
  | "recruiters"
  | "institution_recruiters"
  | "courses"
  | "scholarships"
  | "global_partners"
  | "career_roadmaps"
  | "self_assessments"
  | "learning_events"
  | "job_opportunities"
  | "external_programs"
  | "feature_profiles"
  | "program_departments"
  | "tags"
  | "testimonials"
  | "download_logs"
  | "applications";

/** Resources with a menu entry: the menu's leaf entries that open a page of rows. */
export type MenuResourceName = Exclude<
  MenuName,
  "dashboard" | "profile" | "learners" | "recruiters" | "configuration" | "activity-logs"
>;
/** Resources without a menu entry of their own: activity that pages of other resources show. */
export type ActivityResourceName = "applications";
export type ResourceName = MenuResourceName | ActivityResourceName;
