import type { FeatureKey } from "../features.js";
import type { IconName, MenuPlacement } from "../menu-entries.js";
import type { InstitutionType, Role, RoleKind } from "../roles.js";
import type { EnumName, FieldType, ResourceName, ResourceTables, TableName } from "./names.js";

export type { ResourceName, TableName };

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
  /**
   * Worked out by the server from other rows each time it is read (an applicant's skill match): no
   * column holds it. Read only; sorted when `sort`, never filtered or searched.
   */
  computed?: boolean;
  /** Only provider staff may set it (tenant columns, plan, status of tenants), or read it unless `scopeColumn`. */
  providerOnly?: boolean;
  /**
   * Written, never read (a client secret): no answer carries it, to anyone; the form offers it
   * empty, and writing it blank keeps what is stored. Never listed, filtered, sorted or searched.
   */
  writeOnly?: boolean;
  /**
   * A tenant column (`institution_id`, `recruiter_id`): everybody reads it, because it is what their
   * access rules are written in and the admin checks a row against those rules; only provider
   * staff set it.
   */
  scopeColumn?: boolean;
  /**
   * Field-level read rule: the role kinds that never receive this field — or, with
   * `keys`, those keys of each of its records — in any row the API sends (read-rules.ts).
   */
  hiddenFrom?: { kinds: readonly RoleKind[]; keys?: readonly string[] };
  min?: number;
  max?: number;
  maxLength?: number;
  /** The tag field is "tags" for staff and recruiters, "preferences" for institutions and learners. */
  labelByRole?: boolean;
}

/**
 * How a resource's rows belong to tenants; its role policy, built from the template
 * policies.ts has for its scope, says who reaches which of them:
 * - `global`: the provider's catalogue, rows of no tenant;
 * - `shared`: provider rows (no tenant) plus rows of an institution or recruiter;
 * - `institution`: every row belongs to one institution;
 * - `members`: user accounts, which belong to an institution or a recruiter company;
 * - `tenant`: the institution or recruiter company records themselves;
 * - `plan`: feature plans, each read by the institutions on it;
 * - `policy`: activity rows with a hand-written policy (applications).
 */
type ResourceScope = "global" | "shared" | "institution" | "members" | "tenant" | "plan" | "policy";

/**
 * Rows a grant of a role policy reaches (a user without the tenant their role needs, institution
 * staff without an institution or a recruiter without a company, reaches none):
 * - `all`: every row;
 * - `own`: rows whose `user_id` is the caller (a learner's applications, enrolments, attempts);
 * - `self`: the caller's own account (`id` is the caller);
 * - `tenant`: rows whose `institution_id` (institution roles) or `recruiter_id` (recruiters) is the caller's;
 * - `tenant-record`: the caller's own institution or recruiter company record (`id` is the tenant);
 * - `plan`: the feature plan of the caller's institution, if it has one;
 * - `provider-published`: the provider's published rows (no tenant, `publish_status` on);
 * - `published`: published rows of the provider and of the caller's institution (a learner's catalogue);
 * - `audience`: published postings whose access scope reaches the caller (ability.ts
 *   `postingAudience`): their institution's, and everyone's meant for all — a learner's postings;
 * - `role-kind`: rows whose `roles` list names the caller's role kind (the tutorials each kind sees);
 * - `parents`: rows whose parent (the resource's `parents`) is one of the caller's tenant's own
 *   rows — an application is managed by the staff of whoever posted what it applies to.
 */
export type PolicyRows =
  | "all"
  | "own"
  | "self"
  | "tenant"
  | "tenant-record"
  | "plan"
  | "provider-published"
  | "published"
  | "audience"
  | "role-kind"
  | "parents";

/**
 * What a grant lets the role do on its rows (each action also needs its permission slug):
 * - `level`: what the role's level (roles.ts `ROLE_LEVELS`) may do among the resource's `actions`,
 *   and the resource's `commands` at or below that level;
 * - `reading`: the same, but only its reading actions (read, export): rows others own;
 * - `pipeline`: every action of the role's level, whether or not the resource serves it as a
 *   route, and no command: activity rows changed by other resources' commands (applications);
 * - a list: exactly these actions and commands.
 */
