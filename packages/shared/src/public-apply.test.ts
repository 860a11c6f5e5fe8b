import { describe, expect, it } from "vitest";
import { firstPublicPostingsUrl, PUBLIC_APPLY_PAGES, publicApplyPageOf } from "./public-apply.js";

describe("the public apply pages' paths", () => {
  it("names each page's postings, on a site's own host and under /no-domain/<sub>", () => {
    expect(publicApplyPageOf("/job-opportunities-apply")).toEqual({ resource: "job-opportunities", viaPath: false });
    expect(publicApplyPageOf("/job-role-trainings-apply/")).toEqual({ resource: "learning-events", viaPath: false });
    expect(publicApplyPageOf("/no-domain/kmc/job-opportunities-apply")).toEqual({
      resource: "job-opportunities",
      viaPath: true,
    });
    for (const path of Object.keys(PUBLIC_APPLY_PAGES)) expect(publicApplyPageOf(path)?.viaPath).toBe(false);
  });

  it("names no other path", () => {
    for (const path of [
      "/",
      "/login",
      "/job-opportunities-apply/7",
      "/job-opportunities-apply-now",
      "/x/job-opportunities-apply",
      "/no-domain/job-opportunities-apply",
      "/no-domain/kmc/x/job-opportunities-apply",
    ]) {
      expect(publicApplyPageOf(path), path).toBeNull();
    }
  });

  it("asks for the first page of twelve cards", () => {
    expect(firstPublicPostingsUrl("learning-events")).toBe("/api/public/learning-events?_start=0&_end=12");
  });
});
