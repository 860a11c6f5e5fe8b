import { describe, expect, it } from "vitest";
import { type AbilityUser, defineAbilityFor, enabledFeaturesFor } from "./ability.js";
import { FEATURE_KEYS } from "./features.js";
import { flattenMenu, MENU, type MenuDefinition, menuFor } from "./menu.js";
import type { ResourceName } from "./registry/types.js";
import { isResourceName, RESOURCES } from "./resources/index.js";
import {
  ALL_ROLES,
  INSTITUTION_TYPES,
  type InstitutionType,
  type Role,
  roleFitsInstitution,
  roleKind,
} from "./roles.js";

/*
 * The menu decides which pages a role opens; the role policies of the registry decide what it may
 * do. Two declarations of who sees what, kept in step here: every page a user's menu
 * opens is readable, nothing outside it is reachable (but resources with no page of their own),
 * and a feature the institution lacks gives no right at all.
 */

const FEATURE_SETS: readonly (readonly string[])[] = [
  [...FEATURE_KEYS],
  [],
  ["courses", "scholarship", "job-opportunities"],
  ...FEATURE_KEYS.map((key) => FEATURE_KEYS.filter((other) => other !== key)),
];

/** Users shaped like the API's (apps/api accounts.ts): the tenant their role needs, a plan, no slug list. */
function demoLikeUsers(): AbilityUser[] {
  const users: AbilityUser[] = [];
  for (const role of ALL_ROLES) {
    const types: (InstitutionType | null)[] = [null, ...INSTITUTION_TYPES].filter((type) =>
      roleFitsInstitution(role, type),
    );
    for (const type of types) {
      for (const features of FEATURE_SETS) {
        users.push({
          id: 42,
          role,
          institution: type === null ? null : { id: type === "college" ? 5 : 6, type },
          // provider staff, recruiters and independent learners have the full default plan
          enabledFeatures: type === null ? enabledFeaturesFor(null) : features,
          recruiterId: roleKind(role) === "recruiter" ? 9 : null,
          planId: type === null ? null : 2,
          permissions: [],
        });
      }
    }
  }
  return users;
}

/** Every user shape, sensible or not: each role with and without each institution type and tenant. */
function everyUserShape(): AbilityUser[] {
  const users: AbilityUser[] = [];
  for (const role of ALL_ROLES) {
    for (const type of [null, ...INSTITUTION_TYPES]) {
      for (const features of FEATURE_SETS) {
        for (const recruiterId of [null, 9]) {
          users.push({
            id: 42,
            role,
            institution: type === null ? null : { id: 5, type },
            enabledFeatures: features,
            recruiterId,
            planId: 2,
            permissions: [],
          });
        }
      }
    }
  }
  return users;
}

const label = (user: AbilityUser) =>
  `${user.role} at ${user.institution?.type ?? "no institution"} with [${user.enabledFeatures.join(", ")}]`;

/** Resources some menu entry opens. */
const MENU_RESOURCES = new Set<ResourceName>(
  (function leaves(defs: readonly MenuDefinition[]): string[] {
    return defs.flatMap((def) => [def.name, ...leaves(def.children ?? [])]);
  })(MENU).filter(isResourceName),
);

/** The resources a user's menu opens: its enabled entries. */
const opened = (user: AbilityUser): ResourceName[] =>
  flattenMenu(menuFor(user))
    .filter((item) => item.path !== null && !item.disabled)
    .flatMap((item) => (isResourceName(item.name) ? [item.name] : []));

const withRules = (user: AbilityUser): Set<string> =>
  new Set(defineAbilityFor(user).rules.flatMap((rule) => (rule.inverted ? [] : [String(rule.subject)])));

/**
 * Rights a role kind holds on a resource its menu has no entry for: learners read the published
 * enrichment programs and enrol in them (the learner's cards), though docs/access.md's
 * learner menu lists none.
 */
const BEYOND_THE_MENU: readonly (readonly [string, ResourceName])[] = [["learner", "enrichment-programs"]];

describe("the menu and the role policies agree", () => {
  it("lets every demo-like user read every page their menu opens", () => {
    const unreadable = demoLikeUsers().flatMap((user) => {
      const ability = defineAbilityFor(user);
      return opened(user)
        .filter((name) => !ability.can("read", name))
        .map((name) => `${label(user)}: ${name}`);
    });
    expect(unreadable).toEqual([]);
  });

  it("gives every user shape rights on a page's resource only when their menu opens it", () => {
    const beyond = [...demoLikeUsers(), ...everyUserShape()].flatMap((user) => {
      const open = new Set(opened(user));
      return [...withRules(user)]
        .filter((name) => isResourceName(name) && MENU_RESOURCES.has(name) && !open.has(name))
        .filter(
          (name) => !BEYOND_THE_MENU.some(([kind, resource]) => kind === roleKind(user.role) && resource === name),
        )
        .map((name) => `${label(user)}: ${name}`);
    });
    expect(beyond).toEqual([]);
  });

  it("gives no right on a resource whose feature the institution lacks", () => {
    const gated = [...demoLikeUsers(), ...everyUserShape()].flatMap((user) => {
      const reached = withRules(user);
      return Object.values(RESOURCES)
        .filter((resource) => resource.featureKey && !user.enabledFeatures.includes(resource.featureKey))
        .filter((resource) => reached.has(resource.name))
        .map((resource) => `${label(user)}: ${resource.name}`);
    });
    expect(gated).toEqual([]);
  });

  it("gates a menu entry by its resource's feature, and only feature-keyed resources", () => {
    const user = demoLikeUsers().find((u) => u.role === "INSTITUTION_ADMIN" && u.enabledFeatures.length === 0);
    if (!user) throw new Error("no institution admin without features");
    const disabled = flattenMenu(menuFor(user))
      .filter((item) => item.disabled)
      .map((item) => item.name);
    const gated = Object.values(RESOURCES)
      .filter((resource) => resource.featureKey && MENU_RESOURCES.has(resource.name))
      .map((resource) => resource.name);
    expect(disabled.sort()).toEqual(gated.sort());
  });

  it("declares every feature key on some resource", () => {
    const keys = new Set(Object.values(RESOURCES).map((resource) => resource.featureKey));
    for (const key of FEATURE_KEYS) expect(keys.has(key), key).toBe(true);
  });

  it("checks users of every role", () => {
    const roles = new Set<Role>(demoLikeUsers().map((user) => user.role));
    expect([...roles].sort()).toEqual([...ALL_ROLES].sort());
  });
});
