import { subject } from "@casl/ability";
import { describe, expect, it } from "vitest";
import {
  type AbilityUser,
  type Action,
  abilityFromRules,
  defineAbilityFor,
  enabledFeaturesFor,
  hasPermission,
  permissionSlug,
  postingAudience,
  rulesFor,
} from "./ability.js";
import { FEATURE_KEYS } from "./features.js";
import type { MenuName } from "./menu.js";
import type { ResourceName } from "./registry/types.js";
import { isResourceName, RESOURCES } from "./resources/index.js";
import { ROLES, type Role } from "./roles.js";

const COLLEGE = { id: 5, type: "college" } as const;
const COMPANY = { id: 6, type: "company" } as const;

const user = (role: Role, overrides: Partial<AbilityUser> = {}): AbilityUser => ({
  id: 42,
  role,
  institution: null,
  enabledFeatures: [...FEATURE_KEYS],
  recruiterId: null,
  planId: null,
  permissions: [],
  ...overrides,
});

/**
 * A row of a resource, for condition checks. AppAbility's subject type lists only subject names,
 * so the tagged row is cast to what `can` accepts (CASL reads the tag at run time).
 */
const row = (name: MenuName | ResourceName, fields: Record<string, unknown>) =>
  subject(name, { ...fields }) as unknown as MenuName;

describe("permission slugs", () => {
  it("are <resource>.<action>", () => {
    expect(permissionSlug("learning-events", "update")).toBe("learning-events.update");
  });

  it.each([ROLES.SUPER_ADMIN, ROLES.SKILLLAB_ADMIN, ROLES.SKILLLAB_EDITOR, ROLES.SKILLLAB_VIEWER])(
    "lets provider staff (%s) bypass every slug check",
    (role) => {
      expect(hasPermission({ role, permissions: ["tags.read"] }, "courses.delete")).toBe(true);
      expect(hasPermission({ role, permissions: [] }, "courses.delete")).toBe(true);
    },
  );

  it.each([ROLES.INSTITUTION_ADMIN, ROLES.RECRUITER_EDITOR, ROLES.LEARNER])(
    "lets %s pass with an empty list or the slug, and only then",
    (role) => {
      expect(hasPermission({ role, permissions: [] }, "courses.delete")).toBe(true);
      expect(hasPermission({ role, permissions: ["courses.delete"] }, "courses.delete")).toBe(true);
      expect(hasPermission({ role, permissions: ["courses.read"] }, "courses.delete")).toBe(false);
    },
  );
});

