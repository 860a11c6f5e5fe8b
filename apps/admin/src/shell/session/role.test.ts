import { describe, expect, it } from "vitest";
import { dashboardTitleKey, roleOf } from "./role";
import type { CurrentUser } from "./types";

const user = (role: string, type: "college" | "company" | null): CurrentUser =>
  ({
    id: 1,
    email: "someone@example.com",
    full_name: "Someone",
    roles: [{ name: role }],
    enabled_features: [],
    permissions: [],
    institution: type ? { id: 1, name: "X", subdomain: "x", logo: null, type, status: "active" } : null,
    recruiter: null,
    rules: [],
  }) as unknown as CurrentUser;

describe("roles and the dashboard title", () => {
  it("takes the role from the first entry of roles, and defaults to learner", () => {
    expect(roleOf(user("COLLEGE_ADMIN", "college"))).toBe("COLLEGE_ADMIN");
    expect(roleOf({ roles: [] })).toBe("LEARNER");
  });

  it("is My College for a college account, My Company for a company account, Your Dashboard otherwise", () => {
    expect(dashboardTitleKey(user("COLLEGE_VIEWER", "college"))).toBe("dashboard.titleCollege");
    expect(dashboardTitleKey(user("INSTITUTION_ADMIN", "company"))).toBe("dashboard.titleCompany");
    expect(dashboardTitleKey(user("SUPER_ADMIN", null))).toBe("dashboard.title");
    expect(dashboardTitleKey(user("STUDENT", "college"))).toBe("dashboard.title");
  });
});
