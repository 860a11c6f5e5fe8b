import { describe, expect, it } from "vitest";
import { FEATURE_KEYS } from "./features.js";
import {
  dashboardPath,
  flattenMenu,
  isPathAllowed,
  type MenuItem,
  type MenuUser,
  menuFor,
  PREMIUM_TOOLTIP,
  PREMIUM_TOOLTIP_KEY,
} from "./menu.js";
import { ROLES, type Role } from "./roles.js";

/* Users as the API builds them: provider staff, recruiters and independent learners have every feature. */

const COLLEGE = { id: 5, type: "college" } as const;
const COMPANY = { id: 6, type: "company" } as const;
const ALL_FEATURES = [...FEATURE_KEYS];

const user = (
  role: Role,
  institution: MenuUser["institution"] = null,
  enabledFeatures: readonly string[] = ALL_FEATURES,
) => ({ id: 42, role, institution, enabledFeatures }) satisfies MenuUser;

/** A menu as names, a group as `{ group: [children] }`. */
type Shape = (string | Record<string, Shape>)[];
const shape = (items: readonly MenuItem[]): Shape =>
  items.map((item) => (item.children ? { [item.name]: shape(item.children) } : item.name));
const sorted = (tree: Shape): Shape =>
  tree
    .map((entry) =>
      typeof entry === "string"
        ? entry
        : Object.fromEntries(Object.entries(entry).map(([name, children]) => [name, sorted(children)])),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const names = (items: readonly MenuItem[]): string[] => flattenMenu(items).map((item) => item.name);
const find = (items: readonly MenuItem[], name: string) => flattenMenu(items).find((item) => item.name === name);

/* docs/access.md "Menu by role", written out per role. */

const PROVIDER_ADMIN_MENU: Shape = [
  "dashboard",
  "profile",
  "institutions",
  { learners: ["students", "employees", "imports"] },
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  { recruiters: ["recruiters-existing", "recruiters-request"] },
  "enrichment-programs",
  "feature-profile",
  "users",
  "invitations",
  "join-requests",
  { configuration: ["program-departments", "tags", "testimonials"] },
  { "activity-logs": ["deleted-users", "download-logs", "mail-queue"] },
];
/** Activity logs: super admin and provider admin only. */
const PROVIDER_STAFF_MENU: Shape = PROVIDER_ADMIN_MENU.filter(
  (entry) => typeof entry === "string" || !("activity-logs" in entry),
);

/** An institution's admins also have its plan and the record of its imports. */
const collegeMenu = (admin: boolean): Shape => [
  "dashboard",
  "profile",
  "institution-details",
  { learners: admin ? ["students", "imports"] : ["students"] },
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "college-recruiters",
  "enrichment-programs",
  ...(admin ? ["institution-feature-profile"] : []),
  "users",
  "invitations",
  "join-requests",
];

const companyMenu = (admin: boolean, employees: boolean): Shape => [
  "dashboard",
  "profile",
  "institution-details",
  ...(employees ? [{ learners: admin ? ["employees", "imports"] : ["employees"] }] : []),
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "enrichment-programs",
  ...(admin ? ["institution-feature-profile"] : []),
  "users",
  "invitations",
  "join-requests",
];

const RECRUITER_MENU: Shape = [
  "dashboard",
  "profile",
  "company-profile",
  "learning-events",
  "job-opportunities",
  "users",
];

const LEARNER_MENU: Shape = [
  "dashboard",
  "profile",
  "career-roadmap",
  "self-assessment",
  "courses",
  "scholarship",
  "learning-events",
  "job-opportunities",
  "global-partners",
  "users",
];

const CASES: [label: string, MenuUser, Shape][] = [
  ["super admin", user(ROLES.SUPER_ADMIN), PROVIDER_ADMIN_MENU],
  ["provider admin", user(ROLES.SKILLLAB_ADMIN), PROVIDER_ADMIN_MENU],
  ["provider editor", user(ROLES.SKILLLAB_EDITOR), PROVIDER_STAFF_MENU],
  ["provider viewer", user(ROLES.SKILLLAB_VIEWER), PROVIDER_STAFF_MENU],
  ["institution admin of a college", user(ROLES.INSTITUTION_ADMIN, COLLEGE), collegeMenu(true)],
  ["college admin", user(ROLES.COLLEGE_ADMIN, COLLEGE), collegeMenu(true)],
  ["institution editor of a college", user(ROLES.INSTITUTION_EDITOR, COLLEGE), collegeMenu(false)],
  ["institution viewer of a college", user(ROLES.INSTITUTION_VIEWER, COLLEGE), collegeMenu(false)],
  ["college viewer", user(ROLES.COLLEGE_VIEWER, COLLEGE), collegeMenu(false)],
  ["institution admin of a company", user(ROLES.INSTITUTION_ADMIN, COMPANY), companyMenu(true, true)],
  ["institution editor of a company", user(ROLES.INSTITUTION_EDITOR, COMPANY), companyMenu(false, true)],
  // employees exclude the institution viewer, so a company viewer has no learner group
  ["institution viewer of a company", user(ROLES.INSTITUTION_VIEWER, COMPANY), companyMenu(false, false)],
  ["recruiter admin", user(ROLES.RECRUITER_ADMIN), RECRUITER_MENU],
  ["recruiter editor", user(ROLES.RECRUITER_EDITOR), RECRUITER_MENU],
  ["recruiter viewer", user(ROLES.RECRUITER_VIEWER), RECRUITER_MENU.filter((name) => name !== "users")],
  ["independent learner", user(ROLES.LEARNER), LEARNER_MENU],
  ["student", user(ROLES.STUDENT, COLLEGE), LEARNER_MENU],
  ["employee", user(ROLES.EMPLOYEE, COMPANY), LEARNER_MENU],
];

describe("menu by role", () => {
  it.each(CASES)("gives the %s the entries", (_label, menuUser, expected) => {
    expect(sorted(shape(menuFor(menuUser)))).toEqual(sorted(expected));
  });

  it.each(CASES.filter(([label]) => !label.startsWith("recruiter")))(
    "lists the %s's entries in the order the menu gives them",
    (_label, menuUser, expected) => {
      expect(shape(menuFor(menuUser))).toEqual(expected);
    },
  );

  it("gives the activity-logs group to the super admin and provider admin only", () => {
    const hasLogs = (role: Role) => names(menuFor(user(role))).includes("activity-logs");
    expect(hasLogs(ROLES.SUPER_ADMIN)).toBe(true);
    expect(hasLogs(ROLES.SKILLLAB_ADMIN)).toBe(true);
    expect(hasLogs(ROLES.SKILLLAB_EDITOR)).toBe(false);
    expect(hasLogs(ROLES.SKILLLAB_VIEWER)).toBe(false);
  });

  it("keeps tags, testimonials, feature profile and program/departments for provider staff", () => {
    const providerOnly = ["tags", "testimonials", "feature-profile", "program-departments", "institutions"];
    for (const [label, menuUser] of CASES) {
      const isProvider = label.startsWith("provider") || label === "super admin";
      for (const name of providerOnly)
        expect(names(menuFor(menuUser)).includes(name), `${label}: ${name}`).toBe(isProvider);
    }
  });

  it("titles the own-institution entry Your College or Your Company", () => {
    expect(find(menuFor(user(ROLES.INSTITUTION_ADMIN, COLLEGE)), "institution-details")?.label).toBe("Your College");
    expect(find(menuFor(user(ROLES.INSTITUTION_ADMIN, COMPANY)), "institution-details")?.label).toBe("Your Company");
  });
});

/* Feature gating. */

const FEATURE_ENTRIES: Record<string, string> = {
  "career-roadmap": "career-roadmap",
  "self-assessment": "self-assessment",
  courses: "courses",
  scholarship: "scholarship",
  "learning-events": "job-role-trainings",
  "job-opportunities": "job-opportunities",
  "global-partners": "global-partner",
  "enrichment-programs": "external-programs",
};
const GATED = Object.keys(FEATURE_ENTRIES);

describe("feature gating", () => {
  it("disables an entry whose feature key the institution lacks", () => {
    const menu = menuFor(user(ROLES.INSTITUTION_ADMIN, COLLEGE, ["courses", "job-opportunities"]));
    for (const name of GATED) {
      const enabled = FEATURE_ENTRIES[name] === "courses" || FEATURE_ENTRIES[name] === "job-opportunities";
      expect(find(menu, name)?.disabled, name).toBe(!enabled);
    }
  });

  it("never disables an entry that has no feature key", () => {
    const menu = menuFor(user(ROLES.INSTITUTION_ADMIN, COLLEGE, []));
    for (const item of flattenMenu(menu).filter((entry) => !GATED.includes(entry.name))) {
      expect(item.disabled, item.name).toBe(false);
    }
  });

  it("disables every feature-keyed entry when the feature list is empty", () => {
    const menu = menuFor(user(ROLES.SUPER_ADMIN, null, []));
    expect(
      flattenMenu(menu)
        .filter((item) => item.disabled)
        .map((item) => item.name)
        .sort(),
    ).toEqual([...GATED].sort());
  });

  it.each([ROLES.INSTITUTION_ADMIN, ROLES.COLLEGE_ADMIN])(
    "shows %s disabled entries with the premium tooltip",
    (role) => {
      const menu = menuFor(user(role, COLLEGE, []));
      for (const name of GATED) {
        expect(find(menu, name), name).toMatchObject({
          disabled: true,
          tooltip: "This feature is only for our premium subscriber, contact us to activate it",
          tooltipKey: PREMIUM_TOOLTIP_KEY,
        });
      }
      expect(find(menu, "dashboard")?.tooltip).toBeUndefined();
    },
  );

  it.each([
    ["learner", user(ROLES.LEARNER, null, [])],
    ["student", user(ROLES.STUDENT, COLLEGE, [])],
    ["employee", user(ROLES.EMPLOYEE, COMPANY, [])],
    ["institution viewer", user(ROLES.INSTITUTION_VIEWER, COLLEGE, [])],
    ["college viewer", user(ROLES.COLLEGE_VIEWER, COLLEGE, [])],
    ["institution editor", user(ROLES.INSTITUTION_EDITOR, COLLEGE, [])],
  ])("hides disabled entries from the %s", (_label, menuUser) => {
    const menu = menuFor(menuUser);
    expect(flattenMenu(menu).some((item) => item.disabled)).toBe(false);
    for (const name of GATED) expect(names(menu)).not.toContain(name);
    expect(names(menu)).toContain("dashboard");
  });

  it("shows other roles their disabled entries, without the tooltip", () => {
    const provider = menuFor(user(ROLES.SKILLLAB_EDITOR, null, []));
    expect(find(provider, "courses")).toMatchObject({ disabled: true });
    expect(find(provider, "courses")?.tooltip).toBeUndefined();
    const recruiter = menuFor(user(ROLES.RECRUITER_ADMIN, null, ["job-opportunities"]));
    expect(find(recruiter, "learning-events")).toMatchObject({ disabled: true });
    expect(find(recruiter, "learning-events")?.tooltip).toBeUndefined();
    expect(find(recruiter, "job-opportunities")?.disabled).toBe(false);
  });

  it("uses the tooltip text", () => {
    expect(PREMIUM_TOOLTIP).toBe("This feature is only for our premium subscriber, contact us to activate it");
  });
});

/* Paths. */

const pathOf = (menuUser: MenuUser, name: string) => find(menuFor(menuUser), name)?.path;

describe("paths", () => {
  it("prefixes the admin area with /admin, except the shared profile", () => {
    const admin = user(ROLES.SUPER_ADMIN);
    const expected: Record<string, string> = {
      dashboard: "/admin/dashboard",
      profile: "/profile",
      institutions: "/admin/institutions",
      students: "/admin/learners/students",
      employees: "/admin/learners/employees",
      "self-assessment": "/admin/self-assessment",
      "learning-events": "/admin/job-trainings?type=ongoing",
      "job-opportunities": "/admin/job-opportunities?type=current",
      "career-roadmap": "/admin/career-roadmap",
      courses: "/admin/courses",
      scholarship: "/admin/scholarship",
      "global-partners": "/admin/global-partners",
      "enrichment-programs": "/admin/external-program",
      "recruiters-existing": "/admin/job-providers/existing",
      "recruiters-request": "/admin/job-providers/request",
      users: "/admin/users",
      "feature-profile": "/admin/feature-profile",
      tags: "/admin/tags",
      testimonials: "/admin/testimonials",
      "program-departments": "/admin/configuration/program-departments",
      "deleted-users": "/admin/activity-logs/deleted-users",
      "download-logs": "/admin/activity-logs/download-logs",
      "mail-queue": "/admin/activity-logs/mail-queue",
    };
    for (const [name, path] of Object.entries(expected)) expect(pathOf(admin, name), name).toBe(path);
    expect(pathOf(user(ROLES.INSTITUTION_ADMIN, COLLEGE), "college-recruiters")).toBe("/admin/job-providers-recruiter");
    expect(pathOf(user(ROLES.INSTITUTION_ADMIN, COLLEGE), "institution-feature-profile")).toBe(
      "/admin/institution-feature-profile",
    );
    expect(pathOf(user(ROLES.RECRUITER_ADMIN), "company-profile")).toBe("/admin/company-profile");
  });

  it("gives learners paths without /admin, and self assessment with ?type=all", () => {
    for (const role of [ROLES.LEARNER, ROLES.STUDENT, ROLES.EMPLOYEE]) {
      const learner = user(role, role === ROLES.STUDENT ? COLLEGE : role === ROLES.EMPLOYEE ? COMPANY : null);
      const paths = flattenMenu(menuFor(learner)).map((item) => item.path);
      for (const path of paths) expect(path, role).not.toMatch(/^\/admin/);
      expect(pathOf(learner, "self-assessment")).toBe("/self-assessment?type=all");
      expect(pathOf(learner, "dashboard")).toBe("/dashboard");
      expect(pathOf(learner, "learning-events")).toBe("/job-trainings?type=ongoing");
    }
  });

  it("adds ?type=all for learners only", () => {
    expect(pathOf(user(ROLES.INSTITUTION_ADMIN, COLLEGE), "self-assessment")).toBe("/admin/self-assessment");
  });

  it("fills the institution-details path with the user's own institution id and type", () => {
    expect(pathOf(user(ROLES.INSTITUTION_VIEWER, COLLEGE), "institution-details")).toBe(
      "/admin/institutions/details/5?type=college",
    );
    expect(pathOf(user(ROLES.INSTITUTION_EDITOR, COMPANY), "institution-details")).toBe(
      "/admin/institutions/details/6?type=company",
    );
  });

  it("gives groups no path", () => {
    expect(find(menuFor(user(ROLES.SUPER_ADMIN)), "learners")?.path).toBeNull();
  });

  it("sends each role home to its own dashboard", () => {
    expect(dashboardPath(ROLES.LEARNER)).toBe("/dashboard");
    expect(dashboardPath(ROLES.STUDENT)).toBe("/dashboard");
    expect(dashboardPath(ROLES.RECRUITER_VIEWER)).toBe("/admin/dashboard");
    expect(dashboardPath(ROLES.SUPER_ADMIN)).toBe("/admin/dashboard");
  });
});

/* Access rules. */

const allowed = (menuUser: MenuUser, path: string) => isPathAllowed(menuFor(menuUser), path, menuUser.role);

describe("isPathAllowed (access rules)", () => {
  const collegeAdmin = user(ROLES.INSTITUTION_ADMIN, COLLEGE);

  it("allows a path that matches an entry of the user's menu, with its sub-pages", () => {
    expect(allowed(collegeAdmin, "/admin/courses")).toBe(true);
    expect(allowed(collegeAdmin, "/admin/courses/create")).toBe(true);
    expect(allowed(collegeAdmin, "/admin/job-trainings?type=upcoming")).toBe(true);
    expect(allowed(collegeAdmin, "/profile")).toBe(true);
  });

  it("refuses a path outside the user's menu", () => {
    expect(allowed(collegeAdmin, "/admin/institutions")).toBe(false);
    expect(allowed(collegeAdmin, "/admin/tags")).toBe(false);
    expect(allowed(collegeAdmin, "/admin/learners/employees")).toBe(false);
    expect(allowed(collegeAdmin, "/admin/coursesx")).toBe(false);
    expect(allowed(user(ROLES.RECRUITER_VIEWER), "/admin/users")).toBe(false);
  });

  it("refuses a disabled entry", () => {
    const withoutCourses = user(ROLES.INSTITUTION_ADMIN, COLLEGE, ["scholarship"]);
    expect(allowed(withoutCourses, "/admin/courses")).toBe(false);
    expect(allowed(withoutCourses, "/admin/scholarship")).toBe(true);
  });

  it("matches the institution details only for the user's own institution id", () => {
    expect(allowed(collegeAdmin, "/admin/institutions/details/5?type=college")).toBe(true);
    expect(allowed(collegeAdmin, "/admin/institutions/details/5")).toBe(true);
    expect(allowed(collegeAdmin, "/admin/institutions/details/6?type=college")).toBe(false);
    expect(allowed(collegeAdmin, "/admin/institutions/details/55")).toBe(false);
    expect(allowed(user(ROLES.INSTITUTION_VIEWER, COMPANY), "/admin/institutions/details/5?type=college")).toBe(false);
  });

  it("lets provider staff open any institution's details from the institutions list", () => {
    expect(allowed(user(ROLES.SKILLLAB_VIEWER), "/admin/institutions/details/6?type=company")).toBe(true);
  });

  it.each([
    ["provider viewer", user(ROLES.SKILLLAB_VIEWER)],
    ["college viewer", user(ROLES.COLLEGE_VIEWER, COLLEGE)],
    ["company viewer, who has no employees list", user(ROLES.INSTITUTION_VIEWER, COMPANY)],
    ["recruiter viewer", user(ROLES.RECRUITER_VIEWER)],
  ])("allows student and employee detail pages to the %s", (_label, menuUser) => {
    expect(allowed(menuUser, "/admin/learners/students/details/17")).toBe(true);
    expect(allowed(menuUser, "/admin/learners/employees/details/18")).toBe(true);
  });

  it("does not give learners the admin-area detail pages", () => {
    const learner = user(ROLES.STUDENT, COLLEGE);
    expect(allowed(learner, "/admin/learners/students/details/17")).toBe(false);
    expect(allowed(learner, "/learners/students/details/17")).toBe(false);
  });

  it("keeps learners out of the admin area and in their own", () => {
    const learner = user(ROLES.LEARNER);
    expect(allowed(learner, "/admin/dashboard")).toBe(false);
    expect(allowed(learner, "/dashboard")).toBe(true);
    expect(allowed(learner, "/self-assessment")).toBe(true);
    expect(allowed(learner, "/profile")).toBe(true);
  });

  it("refuses the activity logs to provider editors and viewers, who lack the group", () => {
    expect(allowed(user(ROLES.SUPER_ADMIN), "/admin/activity-logs/deleted-users")).toBe(true);
    expect(allowed(user(ROLES.SKILLLAB_ADMIN), "/admin/activity-logs/download-logs")).toBe(true);
    expect(allowed(user(ROLES.SKILLLAB_EDITOR), "/admin/activity-logs/deleted-users")).toBe(false);
    expect(allowed(user(ROLES.SKILLLAB_VIEWER), "/admin/activity-logs/download-logs")).toBe(false);
  });
});
