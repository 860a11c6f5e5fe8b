import { describe, expect, it } from "vitest";
import { pathsFor, viewFor } from "./paths";

const events = { name: "learning-events", path: "/admin/job-trainings?type=ongoing" } as const;
const students = { name: "students", path: "/admin/learners/students" } as const;
const details = { name: "institution-details", path: "/admin/institutions/details/1?type=college" } as const;

describe("the pages of a menu entry", () => {
  it("opens the list at the entry's path and the forms and details below it", () => {
    expect(viewFor(events, "/admin/job-trainings")).toEqual({ kind: "list" });
    expect(viewFor(events, "/admin/job-trainings/create")).toEqual({ kind: "create" });
    expect(viewFor(events, "/admin/job-trainings/edit/12")).toEqual({ kind: "edit", id: "12" });
    expect(viewFor(events, "/admin/job-trainings/show/12")).toEqual({ kind: "show", id: "12" });
    expect(viewFor(events, "/admin/job-trainings/show/abc")).toEqual({ kind: "unknown" });
    expect(viewFor(events, "/admin/job-trainings/details/12")).toEqual({ kind: "unknown" });
  });

  it("opens students and employees at details/{id}", () => {
    expect(viewFor(students, "/admin/learners/students/details/7")).toEqual({ kind: "show", id: "7" });
    expect(pathsFor(students).show(7)).toBe("/admin/learners/students/details/7");
    expect(pathsFor(events).show(7)).toBe("/admin/job-trainings/show/7");
  });

  it("shows the caller's own record on single-record entries, with its edit form below", () => {
    expect(viewFor(details, "/admin/institutions/details/1")).toEqual({ kind: "record" });
    expect(viewFor(details, "/admin/institutions/details/1/edit")).toEqual({ kind: "record-edit" });
    expect(viewFor(details, "/admin/institutions/details/1/show/2")).toEqual({ kind: "unknown" });
  });

  it("keeps the entry's default query for its home address", () => {
    const paths = pathsFor(events);
    expect(paths.home).toBe("/admin/job-trainings?type=ongoing");
    expect(paths.base).toBe("/admin/job-trainings");
    expect(paths.create).toBe("/admin/job-trainings/create");
    expect(paths.edit(3)).toBe("/admin/job-trainings/edit/3");
  });
});
