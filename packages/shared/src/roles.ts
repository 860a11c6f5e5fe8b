/** Roles (plus EMPLOYEE, the company learner). */
export const ROLES = {
  SUPER_ADMIN: "SUPER_ADMIN",
  SKILLLAB_ADMIN: "SKILLLAB_ADMIN",
  SKILLLAB_EDITOR: "SKILLLAB_EDITOR",
  SKILLLAB_VIEWER: "SKILLLAB_VIEWER",
  INSTITUTION_ADMIN: "INSTITUTION_ADMIN",
  INSTITUTION_EDITOR: "INSTITUTION_EDITOR",
  INSTITUTION_VIEWER: "INSTITUTION_VIEWER",
  COLLEGE_ADMIN: "COLLEGE_ADMIN",
  COLLEGE_VIEWER: "COLLEGE_VIEWER",
  RECRUITER_ADMIN: "RECRUITER_ADMIN",
  RECRUITER_EDITOR: "RECRUITER_EDITOR",
  RECRUITER_VIEWER: "RECRUITER_VIEWER",
  LEARNER: "LEARNER",
  STUDENT: "STUDENT",
  EMPLOYEE: "EMPLOYEE",
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES = Object.values(ROLES) as Role[];

/** The role a user has when none is given. */
export const DEFAULT_ROLE: Role = ROLES.LEARNER;

export const PROVIDER_ROLES: readonly Role[] = [
  ROLES.SUPER_ADMIN,
  ROLES.SKILLLAB_ADMIN,
  ROLES.SKILLLAB_EDITOR,
  ROLES.SKILLLAB_VIEWER,
];
export const INSTITUTION_ADMIN_ROLES: readonly Role[] = [ROLES.INSTITUTION_ADMIN, ROLES.COLLEGE_ADMIN];
const INSTITUTION_EDITOR_ROLES: readonly Role[] = [ROLES.INSTITUTION_EDITOR];
export const INSTITUTION_VIEWER_ROLES: readonly Role[] = [ROLES.INSTITUTION_VIEWER, ROLES.COLLEGE_VIEWER];
export const INSTITUTION_STAFF_ROLES: readonly Role[] = [
  ...INSTITUTION_ADMIN_ROLES,
  ...INSTITUTION_EDITOR_ROLES,
  ...INSTITUTION_VIEWER_ROLES,
];
/** Roles that exist only for colleges (college-scoped checks require account type college). */
const COLLEGE_ONLY_ROLES: readonly Role[] = [ROLES.COLLEGE_ADMIN, ROLES.COLLEGE_VIEWER];
export const RECRUITER_ROLES: readonly Role[] = [ROLES.RECRUITER_ADMIN, ROLES.RECRUITER_EDITOR, ROLES.RECRUITER_VIEWER];
export const LEARNER_ROLES: readonly Role[] = [ROLES.LEARNER, ROLES.STUDENT, ROLES.EMPLOYEE];
/** Every role, kind by kind: provider staff, institution staff, recruiters, learners. */
export const EVERY_ROLE: readonly Role[] = [
  ...PROVIDER_ROLES,
  ...INSTITUTION_STAFF_ROLES,
  ...RECRUITER_ROLES,
  ...LEARNER_ROLES,
];

/**
 * What a role may do on the rows its policy reaches: viewers (and learners, on
 * everything but their own rows) read; editors also create, edit, export and run editor commands;
 * admins also delete and run admin commands.
 */
export type RoleLevel = "viewer" | "editor" | "admin";
export const ROLE_LEVELS: Record<Role, RoleLevel> = {
  SUPER_ADMIN: "admin",
  SKILLLAB_ADMIN: "admin",
  SKILLLAB_EDITOR: "editor",
  SKILLLAB_VIEWER: "viewer",
  INSTITUTION_ADMIN: "admin",
  INSTITUTION_EDITOR: "editor",
  INSTITUTION_VIEWER: "viewer",
  COLLEGE_ADMIN: "admin",
  COLLEGE_VIEWER: "viewer",
  RECRUITER_ADMIN: "admin",
  RECRUITER_EDITOR: "editor",
  RECRUITER_VIEWER: "viewer",
  LEARNER: "viewer",
  STUDENT: "viewer",
  EMPLOYEE: "viewer",
};

/** Display names (en-US); the locale key is `roles.<ROLE>`. */
export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: "Super Admin",
  SKILLLAB_ADMIN: "Skill Lab Admin",
  SKILLLAB_EDITOR: "Skill Lab Editor",
  SKILLLAB_VIEWER: "Skill Lab Viewer",
  INSTITUTION_ADMIN: "Institution Admin",
  INSTITUTION_EDITOR: "Institution Editor",
  INSTITUTION_VIEWER: "Institution Viewer",
  COLLEGE_ADMIN: "Institution Admin",
  COLLEGE_VIEWER: "Institution Viewer",
  RECRUITER_ADMIN: "Recruiter Admin",
  RECRUITER_EDITOR: "Recruiter Editor",
  RECRUITER_VIEWER: "Recruiter Viewer",
  LEARNER: "Learner",
  STUDENT: "Student",
  EMPLOYEE: "Employee",
};