type PolicyActions = "level" | "reading" | "pipeline" | readonly (ResourceAction | CommandName)[];

export interface PolicyGrant {
  actions: PolicyActions;
  rows: PolicyRows;
  /** Only these roles of the kind (employees: not the institution viewer); every role of it when absent. */
  roles?: readonly Role[];
  /** For institution staff: only at institutions of these types (students at colleges, employees at companies). */
  institutionTypes?: readonly InstitutionType[];
  /**
   * Only the rows of its reach that also hold these column values (any of a list): a learner ticks
   * the steps of their own roadmap enrolments, not of their courses.
   */
  where?: Readonly<Record<string, string | number | readonly (string | number)[]>>;
}

/**
 * The role policy of a resource: the resource, not the menu, is the unit of access.
 * Each role kind holds the grants listed for it and nothing else.
 */
export type RolePolicy = Partial<Record<RoleKind, readonly PolicyGrant[]>>;

export type ResourceAction = "read" | "create" | "update" | "delete" | "export";

/** Commands: each is an ability of its own, never another action's permission. */
export const COMMAND_NAMES = [
  "approve",
  "reject",
  "restore",
  "withdraw",
  "apply",
  "save",
  "bulk",
  "enrol",
  "progress",
  "attempts",
  "resend",
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/**
 * A command of a resource: `POST /{resource}/{id}/{name}` for one row, or `POST /{resource}/{name}`
 * with `{ ids }` for many (all or nothing). The API runs it in one transaction over rows the
 * caller's ability for the command reaches. `level` is the lowest role level that may run it on
 * the rows a `level` grant of the resource's policy reaches; other grants name their commands.
 */
export interface CommandDefinition {
  name: CommandName;
  target: "one" | "many";
  level?: "editor" | "admin";
  /**
   * Served as `PATCH /{resource}/{id}` rather than `POST /{resource}/{id}/{name}`: the one way the
   * row is changed (an enrolment's progress), where the contract names the resource's update.
   */
  asUpdate?: boolean;
  /**
   * The applicant's own command (apply to a posting): no `level` grant gives it, whatever the
   * level, only a grant that names it — staff who manage a posting do not apply to it.
   */
  byApplicant?: boolean;
}

/** A resource, as its module declares it (resources/<name>.ts); its name and table are those it adds to `ResourceTables`. */
export interface ResourceDefinition<Name extends ResourceName = ResourceName> {
  name: Name;
  table: ResourceTables[Name];
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
   * The row's time window, for the time filters (`?type=ongoing|upcoming|current|expired`):
   * `start` and `end` name date or date-time fields.
   */
  timeWindow?: { start?: string; end: string };
  commands?: readonly CommandDefinition[];
  /** Who may do what on which rows: the only source of rights on the resource (ability.ts). */
  policy: RolePolicy;
  /** The feature the resource belongs to: when an institution's plan lacks it, nobody gets any right on it. */
  featureKey?: FeatureKey;
  /** Rows this resource's rows belong to, for the `parents` rows of a policy. */
  parents?: readonly { field: string; resource: ResourceName }[];
  /** The icon of the resource's pages and menu entry. */
  icon?: IconName;
  /**
   * The resource's entry in the menu, if it has one: where it sits, its label, path and roles.
   * A resource in the menu is a topic of the Help page too (enums.ts `HELP_TOPICS`).
   */
  menu?: MenuPlacement;
  /** The Help page's en-US name for the resource's topic, where the menu's label is too short to say it. */
  helpLabel?: string;
  /** List filters over a rule rather than one column (`?registration=` of applications). */
  ruleFilters?: readonly RuleFilterName[];
}

/**
 * Filters no one column holds, by their query parameter, each with the enum of its values; the
 * API writes the SQL of each (resources/rule-filters.ts).
 */
export const RULE_FILTERS = {
  registration: "registrationFilter",
  completed: "completedFilter",
} as const satisfies Record<string, EnumName>;
export type RuleFilterName = keyof typeof RULE_FILTERS;
