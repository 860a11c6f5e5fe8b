import { describe, expect, it } from "vitest";
import { FEATURE_KEYS } from "./features.js";
import { flattenMenu, isPathAllowed, menuFor } from "./menu.js";
import { LEARNER_ROLES, ROLES, type Role } from "./roles.js";

const COLLEGE = { id: 5, type: "college" } as const;
const COMPANY = { id: 6, type: "company" } as const;
const menuOf = (role: Role) => {
  const institution = role === ROLES.STUDENT ? COLLEGE : role === ROLES.EMPLOYEE ? COMPANY : null;
  return menuFor({ id: 42, role, institution, enabledFeatures: [...FEATURE_KEYS] });
};
const usersEntry = (role: Role) => flattenMenu(menuOf(role)).find((item) => item.name === "users");

describe("a learner's User Management entry (never an admin table with ids)", () => {
  it("keeps its name and label and opens the learner's own account page", () => {
    for (const role of LEARNER_ROLES) {
      expect(usersEntry(role), role).toMatchObject({ name: "users", label: "User Management", path: "/account" });
      expect(isPathAllowed(menuOf(role), "/account", role), role).toBe(true);
      // the users table is not theirs to open
      expect(isPathAllowed(menuOf(role), "/users", role), role).toBe(false);
    }
  });

  it("still opens the users table for staff who manage users", () => {
    expect(usersEntry(ROLES.SUPER_ADMIN)?.path).toBe("/admin/users");
    expect(usersEntry(ROLES.INSTITUTION_ADMIN)?.path).toBe("/admin/users");
    expect(usersEntry(ROLES.RECRUITER_ADMIN)?.path).toBe("/admin/users");
  });
});