describe("defineAbilityFor: scope conditions", () => {
  it("scopes institution staff to their institution_id", () => {
    const ability = defineAbilityFor(user(ROLES.INSTITUTION_ADMIN, { institution: COLLEGE }));
    expect(ability.can("read", row("students", { institution_id: 5 }))).toBe(true);
    expect(ability.can("read", row("students", { institution_id: 6 }))).toBe(false);
    expect(ability.can("update", row("courses", { institution_id: 5 }))).toBe(true);
    expect(ability.can("update", row("courses", { institution_id: 6 }))).toBe(false);
  });

  it("never reaches another tenant's rows, whatever the resource", () => {
    const otherTenant = { institution_id: 6, recruiter_id: 10, id: 6, user_id: 7, publish_status: true };
    for (const abilityUser of [
      user(ROLES.INSTITUTION_ADMIN, { institution: COLLEGE }),
      user(ROLES.RECRUITER_ADMIN, { recruiterId: 9 }),
      user(ROLES.STUDENT, { institution: COLLEGE }),
    ]) {
      const ability = defineAbilityFor(abilityUser);
      for (const rule of ability.rules) {
        if (rule.conditions === undefined) continue;
        // a resource reached through its parents has a grant with no CASL conditions: its rows are
        // cut in SQL over the parent (apps/api/test/applications.test.ts proves that)
        if (isResourceName(rule.subject as string) && RESOURCES[rule.subject as ResourceName].parents) continue;
        const actions = Array.isArray(rule.action) ? rule.action : [rule.action];
        for (const action of actions) {
          expect(
            ability.can(action, row(rule.subject as MenuName, otherTenant)),
            `${abilityUser.role} ${action} ${rule.subject}`,
          ).toBe(false);
        }
      }
    }
  });

  it("gives a resource with no menu entry its rights from the role policy: applications", () => {
    const student = defineAbilityFor(user(ROLES.STUDENT, { institution: COLLEGE }));
    // a learner acts on (withdraws) their own application, and nobody else's; edits none
    expect(student.can("withdraw", row("applications", { user_id: 42 }))).toBe(true);
    expect(student.can("withdraw", row("applications", { user_id: 43 }))).toBe(false);
    expect(student.can("update", row("applications", { user_id: 42 }))).toBe(false);
    expect(student.can("read", row("applications", { user_id: 43, institution_id: 5 }))).toBe(false);
    expect(student.can("delete", row("applications", { user_id: 42 }))).toBe(false);

    const viewer = defineAbilityFor(user(ROLES.INSTITUTION_VIEWER, { institution: COLLEGE }));
    expect(viewer.can("read", "applications")).toBe(true);
    expect(viewer.can("update", "applications")).toBe(false);
    const editor = defineAbilityFor(user(ROLES.INSTITUTION_EDITOR, { institution: COLLEGE }));
    expect(editor.can("update", "applications")).toBe(true);
    const recruiter = defineAbilityFor(user(ROLES.RECRUITER_VIEWER, { recruiterId: 9 }));
    expect(recruiter.can("read", "applications")).toBe(true);
    expect(recruiter.can("update", "applications")).toBe(false);
    // institution staff and recruiters manage applications through the postings they may write
    const parents = editor.rulesFor("update", "applications").map((rule) => rule.reason ?? "");
    expect(
      parents.some((reason) => reason.includes('"learning-events"') && reason.includes('"institution_id":5')),
    ).toBe(true);
    // a recruiter without a company, or institution staff without an institution, get nothing
    expect(defineAbilityFor(user(ROLES.RECRUITER_ADMIN)).can("read", "applications")).toBe(false);
    expect(defineAbilityFor(user(ROLES.INSTITUTION_ADMIN)).can("read", "applications")).toBe(false);
  });

  it("lets nobody delete their own account, while admins delete their colleagues'", () => {
    for (const role of [ROLES.SUPER_ADMIN, ROLES.INSTITUTION_ADMIN, ROLES.RECRUITER_ADMIN]) {
      const ability = defineAbilityFor(user(role, { institution: COLLEGE, recruiterId: 9 }));
      const own = { id: 42, institution_id: 5, recruiter_id: 9, role };
      expect(ability.can("delete", row("users", own)), role).toBe(false);
      expect(ability.can("delete", row("users", { ...own, id: 43 })), role).toBe(true);
    }
  });

  it("lets institution staff read the provider's catalogue rows but write only their own", () => {
    const ability = defineAbilityFor(user(ROLES.INSTITUTION_EDITOR, { institution: COLLEGE }));
    expect(ability.can("read", row("courses", { institution_id: null, publish_status: true }))).toBe(true);
    expect(ability.can("read", row("courses", { institution_id: null, publish_status: false }))).toBe(false);
    expect(ability.can("read", row("courses", { institution_id: 5, publish_status: false }))).toBe(true);
    expect(ability.can("update", row("courses", { institution_id: null, publish_status: true }))).toBe(false);
    expect(ability.can("update", row("courses", { institution_id: 5 }))).toBe(true);
    expect(ability.can("update", row("institution-details", { id: 5 }))).toBe(true);
    expect(ability.can("update", row("institution-details", { id: 6 }))).toBe(false);
  });

  it("scopes recruiters to their recruiter_id", () => {
    const ability = defineAbilityFor(user(ROLES.RECRUITER_ADMIN, { recruiterId: 9 }));
    expect(ability.can("update", row("job-opportunities", { recruiter_id: 9 }))).toBe(true);
    expect(ability.can("update", row("job-opportunities", { recruiter_id: 10 }))).toBe(false);
  });

  it("lets learners read published rows of the provider and their institution, and only their own account", () => {
    const ability = defineAbilityFor(user(ROLES.STUDENT, { institution: COLLEGE }));
    expect(ability.can("read", row("self-assessment", { institution_id: null, publish_status: true }))).toBe(true);
    expect(ability.can("read", row("self-assessment", { institution_id: 5, publish_status: true }))).toBe(true);
    expect(ability.can("read", row("self-assessment", { institution_id: 5, publish_status: false }))).toBe(false);
    expect(ability.can("read", row("self-assessment", { institution_id: 6, publish_status: true }))).toBe(false);
    expect(ability.can("update", row("self-assessment", { institution_id: 5, publish_status: true }))).toBe(false);
    expect(ability.can("read", row("users", { id: 42 }))).toBe(true);
    expect(ability.can("read", row("users", { id: 43 }))).toBe(false);
  });

  describe("a learner's postings, by access scope", () => {
    // who owns the posting, its scope, and whether each learner reaches it:
    // a student of the college (5), an employee of the company (6), a learner of no institution
    const cases: [string, Record<string, unknown>, { student: boolean; employee: boolean; skillLab: boolean }][] = [
      [
        "the college's local",
        { institution_id: 5, access_scope: "local" },
        { student: true, employee: false, skillLab: false },
      ],
      [
        "the college's default",
        { institution_id: 5, access_scope: "default" },
        { student: true, employee: false, skillLab: false },
      ],
      [
        "the college's unset",
        { institution_id: 5, access_scope: null },
        { student: true, employee: false, skillLab: false },
      ],
      [
        "the college's all",
        { institution_id: 5, access_scope: "all" },
        { student: true, employee: true, skillLab: true },
      ],
      [
        "the provider's local",
        { institution_id: null, access_scope: "local" },
        { student: false, employee: false, skillLab: true },
      ],
      [
        "the provider's default",
        { institution_id: null, access_scope: "default" },
        { student: true, employee: true, skillLab: true },
      ],
      [
        "the provider's unset",
        { institution_id: null, access_scope: null },
        { student: true, employee: true, skillLab: true },
      ],
      [
        "the provider's all",
        { institution_id: null, access_scope: "all" },
        { student: true, employee: true, skillLab: true },
      ],
      [
        "a recruiter's local",
        { institution_id: null, recruiter_id: 9, access_scope: "local" },
        { student: false, employee: false, skillLab: true },
      ],
      [
        "a recruiter's default",
        { institution_id: null, recruiter_id: 9, access_scope: "default" },
        { student: true, employee: true, skillLab: true },
      ],
      [
        "a scope no one knows",
        { institution_id: 5, access_scope: "LOCAL!" },
        { student: true, employee: false, skillLab: false },
      ],
      [
        "an unknown scope of the provider's (its own platform only)",
        { institution_id: null, access_scope: "everyone" },
        { student: false, employee: false, skillLab: true },
      ],
    ];
    const learners = {
      student: defineAbilityFor(user(ROLES.STUDENT, { institution: COLLEGE })),
      employee: defineAbilityFor(user(ROLES.EMPLOYEE, { institution: COMPANY })),
      skillLab: defineAbilityFor(user(ROLES.LEARNER)),
    };

    it.each(cases)("%s: read and apply alike, and only when published", (_, posting, reaches) => {
      for (const resource of ["learning-events", "job-opportunities"] as const) {
        for (const [who, ability] of Object.entries(learners)) {
          const expected = reaches[who as keyof typeof reaches];
          const published = row(resource, { ...posting, publish_status: true });
          expect(ability.can("read", published), `${who} reads ${resource}`).toBe(expected);
          expect(ability.can("apply", published), `${who} applies to ${resource}`).toBe(expected);
          const draft = row(resource, { ...posting, publish_status: false });
          expect(ability.can("read", draft), `${who} reads a draft of ${resource}`).toBe(false);
          expect(ability.can("apply", draft), `${who} applies to a draft of ${resource}`).toBe(false);
        }
      }
    });

    it("keeps scholarships, which have no scope, to the provider's and the learner's own institution's", () => {
      const student = learners.student;
      expect(student.can("apply", row("scholarship", { institution_id: null, publish_status: true }))).toBe(true);
      expect(student.can("apply", row("scholarship", { institution_id: 5, publish_status: true }))).toBe(true);
      expect(student.can("apply", row("scholarship", { institution_id: 6, publish_status: true }))).toBe(false);
      expect(student.can("read", row("scholarship", { institution_id: 6, publish_status: true }))).toBe(false);
    });

    it("is the rule the public pages use: each site's home reaches what its learners reach", () => {
      expect(postingAudience(5)).toEqual([
        { institution_id: 5 },
        { access_scope: "all" },
        { institution_id: null, access_scope: { $in: ["default", null] } },
      ]);
      expect(postingAudience("platform")).toEqual([{ institution_id: null }, { access_scope: "all" }]);
      // the recruiter site has no learners of its own: only what is meant for everyone
      expect(postingAudience("elsewhere")).toEqual([
        { access_scope: "all" },
        { institution_id: null, access_scope: { $in: ["default", null] } },
      ]);
    });

    it("gives staff nothing new: they read their own and the provider's published postings, and apply to none", () => {
      const editor = defineAbilityFor(user(ROLES.INSTITUTION_EDITOR, { institution: COLLEGE }));
      const otherAll = row("learning-events", { institution_id: 6, access_scope: "all", publish_status: true });
      expect(editor.can("read", otherAll)).toBe(false);
      expect(editor.can("apply", row("learning-events", { institution_id: 5, publish_status: true }))).toBe(false);
    });
  });

  it("gives tenantless institution staff and recruiters no rights at all", () => {
    expect(defineAbilityFor(user(ROLES.INSTITUTION_ADMIN)).can("read", "courses")).toBe(false);
    expect(defineAbilityFor(user(ROLES.RECRUITER_ADMIN)).can("read", "job-opportunities")).toBe(false);
  });

  it("shows the institution admin only its own plan", () => {
    const ability = defineAbilityFor(user(ROLES.COLLEGE_ADMIN, { institution: COLLEGE, planId: 2 }));
    expect(ability.can("read", row("institution-feature-profile", { id: 2 }))).toBe(true);
    expect(ability.can("read", row("institution-feature-profile", { id: 1 }))).toBe(false);
    expect(ability.can("update", row("institution-feature-profile", { id: 2 }))).toBe(false);
  });

  it("gives provider staff every row, unconditioned", () => {
    const ability = defineAbilityFor(user(ROLES.SKILLLAB_ADMIN));
    expect(ability.can("read", row("students", { institution_id: 6 }))).toBe(true);
    expect(ability.can("delete", row("institutions", { id: 6 }))).toBe(true);
    // every allowing rule is unconditioned; the one forbidding rule keeps their own account
    for (const rule of ability.rules) {
      if (rule.subject !== "profile" && !rule.inverted) expect(rule.conditions).toBeUndefined();
      if (rule.inverted) expect(rule.conditions).toEqual({ id: 42 });
    }
  });

  it("lets everyone read the dashboard and read and update only their own profile", () => {
    for (const role of [ROLES.SUPER_ADMIN, ROLES.COLLEGE_VIEWER, ROLES.RECRUITER_VIEWER, ROLES.EMPLOYEE]) {
      const ability = defineAbilityFor(user(role, { institution: role === ROLES.EMPLOYEE ? COMPANY : COLLEGE }));
      expect(ability.can("read", "dashboard"), role).toBe(true);
      expect(ability.can("update", row("profile", { id: 42 })), role).toBe(true);
      expect(ability.can("update", row("profile", { id: 7 })), role).toBe(false);
      expect(ability.can("delete", row("profile", { id: 42 })), role).toBe(false);
    }
  });
});

