import { ROLES, type Role } from "@csc/shared";

/** The sixteen demo accounts, with the site each signs in on. */
export const DEMO_ACCOUNTS: { email: string; role: Role; site: string; institution: string | null }[] = [
  { email: "superadmin@example.com", role: ROLES.SUPER_ADMIN, site: "provider", institution: null },
  { email: "skilllab.admin@example.com", role: ROLES.SKILLLAB_ADMIN, site: "provider", institution: null },
  { email: "skilllab.editor@example.com", role: ROLES.SKILLLAB_EDITOR, site: "provider", institution: null },
  { email: "skilllab.viewer@example.com", role: ROLES.SKILLLAB_VIEWER, site: "provider", institution: null },
  { email: "college.admin@example.com", role: ROLES.COLLEGE_ADMIN, site: "kmc", institution: "kmc" },
  { email: "college.editor@example.com", role: ROLES.INSTITUTION_EDITOR, site: "kmc", institution: "kmc" },
  { email: "college.viewer@example.com", role: ROLES.COLLEGE_VIEWER, site: "kmc", institution: "kmc" },
  { email: "company.admin@example.com", role: ROLES.INSTITUTION_ADMIN, site: "himal", institution: "himal" },
  { email: "company.editor@example.com", role: ROLES.INSTITUTION_EDITOR, site: "himal", institution: "himal" },
  { email: "company.viewer@example.com", role: ROLES.INSTITUTION_VIEWER, site: "himal", institution: "himal" },
  { email: "recruiter.admin@example.com", role: ROLES.RECRUITER_ADMIN, site: "recruiter", institution: null },
  { email: "recruiter.editor@example.com", role: ROLES.RECRUITER_EDITOR, site: "recruiter", institution: null },
  { email: "recruiter.viewer@example.com", role: ROLES.RECRUITER_VIEWER, site: "recruiter", institution: null },
  { email: "student@example.com", role: ROLES.STUDENT, site: "kmc", institution: "kmc" },
  { email: "employee@example.com", role: ROLES.EMPLOYEE, site: "himal", institution: "himal" },
  { email: "learner@example.com", role: ROLES.LEARNER, site: "provider", institution: null },
];
