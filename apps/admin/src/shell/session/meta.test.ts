import type { MenuItem } from "@csc/shared";
import { describe, expect, it } from "vitest";
import { menuEntryFor, pathnameOf, resourcesFromMenu } from "./meta";

const menu: MenuItem[] = [
  { name: "dashboard", label: "Dashboard", labelKey: "dashboard", path: "/admin/dashboard", disabled: false },
  {
    name: "learners",
    label: "Learner",
    labelKey: "learners",
    path: null,
    disabled: false,
    children: [
      { name: "students", label: "Students", labelKey: "students", path: "/admin/learners/students", disabled: false },
    ],
  },
  {
    name: "learning-events",
    label: "Learning Events",
    labelKey: "learning-events",
    path: "/admin/job-trainings?type=ongoing",
    disabled: false,
  },
];

describe("the server's menu in the admin", () => {
  it("finds the entry a path belongs to, sub-pages included", () => {
    expect(menuEntryFor(menu, "/admin/job-trainings")?.name).toBe("learning-events");
    expect(menuEntryFor(menu, "/admin/learners/students/create")?.name).toBe("students");
    expect(menuEntryFor(menu, "/admin/tags")).toBeUndefined();
  });

  it("drops the query from an entry's path", () => {
    expect(pathnameOf("/admin/job-trainings?type=ongoing")).toBe("/admin/job-trainings");
  });

  it("turns the menu into refine resources with groups as parents", () => {
    const resources = resourcesFromMenu(menu);
    expect(resources.map((resource) => resource.name)).toEqual([
      "dashboard",
      "learners",
      "students",
      "learning-events",
    ]);
    expect(resources.find((resource) => resource.name === "students")?.meta?.parent).toBe("learners");
    expect(resources.find((resource) => resource.name === "learning-events")?.list).toBe("/admin/job-trainings");
  });
});