describe("defineAbilityFor: what each level may do", () => {
  const actionsOn = (abilityUser: AbilityUser, name: MenuName, fields: Record<string, unknown>) =>
    (["read", "create", "update", "delete", "export"] as Action[]).filter((action) =>
      defineAbilityFor(abilityUser).can(action, row(name, fields)),
    );

  it("keeps institution viewers read-only", () => {
    expect(
      actionsOn(user(ROLES.INSTITUTION_VIEWER, { institution: COLLEGE }), "courses", { institution_id: 5 }),
    ).toEqual(["read"]);
    expect(actionsOn(user(ROLES.COLLEGE_VIEWER, { institution: COLLEGE }), "students", { institution_id: 5 })).toEqual([
      "read",
    ]);
  });

  it("lets editors create, update and export but not delete", () => {
    expect(
      actionsOn(user(ROLES.INSTITUTION_EDITOR, { institution: COLLEGE }), "courses", { institution_id: 5 }),
    ).toEqual(["read", "create", "update", "export"]);
    expect(actionsOn(user(ROLES.SKILLLAB_EDITOR), "tags", {})).toEqual(["read", "create", "update", "export"]);
  });

  it("lets admins also delete", () => {
    expect(actionsOn(user(ROLES.COLLEGE_ADMIN, { institution: COLLEGE }), "courses", { institution_id: 5 })).toEqual([
      "read",
      "create",
      "update",
      "delete",
      "export",
    ]);
    expect(actionsOn(user(ROLES.RECRUITER_ADMIN, { recruiterId: 9 }), "users", { recruiter_id: 9 })).toContain(
      "delete",
    );
  });

  it("gives provider and recruiter viewers and learners read only", () => {
    expect(actionsOn(user(ROLES.SKILLLAB_VIEWER), "testimonials", {})).toEqual(["read"]);
    expect(
      actionsOn(user(ROLES.RECRUITER_VIEWER, { recruiterId: 9 }), "job-opportunities", { recruiter_id: 9 }),
    ).toEqual(["read"]);
    expect(actionsOn(user(ROLES.LEARNER), "courses", { institution_id: null, publish_status: true })).toEqual(["read"]);
  });

  it("gives no rights on entries outside the user's menu", () => {
    const ability = defineAbilityFor(user(ROLES.INSTITUTION_ADMIN, { institution: COLLEGE }));
    expect(ability.can("read", row("institutions", { institution_id: 5 }))).toBe(false);
    expect(ability.can("read", row("tags", { institution_id: 5 }))).toBe(false);
    expect(ability.can("read", row("employees", { institution_id: 5 }))).toBe(false);
    const editor = defineAbilityFor(user(ROLES.SKILLLAB_EDITOR));
    expect(editor.can("read", "deleted-users")).toBe(false);
    expect(defineAbilityFor(user(ROLES.SUPER_ADMIN)).can("read", "deleted-users")).toBe(true);
  });

  it("gives no rights on an entry disabled for lack of its feature", () => {
    const ability = defineAbilityFor(
      user(ROLES.INSTITUTION_ADMIN, { institution: COLLEGE, enabledFeatures: ["scholarship"] }),
    );
    expect(ability.can("read", row("courses", { institution_id: 5 }))).toBe(false);
    expect(ability.can("read", row("scholarship", { institution_id: 5 }))).toBe(true);
  });

  it("grants only the listed permission slugs when the list is not empty", () => {
    const ability = defineAbilityFor(
      user(ROLES.INSTITUTION_ADMIN, { institution: COLLEGE, permissions: ["courses.read", "courses.update"] }),
    );
    expect(ability.can("read", row("courses", { institution_id: 5 }))).toBe(true);
    expect(ability.can("update", row("courses", { institution_id: 5 }))).toBe(true);
    expect(ability.can("delete", row("courses", { institution_id: 5 }))).toBe(false);
    expect(ability.can("read", row("users", { institution_id: 5 }))).toBe(false);
  });

  it("ignores permission slugs for provider staff", () => {
    const ability = defineAbilityFor(user(ROLES.SKILLLAB_ADMIN, { permissions: ["tags.read"] }));
    expect(ability.can("delete", "courses")).toBe(true);
    expect(ability.can("update", "users")).toBe(true);
  });
});

describe("rules sent to the admin", () => {
  it("rebuild the same ability after a JSON round trip", () => {
    const abilityUser = user(ROLES.INSTITUTION_EDITOR, { institution: COLLEGE });
    const rebuilt = abilityFromRules(JSON.parse(JSON.stringify(rulesFor(abilityUser))));
    expect(rebuilt.can("update", row("courses", { institution_id: 5 }))).toBe(true);
    expect(rebuilt.can("update", row("courses", { institution_id: 6 }))).toBe(false);
    expect(rebuilt.can("delete", row("courses", { institution_id: 5 }))).toBe(false);
  });
});

describe("enabled features", () => {
  it("gives the full default plan to users without an institution plan", () => {
    expect(enabledFeaturesFor(null)).toEqual([...FEATURE_KEYS]);
  });

  it("keeps only known feature keys of an institution's plan", () => {
    expect(enabledFeaturesFor(["courses", "unknown", "self-assessment"])).toEqual(["self-assessment", "courses"]);
    expect(enabledFeaturesFor([])).toEqual([]);
  });
});
