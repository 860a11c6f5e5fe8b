import type { MenuItem } from "@csc/shared";
import { describe, expect, it } from "vitest";
import { matchMenuRoute, targetBelow } from "./route-match";

const entry = (name: string, path: string): MenuItem =>
  ({ name, label: name, labelKey: name, path, disabled: false }) as MenuItem;

describe("reading a signed-in path once", () => {
  it("tells the action and the id below a menu entry's path", () => {
    const events = "/admin/job-trainings?type=ongoing";
    expect(targetBelow(events, "/admin/job-trainings")).toEqual({ action: "list" });
    expect(targetBelow(events, "/admin/job-trainings/create")).toEqual({ action: "create" });
    expect(targetBelow(events, "/admin/job-trainings/edit/12")).toEqual({ action: "edit", id: "12" });
    expect(targetBelow(events, "/admin/job-trainings/show/12")).toEqual({ action: "show", id: "12", segment: "show" });
    expect(targetBelow(events, "/admin/job-trainings/details/12")).toEqual({
      action: "show",
      id: "12",
      segment: "details",
    });
    expect(targetBelow(events, "/admin/job-trainings/edit")).toEqual({ action: "edit-own" });
    expect(targetBelow(events, "/admin/job-trainings/show/abc")).toEqual({ action: "unknown" });
  });

  it("gives the entry, and the learner detail pages their resource and id", () => {
    const menu = [entry("dashboard", "/dashboard"), entry("students", "/admin/learners/students")];
    const list = matchMenuRoute(menu, "SUPER_ADMIN", "/admin/learners/students");
    expect(list.entry?.name).toBe("students");
    expect(list.page).toMatchObject({ kind: "entry", resource: "students", target: { action: "list" } });
    const details = matchMenuRoute(menu, "SUPER_ADMIN", "/admin/learners/students/details/7");
    expect(details.page).toEqual({ kind: "learner-details", resource: "students", id: "7" });
  });

  it("opens the notification centre's pages for every role, outside the menus", () => {
    const menu = [entry("dashboard", "/dashboard")];
    for (const role of ["SUPER_ADMIN", "STUDENT", "RECRUITER_VIEWER"] as const) {
      expect(matchMenuRoute(menu, role, "/notifications")).toEqual({
        entry: undefined,
        page: { kind: "notifications" },
      });
      expect(matchMenuRoute(menu, role, "/notifications/settings/").page).toEqual({ kind: "notification-settings" });
    }
    expect(matchMenuRoute(menu, "STUDENT", "/notifications/other").page).toEqual({ kind: "not-allowed" });
  });
});