export const ROLE_KINDS = ["provider", "institution", "recruiter", "learner"] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];

export function roleKind(role: Role): RoleKind {
  if (PROVIDER_ROLES.includes(role)) return "provider";
  if (INSTITUTION_STAFF_ROLES.includes(role)) return "institution";
  if (RECRUITER_ROLES.includes(role)) return "recruiter";
  return "learner";
}

export const isProviderRole = (role: Role) => PROVIDER_ROLES.includes(role);
export const isInstitutionAdmin = (role: Role) => INSTITUTION_ADMIN_ROLES.includes(role);
export const isLearnerRole = (role: Role) => LEARNER_ROLES.includes(role);
export const isRole = (value: unknown): value is Role =>
  typeof value === "string" && (ALL_ROLES as string[]).includes(value);

/** Learner role for an institution of the given type; independent learners are LEARNER. */
export function learnerRoleFor(institutionType: AccountType | null | undefined): Role {
  if (institutionType === "college") return ROLES.STUDENT;
  if (institutionType === "company") return ROLES.EMPLOYEE;
  return ROLES.LEARNER;
}

/** Account types. */
export const ACCOUNT_TYPES = ["college", "company", "recruiter"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const INSTITUTION_TYPES = ["college", "company"] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];

/**
 * Whether a role may belong to an institution of the given type. COLLEGE_* roles exist only for
 * colleges; institution roles need an institution, recruiter roles a recruiter company.
 */
export function roleFitsInstitution(role: Role, institutionType: InstitutionType | null): boolean {
  if (COLLEGE_ONLY_ROLES.includes(role)) return institutionType === "college";
  if (role === ROLES.STUDENT) return institutionType === "college";
  if (role === ROLES.EMPLOYEE) return institutionType === "company";
  if (INSTITUTION_STAFF_ROLES.includes(role)) return institutionType !== null;
  return institutionType === null;
}

/**
 * Roles a user may give to accounts they manage: never above their own level, and only within
 * their kind (an institution's staff and its learners; a recruiter company's staff). Learners
 * and viewers give none. Whether the role fits the account's institution is `roleFitsInstitution`.
 */
export function assignableRoles(role: Role): Role[] {
  switch (role) {
    case ROLES.SUPER_ADMIN:
      return [...ALL_ROLES];
    case ROLES.SKILLLAB_ADMIN:
      return ALL_ROLES.filter((r) => r !== ROLES.SUPER_ADMIN);
    case ROLES.SKILLLAB_EDITOR:
      return ALL_ROLES.filter((r) => !PROVIDER_ROLES.includes(r));
    case ROLES.INSTITUTION_ADMIN:
    case ROLES.COLLEGE_ADMIN:
      return [...INSTITUTION_STAFF_ROLES, ROLES.STUDENT, ROLES.EMPLOYEE];
    case ROLES.INSTITUTION_EDITOR:
      return [ROLES.INSTITUTION_EDITOR, ...INSTITUTION_VIEWER_ROLES, ROLES.STUDENT, ROLES.EMPLOYEE];
    case ROLES.RECRUITER_ADMIN:
      return [...RECRUITER_ROLES];
    case ROLES.RECRUITER_EDITOR:
      return [ROLES.RECRUITER_EDITOR, ROLES.RECRUITER_VIEWER];
    default:
      return [];
  }
}
